/**
 * What customers type before NLP.js reads it: the chat shorthand of Spanish written in a hurry
 * ('q', 'xq', 'dnd', 'x favor') spelled out, and letters held down ('holaaa', 'graciasss') cut back.
 * NLP.js's Spanish plugin then lowercases, drops accents, tokenises and stems; its spell check
 * takes care of one-letter typos against the workspace's own vocabulary. The same preparation runs
 * on the examples the model is trained on, so both sides read alike.
 */

/** Whole-word chat abbreviations (already lowercased, accents stripped) and what they stand for. */
const SHORTHAND: Readonly<Record<string, string>> = {
  q: 'que',
  k: 'que',
  ke: 'que',
  qe: 'que',
  xq: 'porque',
  pq: 'porque',
  pk: 'porque',
  xk: 'porque',
  porq: 'porque',
  x: 'por',
  d: 'de',
  dl: 'del',
  pa: 'para',
  tb: 'tambien',
  tmb: 'tambien',
  tbn: 'tambien',
  dnd: 'donde',
  dnde: 'donde',
  xfa: 'por favor',
  xfavor: 'por favor',
  porfa: 'por favor',
  porfis: 'por favor',
  pls: 'por favor',
  plis: 'por favor',
  ud: 'usted',
  uds: 'ustedes',
  info: 'informacion',
  cel: 'celular',
  msj: 'mensaje',
  hr: 'hora',
  hrs: 'horas',
  tnk: 'gracias',
  grax: 'gracias',
  xao: 'chao',
  bn: 'bien',
  mxo: 'mucho',
  ntp: 'no te preocupes',
  aki: 'aqui',
  ola: 'hola'
};

/** Lower case, accents stripped (as NLP.js's Spanish normaliser does), anything but letters and digits as a space. */
function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A customer's text (or an example) as the model reads it: shorthand spelled out, a letter
 * repeated three or more times kept once, lower case, no punctuation. Empty when nothing is left.
 */
export function prepareText(text: string): string {
  const words = plain(text)
    .replace(/(\p{L})\1{2,}/gu, '$1')
    // No Spanish word ends in a doubled vowel but 'ee' (lee, cree), nor in 'ss': 'holaa', 'graciass'.
    .replace(/([aiosu])\1(?=\s|$)/g, '$1')
    .split(' ')
    .filter((w) => w !== '');
  return words.map((w) => SHORTHAND[w] ?? w).join(' ');
}

/** The words of a prepared text. */
export function wordsOf(prepared: string): string[] {
  return prepared === '' ? [] : prepared.split(' ');
}

/**
 * The proper names a workspace's examples write ('tienen oficinas en Cali', 'sedes en Bogotá'), as
 * prepareText spells them: a capitalised word that does not start its phrase or sentence (an
 * all-capitals acronym such as 'PSE' is a topic, not a name).
 */
export function properNames(phrases: Iterable<string>): Set<string> {
  const names = new Set<string>();
  for (const phrase of phrases) {
    for (const sentence of phrase.split(/[.!?¿¡\n]+/u)) {
      const words = sentence.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
      for (const word of words.slice(1)) if (/^\p{Lu}\p{Ll}+$/u.test(word)) names.add(prepareText(word));
    }
  }
  return names;
}
