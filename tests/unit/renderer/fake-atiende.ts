import { vi } from 'vitest';
import type { AtiendeApi, IpcError, IpcResult, SessionView } from '../../../src/shared/ipc';

export function ok<T>(data: T): Promise<IpcResult<T>> {
  return Promise.resolve({ ok: true, data });
}

export function fail(error: IpcError): Promise<IpcResult<never>> {
  return Promise.resolve({ ok: false, error });
}

export function sessionView(role: 1 | 2 | 3 | 4 | 5 | 6 = 3): SessionView {
  return {
    authenticated: true,
    user: { company: 100, email: 'admin@demo.co', nameCompany: 'Demo Contact Center', role, sub: '7' },
    refreshExpiresAt: 2_000_000_000_000,
    lastLoginTime: 1_700_000_000_000
  };
}

/** A `window.atiende` whose every method is a spy answering a plausible success. */
export function installFakeAtiende() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const api = {
    session: {
      get: vi.fn(() => ok<SessionView | null>(null)),
      login: vi.fn((_arg: unknown) => ok(sessionView())),
      logout: vi.fn(() => ok(null)),
      activity: vi.fn(() => ok(null)),
      checkPasswordExpiry: vi.fn(() => ok({ changePassword: false })),
      changePassword: vi.fn((_arg: unknown) => ok({ message: 'La contraseña se actualizó correctamente.' }))
    },
    platform: {
      channels: vi.fn(() => ok({ channel1: 'Facebook', channel2: 'Whatsapp', channel3: 'Web' })),
      organizations: vi.fn(() => ok([])),
      virtualAgents: vi.fn((_arg: unknown) => ok([{ idVa: 1, name: 'Asistente' }])),
      endMessages: vi.fn(() => ok([{ acronym: 'FCFHL', clientMessage: 'Gracias por escribirnos', idEndTypeConversation: 6, fin: true }]))
    },
    errors: { report: vi.fn((_arg: unknown) => ok(null)) },
    on: vi.fn((event: string, listener: (payload: unknown) => void) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    })
  };
  Object.defineProperty(window, 'atiende', { value: api as unknown as AtiendeApi, configurable: true, writable: true });
  return {
    api,
    emit(event: string, payload: unknown) {
      for (const l of listeners.get(event) ?? []) l(payload);
    }
  };
}
