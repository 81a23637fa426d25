import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import { AGENT_NAMESPACE, MONITOR_NAMESPACE, SOCKET_PATH, WIDGET_NAMESPACE } from '../../src/shared/realtime';

/** Real socket.io clients for the live-chat tests: every received event is recorded, every request awaits its ack. */

const AckError = z.object({ ok: z.literal(false), error: z.object({ status: z.number(), message: z.string() }) });
export type AckError = z.infer<typeof AckError>;

const AckOk = z.object({ ok: z.literal(true), data: z.unknown() });

/** An ack, its data checked with `data`'s schema. */
export function parseAck<T extends z.ZodType>(raw: unknown, data: T): { ok: true; data: z.output<T> } | AckError {
  const refused = AckError.safeParse(raw);
  if (refused.success) return refused.data;
  return { ok: true, data: data.parse(AckOk.parse(raw).data) };
}

export class TestClient {
  readonly events = new Map<string, unknown[]>();
  private waiters: { event: string; test: (p: unknown) => boolean; resolve: (p: unknown) => void }[] = [];

  constructor(readonly socket: Socket) {
    socket.onAny((event: string, payload: unknown) => {
      const list = this.events.get(event) ?? [];
      list.push(payload);
      this.events.set(event, list);
      this.waiters = this.waiters.filter((w) => {
        if (w.event !== event || !w.test(payload)) return true;
        w.resolve(payload);
        return false;
      });
    });
  }

  received(event: string): unknown[] {
    return this.events.get(event) ?? [];
  }

  /** Sends one event and resolves with its raw ack (rejects when none comes in time). */
  async request(event: string, payload: unknown, timeoutMs = 10_000): Promise<unknown> {
    return this.socket.timeout(timeoutMs).emitWithAck(event, payload);
  }

  /** Sends, and parses the ack with `data`'s schema: the data of an ok ack, or throws with the error. */
  async ok<T extends z.ZodType>(event: string, payload: unknown, data: T, timeoutMs = 10_000): Promise<z.infer<T>> {
    const ack = parseAck(await this.request(event, payload, timeoutMs), data);
    if (!ack.ok) throw new Error(`${event} answered ${ack.error.status}: ${ack.error.message}`);
    return ack.data;
  }

  /** Sends, and expects a refusal. */
  async refused(event: string, payload: unknown, timeoutMs = 10_000): Promise<AckError['error']> {
    const ack = parseAck(await this.request(event, payload, timeoutMs), z.unknown());
    if (ack.ok) throw new Error(`${event} was accepted: ${JSON.stringify(ack.data).slice(0, 200)}`);
    return ack.error;
  }

  /** The first event (already received or still to come) whose payload passes `test`. */
  waitFor<T extends z.ZodType>(event: string, schema: T, test: (p: z.infer<T>) => boolean = () => true, timeoutMs = 10_000): Promise<z.infer<T>> {
    const matches = (p: unknown): boolean => {
      const parsed = schema.safeParse(p);
      return parsed.success && test(parsed.data);
    };
    const seen = this.received(event).find(matches);
    if (seen !== undefined) return Promise.resolve(schema.parse(seen));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(new Error(`no ${event} within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = (p: unknown) => {
        clearTimeout(timer);
        resolve(schema.parse(p));
      };
      this.waiters.push({ event, test: matches, resolve: done });
    });
  }

  close(): void {
    this.socket.disconnect();
  }
}

type Auth = Record<string, unknown> | ((cb: (data: object) => void) => void);

function connect(url: string, namespace: string, auth: Auth, reconnection: boolean): Socket {
  return io(`${url}${namespace}`, {
    path: SOCKET_PATH,
    auth,
    transports: ['websocket'],
    forceNew: true,
    reconnection,
    reconnectionDelay: 20,
    reconnectionDelayMax: 100,
    randomizationFactor: 0
  });
}

/** Resolves once connected; rejects with the server's refusal (message and data). */
export function connected(socket: Socket, timeoutMs = 10_000): Promise<void> {
  if (socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('connect timeout')), timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', (error: Error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

export async function connectAgent(url: string, token: string, reconnection = true): Promise<TestClient> {
  const client = new TestClient(connect(url, AGENT_NAMESPACE, { token }, reconnection));
  await connected(client.socket);
  return client;
}

/** A statistics reader's live-state link (roles 1–4, 6), never reconnecting. */
export async function connectMonitor(url: string, token: string): Promise<TestClient> {
  const client = new TestClient(connect(url, MONITOR_NAMESPACE, { token }, false));
  await connected(client.socket);
  return client;
}

/** A customer socket; `auth` may change after widget:start (resume with the conversation's token). */
export async function connectWidget(url: string, auth: Auth, reconnection = true): Promise<TestClient> {
  const client = new TestClient(connect(url, WIDGET_NAMESPACE, auth, reconnection));
  await connected(client.socket);
  return client;
}

/** The refusal a handshake gets (connect_error), as { message, data }. */
export async function handshakeRefusal(url: string, namespace: string, auth: Auth): Promise<{ message: string; status: number | null }> {
  const socket = connect(url, namespace, auth, false);
  try {
    await connected(socket);
  } catch (error) {
    const data = z.object({ status: z.number() }).safeParse(error instanceof Error && 'data' in error ? error.data : null);
    return { message: error instanceof Error ? error.message : String(error), status: data.success ? data.data.status : null };
  } finally {
    socket.disconnect();
  }
  throw new Error('the handshake was accepted');
}

/**
 * A sender that never gives up: each message keeps its clientId until an ack arrives; when the
 * socket drops before the ack (or none comes in time) it sends again with the same clientId once
 * reconnected, as the desktop chat link and the widget page do.
 */
export class ReliableSender<T extends z.ZodType> {
  readonly sent: string[] = [];
  attempts = 0;

  constructor(
    private readonly client: TestClient,
    private readonly event: string,
    private readonly schema: T,
    private readonly attemptMs = 3_000
  ) {}

  async send(payload: { clientId: string } & Record<string, unknown>, afterEmit?: () => void): Promise<z.infer<T>> {
    this.sent.push(payload.clientId);
    const socket = this.client.socket;
    for (let attempt = 0; attempt < 50; attempt++) {
      this.attempts++;
      while (!socket.connected) await connected(socket).catch(() => undefined);
      let onDrop = (): void => undefined;
      const dropped = new Promise<'dropped'>((resolve) => {
        onDrop = () => resolve('dropped');
        socket.once('disconnect', onDrop);
      });
      const acked = socket.timeout(this.attemptMs).emitWithAck(this.event, payload);
      acked.catch(() => undefined);
      if (attempt === 0) afterEmit?.();
      try {
        const outcome = await Promise.race([acked, dropped]);
        if (outcome === 'dropped') continue;
        const ack = parseAck(outcome, this.schema);
        if (ack.ok) return ack.data;
        throw new RefusedError(`${this.event} refused: ${ack.error.status} ${ack.error.message}`);
      } catch (error) {
        if (error instanceof RefusedError) throw error;
        // No ack in time: send again with the same clientId.
      } finally {
        socket.off('disconnect', onDrop);
      }
    }
    throw new Error(`${this.event} ${payload.clientId} never acknowledged`);
  }
}

class RefusedError extends Error {}
