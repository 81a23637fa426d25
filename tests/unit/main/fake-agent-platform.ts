import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { AGENT_NAMESPACE, agentClientEvents, type AgentChatSnapshot, type AgentStatusView, type LiveMessage } from '../../../src/shared/realtime';
import { T0 } from './fakes';

/**
 * A small in-process platform speaking the '/agent' contract of src/shared/realtime.ts over a real
 * socket.io server: enough of the engine for the chat link's tests (sync, send with clientId
 * dedup, accept, transfer, finish, status), with switches to lose acks and messages.
 */
export interface FakeChat {
  conversationId: string;
  status: AgentChatSnapshot['status'];
  transfer: boolean;
  customer: string;
  messages: LiveMessage[];
}

export interface FakeAgentPlatform {
  url: string;
  /** Access tokens the handshake accepts; the rest are refused with 401. */
  validTokens: Set<string>;
  /** Tokens that are valid but not an agent's: refused with 403. */
  forbiddenTokens: Set<string>;
  chats: Map<string, FakeChat>;
  status: AgentStatusView;
  /** Every client→server event received, in order. */
  received: { event: string; payload: unknown }[];
  /** Handshakes seen (accepted or not), with the token presented. */
  handshakes: string[];
  /** The next N chat:send are stored but not acked (the ack is lost). */
  swallowAcks: number;
  /** The next N chat:send are dropped entirely (neither stored nor acked). */
  loseSends: number;
  /** The next N chat:send are refused 429 (over the socket's message rate): not stored. */
  throttleSends: number;
  connected(): number;
  /** A chat assigned to the agent: stored and pushed as chat:incoming. */
  assign(conversationId: string, options?: { customer?: string; transfer?: boolean; history?: string[] }): void;
  /** A customer message: stored and pushed as chat:message. */
  customerSays(conversationId: string, text: string): LiveMessage;
  /** Ends a chat on the platform (optionally without telling the agent). */
  end(conversationId: string, options?: { silently?: boolean }): void;
  /** Closes every agent transport, as a network drop would. */
  drop(): void;
  /** Ends the agent's access as the platform's endUserSessions does: its tokens refused from now on, its sockets disconnected by the server. */
  endSessions(): void;
  emit(event: string, payload: unknown): void;
  close(): Promise<void>;
}

function at(n: number): string {
  return new Date(T0 + n * 1000).toISOString();
}

