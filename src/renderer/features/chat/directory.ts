import type { AgentDirectoryContact } from '../../../shared/domain/directory';

/** Lower case without accents, so 'Bogotá' matches 'bogota'. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

/** The directory search: by name, city, department or identification; every word must match one of them. */
export function filterContacts(contacts: readonly AgentDirectoryContact[], query: string): AgentDirectoryContact[] {
  const words = fold(query).split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return [...contacts];
  return contacts.filter((c) => {
    const haystack = fold([c.nombre, c.ciudad, c.departamento, c.identificacion].join(' '));
    return words.every((w) => haystack.includes(w));
  });
}
