import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { z } from 'zod';
import { SOCKET_PATH, WIDGET_NAMESPACE, WidgetConfig } from '../../src/shared/realtime';
import { answersFor } from '../../scripts/simulate/customer';

/** What the bench's clients check of an ack: ok, or the server's Spanish refusal. */
const AckOk = z.object({ ok: z.literal(true), data: z.unknown() });
const AckRefused = z.object({ ok: z.literal(false), error: z.object({ status: z.number(), message: z.string() }) });

/** The data of an ack; a refusal or a misfit is an error naming the event. */
export function ackData(event: string, raw: unknown): unknown {
  const ok = AckOk.safeParse(raw);
  if (ok.success) return ok.data.data;
  const refused = AckRefused.safeParse(raw);
  throw new Error(`bench: ${event} ${refused.success ? `refused (${refused.data.error.status}): ${refused.data.error.message}` : 'answered something unexpected'}`);
}

/** Waits for the socket's first connection; a refused handshake is an error. */
export function connected(socket: Socket, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error: Error) => reject(new Error(`bench: ${what} could not connect: ${error.message}`)));
  });
}

/** socket.io-client options of every bench socket: WebSocket from the start (as the desktop chat link), no silent reconnection. */
export const CLIENT_OPTIONS: Partial<ManagerOptions & SocketOptions> = { path: SOCKET_PATH, transports: ['websocket'], reconnection: false };

export const ASK_FOR_AGENT = 'Quiero hablar con un asesor';

export interface BenchCustomer {
  socket: Socket;
  conversationId: string;
  /** widget:message, resolved on its ack. */
  say(clientId: string, text: string): Promise<void>;
}

const Started = z.object({ conversationId: z.string() });

/** GET /widget/config of org 100, va 1 (its entry form). */
export async function widgetConfig(platformUrl: string): Promise<WidgetConfig> {
  const res = await fetch(`${platformUrl}/widget/config?org=100&va=1`);
  const parsed = WidgetConfig.safeParse(await res.json());
  if (!res.ok || !parsed.success) throw new Error(`bench: GET /widget/config failed (HTTP ${res.status})`);
  return parsed.data;
}

/**
 * A customer of org 100 / va 1 on the '/widget' namespace: connects, starts a conversation with
 * valid entry-form answers (unique per `n`), and asks the assistant for a human, which escalates it.
 */
export async function escalatedCustomer(platformUrl: string, config: WidgetConfig, n: number, tag: string): Promise<BenchCustomer> {
  const socket = io(`${platformUrl}${WIDGET_NAMESPACE}`, { ...CLIENT_OPTIONS, auth: { org: 100, va: 1 } });
  try {
    await connected(socket, `customer ${n}`);
    const started = Started.parse(ackData('widget:start', await socket.emitWithAck('widget:start', { fields: answersFor(config, n, tag) })));
    const say = async (clientId: string, text: string): Promise<void> => {
      ackData('widget:message', await socket.emitWithAck('widget:message', { clientId, text, attachment: null }));
    };
    await say(`${tag}-esc-${n}`, ASK_FOR_AGENT);
    return { socket, conversationId: started.conversationId, say };
  } catch (error) {
    socket.disconnect();
    throw error;
  }
}