export async function startFakeAgentPlatform(path: string): Promise<FakeAgentPlatform> {
  const http = createServer();
  const io = new Server(http, { path, transports: ['websocket'] });
  const nsp = io.of(AGENT_NAMESPACE);
  let clock = 0;

  const store = (chat: FakeChat, message: Omit<LiveMessage, 'seq' | 'conversationId' | 'fechaMensaje' | 'items'>): LiveMessage => {
    const stored: LiveMessage = { ...message, conversationId: chat.conversationId, seq: chat.messages.length + 1, items: null, fechaMensaje: at(++clock) };
    chat.messages.push(stored);
    return stored;
  };

  const snapshot = (chat: FakeChat, afterSeq = 0): AgentChatSnapshot => ({
    conversationId: chat.conversationId,
    state: chat.status === 'ENTRANTE' ? 'ASIGNADA' : chat.status === 'ACTIVO' ? 'ACTIVA' : 'FINALIZADA',
    status: chat.status,
    idVa: 1,
    canal: 'Web',
    split: { idSplit: 1, nombre: 'Atención general' },
    customer: { nombre: chat.customer, tipoIdentificacion: null, identificacion: null, email: null, telefono: null, datos: {} },
    fechaEntrada: at(0),
    assignedAt: at(0),
    transfer: chat.transfer,
    messages: chat.messages.filter((m) => m.seq > afterSeq),
    lastSeq: chat.messages.length,
    endedAt: null,
    endAcronym: null
  });

  const platform: FakeAgentPlatform = {
    url: '',
    validTokens: new Set(),
    forbiddenTokens: new Set(),
    chats: new Map(),
    status: { status: 'DESCONECTADO', pauseEventId: null, since: at(0) },
    received: [],
    handshakes: [],
    swallowAcks: 0,
    loseSends: 0,
    throttleSends: 0,
    connected: () => nsp.sockets.size,
    assign(conversationId, options = {}) {
      const chat: FakeChat = { conversationId, status: 'ENTRANTE', transfer: options.transfer ?? false, customer: options.customer ?? 'Carolina Méndez', messages: [] };
      for (const text of options.history ?? []) store(chat, { clientId: null, tipoMensaje: 'TEXTO', tipoUsuario: 'CLIENTE', mensaje: text, adjunto: null });
      platform.chats.set(conversationId, chat);
      nsp.emit('chat:incoming', snapshot(chat));
    },
    customerSays(conversationId, text) {
      const chat = platform.chats.get(conversationId);
      if (!chat) throw new Error(`no chat ${conversationId}`);
      const message = store(chat, { clientId: null, tipoMensaje: 'TEXTO', tipoUsuario: 'CLIENTE', mensaje: text, adjunto: null });
      nsp.emit('chat:message', message);
      return message;
    },
    end(conversationId, options = {}) {
      const chat = platform.chats.get(conversationId);
      if (!chat) return;
      chat.status = 'FINALIZADO';
      if (!options.silently) nsp.emit('chat:ended', { conversationId, endAcronym: 'FCCC', endedBy: 'CLIENTE', endedAt: at(++clock) });
    },
    drop() {
      for (const socket of nsp.sockets.values()) socket.conn.close();
    },
    endSessions() {
      platform.validTokens.clear();
      for (const socket of nsp.sockets.values()) socket.disconnect(true);
    },
    emit(event, payload) {
      nsp.emit(event, payload);
    },
    close: async () => {
      await io.close();
    }
  };

  nsp.use((socket, next) => {
    const token = typeof socket.handshake.auth.token === 'string' ? socket.handshake.auth.token : '';
    platform.handshakes.push(token);
    const refuse = (status: 401 | 403, message: string) => {
      const error = new Error(message) as Error & { data: unknown };
      error.data = { status, message };
      next(error);
    };
    if (platform.forbiddenTokens.has(token)) return refuse(403, 'Usuario no autorizado');
    if (!platform.validTokens.has(token)) return refuse(401, 'Token inválido o expirado');
    next();
  });

  nsp.on('connection', (socket: Socket) => {
    const handle = (event: keyof typeof agentClientEvents, run: (payload: never) => unknown) => {
      socket.on(event, (raw: unknown, ack: (answer: unknown) => void) => {
        platform.received.push({ event, payload: raw });
        const parsed = agentClientEvents[event].safeParse(raw);
        if (!parsed.success) return ack({ ok: false, error: { status: 400, message: parsed.error.issues[0]?.message ?? 'inválido' } });
        const answer = run(parsed.data as never);
        if (answer !== undefined) ack(answer);
      });
    };
    const open = (id: string) => {
      const chat = platform.chats.get(id);
      return chat && chat.status !== 'FINALIZADO' ? chat : null;
    };
    handle('chat:sync', (payload: { known: { conversationId: string; lastSeq: number }[] }) => {
      const after = new Map(payload.known.map((k) => [k.conversationId, k.lastSeq]));
      const chats = [...platform.chats.values()].filter((c) => c.status !== 'FINALIZADO').map((c) => snapshot(c, after.get(c.conversationId) ?? 0));
      return { ok: true, data: { chats, status: platform.status } };
    });
    handle('chat:send', (payload: { conversationId: string; clientId: string; text: string; attachment: LiveMessage['adjunto'] }) => {
      const chat = open(payload.conversationId);
      if (!chat) return { ok: false, error: { status: 409, message: 'La conversación ya finalizó' } };
      if (platform.throttleSends > 0) {
        platform.throttleSends -= 1;
        return { ok: false, error: { status: 429, message: 'Está enviando mensajes demasiado rápido. Espere unos segundos e inténtelo de nuevo' } };
      }
      if (platform.loseSends > 0) {
        platform.loseSends -= 1;
        return undefined;
      }
      const existing = chat.messages.find((m) => m.clientId === payload.clientId);
      const message =
        existing ??
        store(chat, { clientId: payload.clientId, tipoMensaje: payload.attachment ? 'ARCHIVO' : 'TEXTO', tipoUsuario: 'ASESOR', mensaje: payload.text, adjunto: payload.attachment });
      if (platform.swallowAcks > 0) {
        platform.swallowAcks -= 1;
        return undefined;
      }
      return { ok: true, data: message };
    });
    handle('agent:status', (payload: { status: AgentStatusView['status']; pauseEventId: number | null }) => {
      if (payload.status === 'PAUSA' && payload.pauseEventId === 999) return { ok: false, error: { status: 404, message: 'El evento de pausa no existe' } };
      platform.status = { status: payload.status, pauseEventId: payload.pauseEventId, since: at(++clock) };
      return { ok: true, data: platform.status };
    });
    handle('chat:accept', (payload: { conversationId: string }) => {
      const chat = open(payload.conversationId);
      if (!chat) return { ok: false, error: { status: 404, message: 'La conversación no existe' } };
      chat.status = 'ACTIVO';
      return { ok: true, data: snapshot(chat) };
    });
    handle('chat:transfer', (payload: { conversationId: string }) => {
      const chat = open(payload.conversationId);
      if (!chat) return { ok: false, error: { status: 404, message: 'La conversación no existe' } };
      platform.chats.delete(payload.conversationId);
      return { ok: true, data: { conversationId: payload.conversationId } };
    });
    handle('chat:finish', (payload: { conversationId: string }) => {
      const chat = open(payload.conversationId);
      if (!chat) return { ok: false, error: { status: 404, message: 'La conversación no existe' } };
      chat.status = 'FINALIZADO';
      return { ok: true, data: { conversationId: payload.conversationId, endAcronym: 'FCCA' } };
    });
    handle('chat:typing', (payload: { conversationId: string }) => {
      const chat = open(payload.conversationId);
      if (!chat) return { ok: false, error: { status: 409, message: 'La conversación no está asignada a usted' } };
      return { ok: true, data: { conversationId: payload.conversationId } };
    });
  });

  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  platform.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return platform;
}
