import type { LauncherAnswer } from '../../shared/widget-embed-messages';
import { readLauncher } from './guards';

/**
 * What the loader keeps in the host page's own storage, under one key per organisation and
 * assistant (`atiende.embed.{org}.{va}`): in localStorage whether a conversation is going on (then
 * every page of the site loads the chat at once, so it continues and counts unread messages) and
 * the launcher's last colours (painted before the platform answers); in sessionStorage whether
 * the panel was open in this tab (a page of the site opened next shows it open again). The
 * conversation itself — its resume token — never leaves the widget's iframe.
 */
interface Lasting {
  active: boolean;
  launcher: LauncherAnswer | null;
}

const readLasting = (value: unknown): Lasting | null =>
  typeof value === 'object' && value !== null ? { active: (value as Lasting).active === true, launcher: readLauncher((value as Lasting).launcher) } : null;
const readTab = (value: unknown): { open: boolean } | null =>
  typeof value === 'object' && value !== null && typeof (value as { open?: unknown }).open === 'boolean' ? { open: (value as { open: boolean }).open } : null;

export interface HostStore {
  active(): boolean;
  launcher(): LauncherAnswer | null;
  /** null: the customer has not opened or closed the panel in this tab yet. */
  open(): boolean | null;
  save(change: Partial<Lasting>): void;
  saveOpen(open: boolean): void;
  /** The widget's session, kept here only when its frame may not store it itself. */
  session(): string | null;
  saveSession(value: string | null): void;
  /** The localStorage key of that session (another tab's change arrives as a 'storage' event on it). */
  readonly sessionKey: string;
}

function read<T>(storage: () => Storage, key: string, check: (value: unknown) => T | null): T | null {
  try {
    const raw = storage().getItem(key);
    return raw === null ? null : check(JSON.parse(raw));
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: unknown): void {
  try {
    storage().setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused (privacy settings): the chat works, a next page starts closed.
  }
}

export function hostStore(win: Window, org: string, va: string): HostStore {
  const key = `atiende.embed.${org}.${va}`;
  const local = () => win.localStorage;
  const session = () => win.sessionStorage;
  const lasting = (): Lasting => read(local, key, readLasting) ?? { active: false, launcher: null };
  return {
    active: () => lasting().active,
    launcher: () => lasting().launcher,
    open: () => read(session, key, readTab)?.open ?? null,
    save: (change) => write(local, key, { ...lasting(), ...change }),
    saveOpen: (open) => write(session, key, { open }),
    sessionKey: `${key}.session`,
    session: () => {
      try {
        return local().getItem(`${key}.session`);
      } catch {
        return null;
      }
    },
    saveSession: (value) => {
      try {
        if (value === null) local().removeItem(`${key}.session`);
        else local().setItem(`${key}.session`, value);
      } catch {
        // Refused here too: the conversation cannot outlive the page.
      }
    }
  };
}
