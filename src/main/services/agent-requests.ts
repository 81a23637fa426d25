import type { Socket } from 'socket.io-client';
import { z } from 'zod';
import type { IpcError } from '../../shared/ipc';
import { MSG } from '../../shared/messages';
import { AgentChatSnapshot, AgentStatusView, LiveMessage, type Ack } from '../../shared/realtime';
import { CHAT_TEXT } from './chat-texts';
import type { Clock, Logger } from './ports';

const AckError = z.object({ status: z.number().int(), message: z.string() });
function ackSchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), data }), z.object({ ok: z.literal(false), error: AckError })]);
}

/** What the platform answers each agent event (src/shared/realtime.ts AgentAckData), validated on arrival. */
export const AGENT_ACKS = {
  'chat:sync': ackSchema(z.object({ chats: z.array(AgentChatSnapshot), status: AgentStatusView })),
  'chat:accept': ackSchema(AgentChatSnapshot),
  'chat:send': ackSchema(LiveMessage),
  'chat:transfer': ackSchema(z.object({ conversationId: z.string() })),
  'chat:finish': ackSchema(z.object({ conversationId: z.string(), endAcronym: z.string() })),
  'agent:status': ackSchema(AgentStatusView),
  'chat:typing': ackSchema(z.object({ conversationId: z.string() }))
};
export type AgentAckEvent = keyof typeof AGENT_ACKS;
export type AgentAck<E extends AgentAckEvent> = Ack<Extract<z.infer<(typeof AGENT_ACKS)[E]>, { ok: true }>['data']>;

export const offline = (): IpcError => ({ status: 0, message: MSG.generic.networkError });

/** Validates an ack; a shape outside the contract is a platform failure (502). */
export function parseAck<E extends AgentAckEvent>(event: E, raw: unknown, logger: Logger): AgentAck<E> {
  const parsed = AGENT_ACKS[event].safeParse(raw);
  if (parsed.success) return parsed.data as AgentAck<E>;
  logger.warn(`The platform answered ${event} with a shape the contract does not allow`, parsed.error.issues.slice(0, 3));
  return { ok: false, error: { status: 502, message: MSG.generic.serverError } };
}

/**
 * Emits agent events that wait for their ack: each answers once — the validated ack, a Spanish
 * "no answer" after the timeout, or the offline error when the socket is not connected or drops
 * meanwhile (failAll).
 */
export function createAgentRequests(deps: { socket: () => Socket | null; clock: Clock; logger: Logger; timeoutMs: number }) {
  const inflight = new Set<() => void>();

  return {
    request<E extends AgentAckEvent>(event: E, payload: unknown): Promise<AgentAck<E>> {
      const current = deps.socket();
      if (!current?.connected) return Promise.resolve({ ok: false, error: offline() });
      return new Promise((resolve) => {
        let done = false;
        const finish = (ack: AgentAck<E>) => {
          if (done) return;
          done = true;
          cancelTimer();
          inflight.delete(drop);
          resolve(ack);
        };
        const drop = () => finish({ ok: false, error: offline() });
        const cancelTimer = deps.clock.after(deps.timeoutMs, () => finish({ ok: false, error: { status: 0, message: CHAT_TEXT.noAnswer } }));
        inflight.add(drop);
        current.emit(event, payload, (raw: unknown) => finish(parseAck(event, raw, deps.logger)));
      });
    },

    /** The socket dropped: no ack is coming for anything in flight. */
    failAll(): void {
      for (const drop of [...inflight]) drop();
    }
  };
}
