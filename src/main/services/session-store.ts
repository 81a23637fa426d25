import { TOKEN_VALIDITY_MS } from '../../shared/constants';
import type { AdministeredOrganization, IpcEventPayload } from '../../shared/ipc';
import type { EventBus } from './event-bus';
import { decodeExpiry } from './jwt';
import type { Clock, Settings, TokenVault, Tokens } from './ports';

export type EndReason = IpcEventPayload<'session:ended'>['reason'];

/**
 * The signed-in session: the tokens (persisted in the vault, mirrored in memory so the single-flight
 * refresh can compare tokens synchronously), the sign-in time and the validity rule of SPEC §4.
 */
export interface SessionStore {
  /** Reads the persisted tokens once at start-up. */
  load(): Promise<void>;
  current(): Tokens | null;
  /** A new sign-in: stores the tokens and the sign-in time. */
  start(tokens: Tokens): Promise<void>;
  /** Rotated tokens after a refresh; the sign-in time stays. */
  replace(tokens: Tokens): Promise<void>;
  /** Clears tokens and sign-in time and tells the renderer why. */
  end(reason: EndReason): Promise<void>;
  /** When the refresh token expires (epoch ms); without an exp claim, the 24 h window's end. */
  refreshExpiresAt(): number | null;
  /** False (and the session ended as 'expired') once 24 h have passed since sign-in or the refresh token expired. */
  checkValidity(): Promise<boolean>;
  /**
   * The organisation a Superadministrador administers ('Administrar entidad', SPEC §2), or null. In
   * memory only: a new sign-in, a sign-out and a restart start from the user's own organisation.
   */
  administering(): AdministeredOrganization | null;
  /** Sets or clears it; the caller checks the role (session.service). Ignored without a session. */
  setAdministering(organization: AdministeredOrganization | null): void;
  /**
   * Whether a human-agent supervisor attends chats ('Atender chats', SPEC §2's special action that sets
   * the chat-only tree): the chat link serves him as an agent meanwhile. In memory only, like
   * administering: a new sign-in, a sign-out and a restart start from the supervisor's own tree.
   */
  attendingChats(): boolean;
  /** Sets or clears it (the caller checks the role) and tells the listeners ('attend'). Ignored without a session. */
  setAttendingChats(on: boolean): void;
  /** Called after every sign-in ('start'), refresh ('replace'), change of 'attendingChats' ('attend') and sign-out ('end', tokens null); returns the unsubscribe. */
  onChange(listener: (change: SessionChange) => void): () => void;
}

export type SessionChange = { kind: 'start' | 'replace' | 'attend'; tokens: Tokens } | { kind: 'end'; tokens: null; reason: EndReason };

export interface SessionStoreDeps {
  vault: TokenVault;
  settings: Settings;
  clock: Clock;
  bus: EventBus;
}

export function createSessionStore({ vault, settings, clock, bus }: SessionStoreDeps): SessionStore {
  let tokens: Tokens | null = null;
  let administered: AdministeredOrganization | null = null;
  let attending = false;
  const listeners = new Set<(change: SessionChange) => void>();
  const changed = (change: SessionChange) => {
    for (const listener of [...listeners]) listener(change);
  };

  const windowEnd = (): number | null => {
    const last = settings.get('lastLoginTime');
    return last === null ? null : last + TOKEN_VALIDITY_MS;
  };

  const store: SessionStore = {
    async load() {
      tokens = await vault.get();
    },
    current: () => tokens,
    async start(next) {
      tokens = next;
      administered = null;
      attending = false;
      settings.set('lastLoginTime', clock.now());
      await vault.set(next);
      changed({ kind: 'start', tokens: next });
    },
    async replace(next) {
      tokens = next;
      await vault.set(next);
      changed({ kind: 'replace', tokens: next });
    },
    async end(reason) {
      tokens = null;
      administered = null;
      attending = false;
      settings.set('lastLoginTime', null);
      await vault.clear();
      bus.emit('session:ended', { reason });
      changed({ kind: 'end', tokens: null, reason });
    },
    administering: () => administered,
    setAdministering(organization) {
      administered = tokens && organization ? { ...organization } : null;
    },
    attendingChats: () => attending,
    setAttendingChats(on) {
      const next = tokens !== null && on;
      if (next === attending || !tokens) return;
      attending = next;
      changed({ kind: 'attend', tokens });
    },
    refreshExpiresAt() {
      if (!tokens) return null;
      return decodeExpiry(tokens.refresh) ?? windowEnd();
    },
    async checkValidity() {
      if (!tokens) return false;
      const now = clock.now();
      const end = windowEnd();
      const refreshEnd = decodeExpiry(tokens.refresh);
      const expired = end === null || now >= end || (refreshEnd !== null && now >= refreshEnd);
      if (!expired) return true;
      await store.end('expired');
      return false;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    }
  };
  return store;
}
