import { vi } from 'vitest';
import { WIDGET_NAMESPACE, type LiveMessage, type WidgetConfig, type WidgetState } from '../../../src/shared/realtime';
import type { WidgetBoot } from '../../../src/widget/boot';
import { ALL_FEATURES_ON } from '../../../src/shared/domain/feature';
import type { ChatSocket, ConnectAuth, SocketFactory } from '../../../src/widget/protocol';

interface Sent {
  event: string;
  payload: Record<string, unknown>;
  ack: (err: Error | null, response?: unknown) => void;
}

/** A stand-in for the socket.io client: records emissions, lets the test ack them or time them out. */
export class FakeSocket implements ChatSocket {
  connected = false;
  active = true;
  handlers: Record<string, ((...args: unknown[]) => void)[]> = {};
  sent: Sent[] = [];
  disconnected = false;
  auth: Record<string, unknown> | ((cb: (data: object) => void) => void);
  constructor(
    readonly namespace: string,
    auth: ConnectAuth
  ) {
    this.auth = { ...auth };
  }
  on(event: string, fn: (...args: unknown[]) => void) {
    (this.handlers[event] ??= []).push(fn);
    return this;
  }
  timeout(): ReturnType<ChatSocket['timeout']> {
    return {
      emit: (event: string, payload: unknown, ack: (err: Error | null, response?: unknown) => void) => {
        this.sent.push({ event, payload: Object.fromEntries(Object.entries(Object(payload))), ack });
      }
    };
  }
  disconnect() {
    this.disconnected = true;
    this.connected = false;
  }
  fire(event: string, ...args: unknown[]) {
    for (const fn of this.handlers[event] ?? []) fn(...args);
  }
  connect() {
    this.connected = true;
    this.fire('connect');
  }
  drop() {
    this.connected = false;
    this.fire('disconnect');
  }
  /** Waits for an emission of `event` (the widget may get there through promises and file reads). */
  next(event: string) {
    return vi.waitFor(() => this.take(event), { timeout: 5000, interval: 2 });
  }
  /** The oldest emission of `event` not yet taken. */
  take(event: string) {
    const i = this.sent.findIndex((s) => s.event === event);
    if (i < 0) throw new Error(`No ${event} emitted (have ${this.sent.map((s) => s.event).join(', ')})`);
    return this.sent.splice(i, 1)[0]!;
  }
  count(event: string) {
    return this.sent.filter((s) => s.event === event).length;
  }
}

export function fakeIo(): { sockets: FakeSocket[]; io: SocketFactory } {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    io: (namespace, options) => {
      const socket = new FakeSocket(namespace, options.auth);
      sockets.push(socket);
      return socket;
    }
  };
}

export const CONFIG: WidgetConfig = {
  org: 100,
  va: 1,
  organizationName: 'Demo Contact Center',
  assistantName: 'Asistente Demo',
  entryForm: [
    { idField: 11, label: 'Nombre', fieldType: 'text', required: true, options: [], pattern: null, consentText: null, consentVersion: null },
    { idField: 12, label: 'Correo', fieldType: 'email', required: true, options: [], pattern: null, consentText: null, consentVersion: null },
    { idField: 13, label: 'Tipo de documento', fieldType: 'select', required: false, options: ['CC', 'CE'], pattern: null, consentText: null, consentVersion: null }
  ],
  regions: [],
  design: null,
  avatarUrl: null,
  features: ALL_FEATURES_ON
};

export const BOOT: WidgetBoot = {
  config: CONFIG,
  namespace: WIDGET_NAMESPACE,
  socketPath: '/socket.io',
  maxUploadBytes: 10 * 1024 * 1024,
  ackTimeoutMs: 1000,
  retryDelayMs: 0,
  startTimeoutMs: 1000,
  embed: false,
  preview: false
};

export const CONV = 'conv_1';
export const STORAGE_KEY = 'atiende.widget.100.1';

export const msg = (seq: number, over: Partial<LiveMessage> = {}): LiveMessage => ({
  conversationId: CONV,
  seq,
  clientId: null,
  tipoMensaje: 'TEXTO',
  tipoUsuario: 'BOT',
  mensaje: `m${seq}`,
  adjunto: null,
  items: null,
  fechaMensaje: '2026-03-02T15:00:00.000Z',
  ...over
});

export const st = (state: WidgetState['state'], over: Partial<WidgetState> = {}): WidgetState => ({
  conversationId: CONV,
  state,
  agentName: null,
  endMessage: null,
  surveyPending: false,
  queuePosition: null,
  ...over
});
