import { vi } from 'vitest';
import type { AtiendeApi, IpcError, IpcResult, SessionView } from '../../../src/shared/ipc';
import type { ConsoleMessage, ConsoleState } from '../../../src/shared/chat-console';
import type { AgentStatusView, LiveMessage } from '../../../src/shared/realtime';
import type { AgentDirectoryContact } from '../../../src/shared/domain/directory';
import type { Organization } from '../../../src/shared/domain/organization';
import type { BusinessReason, FinalReason } from '../../../src/shared/domain/reason';
import type { PauseEvent } from '../../../src/shared/domain/parameters';
import type { ResponseTemplate } from '../../../src/shared/domain/response-template';
import type { TransferSplit } from '../../../src/shared/domain/split';
import type { ConversationNote, PreviousConversations } from '../../../src/shared/domain/console-extras';
import { DEFAULT_DESIGN_VIEW } from '../../../src/renderer/features/design/atoms';
import type { UpdateView } from '../../../src/shared/updates';

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
      loginLdap: vi.fn((_arg: unknown) => ok(sessionView())),
      // No organisation offers LDAP sign-in unless a test says so.
      ldapSignInOffer: vi.fn(() => ok<{ offered: boolean; organisationRequired: boolean }>({ offered: false, organisationRequired: false })),
      logout: vi.fn(() => ok(null)),
      activity: vi.fn(() => ok(null)),
      checkPasswordExpiry: vi.fn(() => ok({ changePassword: false })),
      changePassword: vi.fn((_arg: unknown) => ok({ message: 'La contraseña se actualizó correctamente.' }))
    },
    platform: {
      channels: vi.fn(() => ok({ channel1: 'Facebook', channel2: 'Whatsapp', channel3: 'Web' })),
      organizations: vi.fn(() => ok<Organization[]>([])),
      virtualAgents: vi.fn((_arg: unknown) => ok([{ idVa: 1, name: 'Asistente' }])),
      endMessages: vi.fn(() => ok([{ acronym: 'FCFHL', clientMessage: 'Gracias por escribirnos', idEndTypeConversation: 6, fin: true }]))
    },
    errors: { report: vi.fn((_arg: unknown) => ok(null)) },
    design: { current: vi.fn(() => ok(DEFAULT_DESIGN_VIEW)), font: vi.fn((_arg: unknown) => ok(`data:font/woff2;base64,${btoa('wOF2')}`)) },
    widget: { platformOrigin: vi.fn(() => ok({ origin: 'http://127.0.0.1:4100' })) },
    clipboard: { writeText: vi.fn((_arg: unknown) => ok(null)) },
    chat: {
      state: vi.fn(() => ok<ConsoleState>({ connection: 'online', agentStatus: null, chats: [], waiting: 0 })),
      messages: vi.fn((_arg: unknown) => ok<ConsoleMessage[]>([])),
      view: vi.fn((_arg: unknown) => ok(null)),
      setStatus: vi.fn((arg: { status: AgentStatusView['status']; pauseEventId?: number | null }) =>
        ok<AgentStatusView>({ status: arg.status, pauseEventId: arg.pauseEventId ?? null, since: '2026-03-02T10:00:00' })
      ),
      accept: vi.fn((_arg: unknown) => ok<null>(null)),
      send: vi.fn((_arg: unknown) => ok<{ clientId: string }>({ clientId: 'cliente-000001' })),
      upload: vi.fn((_arg: unknown) => ok<{ contentType: string; name: string; url: string }>({ contentType: 'application/pdf', name: 'archivo.pdf', url: '/api/multimedia/descargar/abc123' })),
      saveFile: vi.fn((_arg: unknown) => ok<{ path: string } | null>({ path: '/tmp/archivo.pdf' })),
      transferSplits: vi.fn((_arg: unknown) => ok<TransferSplit[]>([])),
      transfer: vi.fn((_arg: unknown) => ok<null>(null)),
      reasons: vi.fn(() => ok<{ business: BusinessReason[]; final: FinalReason[] }>({ business: [], final: [] })),
      finish: vi.fn((_arg: unknown) => ok<null>(null)),
      templates: vi.fn(() => ok<ResponseTemplate[]>([])),
      contacts: vi.fn(() => ok<AgentDirectoryContact[]>([])),
      pauseEvents: vi.fn(() => ok<PauseEvent[]>([])),
      typing: vi.fn((_arg: unknown) => ok<null>(null)),
      notes: vi.fn((_arg: unknown) => ok<ConversationNote[]>([])),
      addNote: vi.fn((arg: { conversationId: string; text: string }) =>
        ok<ConversationNote>({ id: 1, conversationId: arg.conversationId, authorId: 7, authorName: 'Valentina López', text: arg.text, createdAt: '2026-03-02T15:10:00' })
      ),
      previous: vi.fn((_arg: unknown) => ok<PreviousConversations>({ identified: true, conversations: [] })),
      previousMessages: vi.fn((_arg: unknown) => ok<LiveMessage[]>([]))
    },
    reports: {
      // Nothing is downloaded unless a test says so; the remembered separator is the default.
      download: vi.fn((_arg: unknown) => ok(null)),
      cancel: vi.fn((_arg: unknown) => ok(null)),
      showInFolder: vi.fn((_arg: unknown) => ok(null)),
      preferences: vi.fn(() => ok<{ delimiter: ';' | ',' }>({ delimiter: ';' })),
      schedules: vi.fn(() => ok([])),
      saveSchedule: vi.fn((_arg: unknown) => fail({ status: 500, message: 'No disponible en la prueba' })),
      deleteSchedule: vi.fn((_arg: unknown) => ok(null)),
      runSchedule: vi.fn((_arg: unknown) => fail({ status: 500, message: 'No disponible en la prueba' })),
      chooseFolder: vi.fn(() => ok(null))
    },
    analytics: {
      // A statistics answer is the test's to give (mockImplementation); unanswered, the call stays pending.
      query: vi.fn((_arg: unknown): Promise<IpcResult<unknown>> => new Promise(() => {})),
      savePng: vi.fn((_arg: unknown) => ok<{ path: string } | null>({ path: '/tmp/grafico.png' })),
      follow: vi.fn((_arg: { idOrg: number | null }) => ok(null))
    },
    update: {
      // No update is waiting unless a test says so.
      current: vi.fn(() => ok<UpdateView>({ phase: 'idle', version: null, canInstallNow: false })),
      install: vi.fn(() => ok<null>(null))
    },
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
