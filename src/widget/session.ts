import { z } from 'zod';

/**
 * What lets a reloaded page resume its conversation, per organisation and assistant: in
 * sessionStorage for the widget's own page; in localStorage for the widget embedded in a host
 * page, with the host's origin in the key (every tab of that site shares the conversation, and a
 * browser that does not partition storage by site still never shows it to another site).
 */
export const StoredSession = z.object({
  conversationId: z.string().min(1),
  token: z.string().min(1),
  lastSeq: z.number().int().nonnegative().catch(0)
});
export type StoredSession = z.infer<typeof StoredSession>;

export function sessionKey(org: number, va: number, hostOrigin: string | null = null): string {
  return hostOrigin === null ? `atiende.widget.${org}.${va}` : `atiende.widget.${org}.${va}@${hostOrigin}`;
}

export function loadSession(storage: Storage | null, key: string): StoredSession | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed = StoredSession.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    // Storage unavailable or corrupt: start over.
    return null;
  }
}

export function saveSession(storage: Storage | null, key: string, session: StoredSession | null): void {
  try {
    if (session) storage?.setItem(key, JSON.stringify(session));
    else storage?.removeItem(key);
  } catch {
    // The chat still works; it just cannot resume after a reload.
  }
}
