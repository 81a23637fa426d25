import { io, type Socket } from 'socket.io-client';
import { LiveMessage, SOCKET_PATH, WIDGET_NAMESPACE, WidgetConfig, WidgetState } from '../../src/shared/realtime';
import { consentAnswer } from '../../src/shared/domain/entry-values';
import { newClientId, request, requestOnce, sleep, StartData, SyncData, type Timing } from './protocol';

/** How one simulated customer's conversation went. */
export interface CustomerOutcome {
  started: boolean;
  escalated: boolean;
  attended: boolean;
  finished: boolean;
  surveyed: boolean;
  error: string | null;
}

export const newOutcome = (): CustomerOutcome => ({ started: false, escalated: false, attended: false, finished: false, surveyed: false, error: null });

export interface CustomerContext {
  url: string;
  org: number;
  va: number;
  /** The customer's number in this run (1…N) and the run's tag, for unique names and documents. */
  n: number;
  runTag: string;
  /** Filled in as the conversation goes (progress reads it). */
  outcome: CustomerOutcome;
  timing: Timing;
  /** Longest wait for an agent to take the conversation before leaving. */
  agentWaitMs: number;
  /** Pause between two messages of the customer. */
  pauseMs: number;
  /** Longest wait for the assistant's reply to a turn. */
  replyWaitMs: number;
  /** A change worth counting (progress). */
  onChange(): void;
}

const BOT_TURNS = ['Hola', 'horarios'];
const ASK_HUMAN = 'Quiero hablar con un asesor';
const TO_AGENT = ['Hola, necesito ayuda con mi pedido', 'El número de orden es PED-12345'];

/** Entry-form answers that pass the platform's checks, unique per customer. */
export function answersFor(config: WidgetConfig, n: number, runTag: string): Record<string, string> {
  const digits = (String(Date.now() % 1e5) + String(n).padStart(5, '0')).slice(-10);
  const answers: Record<string, string> = {};
  for (const field of config.entryForm) {
    const id = String(field.idField);
    if (field.fieldType === 'email') answers[id] = `cliente${n}.${runTag}@simulacion.example`;
    else if (field.fieldType === 'phone') answers[id] = `300${digits.slice(-7)}`;
    else if (field.fieldType === 'number') answers[id] = String(n);
    else if (field.fieldType === 'document') answers[id] = `9${digits}`.slice(0, 20);
    else if (field.fieldType === 'city') {
      const city = config.regions[0]?.departments[0]?.cities[0];
      if (city) answers[id] = String(city.id);
    } else if (field.fieldType === 'consent') {
      if (field.consentVersion !== null) answers[id] = consentAnswer(field.consentVersion);
    } else if (field.fieldType === 'select') {
      const option = field.options.includes('CC') ? 'CC' : field.options[0];
      if (option !== undefined) answers[id] = option;
    } else answers[id] = /nombre/i.test(field.label) ? `Cliente Simulado ${n}` : `Dato ${n}`;
  }
  return answers;
}

/** The conversation as one customer sees it: its latest state and every message, with waiters. */
class Conversation {
  state: WidgetState | null = null;
  readonly messages = new Map<number, LiveMessage>();
  private readonly waiters = new Set<() => void>();

  add(message: LiveMessage): void {
    this.messages.set(message.seq, message);
    this.wake();
  }
  setState(state: WidgetState): void {
    this.state = state;
    this.wake();
  }
  get lastSeq(): number {
    let seq = 0;
    while (this.messages.has(seq + 1)) seq++;
    return seq;
  }
  /** Resolves true as soon as `test` holds, false after `ms`. */
  until(test: () => boolean, ms: number): Promise<boolean> {
    if (test()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const check = () => {
        if (!test()) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        resolve(false);
      }, ms);
      this.waiters.add(check);
    });
  }
  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

async function fetchConfig(ctx: CustomerContext): Promise<WidgetConfig> {
  const res = await fetch(`${ctx.url}/widget/config?org=${ctx.org}&va=${ctx.va}`).catch((error: unknown) => {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new Error(`no fue posible conectar con ${ctx.url} (${cause})`);
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : `HTTP ${res.status}`;
    throw new Error(`GET /widget/config: ${message}`);
  }
  return WidgetConfig.parse(body);
}

const withAgent = (s: WidgetState | null) => s?.state === 'ASIGNADA' || s?.state === 'ACTIVA';

/**
 * One customer through the widget protocol: the configuration, widget:start with generated
 * answers, a couple of turns with the assistant, asking for a human, a few messages once an agent
 * takes the conversation, leaving, and the survey once it is FINALIZADA.
 */
export async function simulateCustomer(ctx: CustomerContext): Promise<CustomerOutcome> {
  const outcome = ctx.outcome;
  let socket: Socket | null = null;
  const conv = new Conversation();
  const mark = (key: 'started' | 'escalated' | 'attended' | 'finished' | 'surveyed') => {
    if (outcome[key]) return;
    outcome[key] = true;
    ctx.onChange();
  };
  const observe = () => {
    const s = conv.state;
    if (!s) return;
    if (s.state !== 'BOT') mark('escalated');
    if (s.state === 'ACTIVA') mark('attended');
    if (s.state === 'FINALIZADA') mark('finished');
  };
  try {
    const config = await fetchConfig(ctx);
    const live: Socket = io(`${ctx.url}${WIDGET_NAMESPACE}`, { path: SOCKET_PATH, auth: { org: ctx.org, va: ctx.va }, reconnectionDelay: 250, reconnectionDelayMax: 2000 });
    socket = live;
    let conversationId: string | null = null;
    live.on('widget:message', (raw: unknown) => {
      const m = LiveMessage.safeParse(raw);
      if (!m.success || m.data.conversationId !== conversationId) return;
      conv.add(m.data);
      if (m.data.tipoUsuario === 'ASESOR') mark('attended');
    });
    live.on('widget:state', (raw: unknown) => {
      const s = WidgetState.safeParse(raw);
      if (!s.success || s.data.conversationId !== conversationId) return;
      conv.setState(s.data);
      observe();
    });

    const start = await requestOnce(live, 'widget:start', { fields: answersFor(config, ctx.n, ctx.runTag) }, StartData, ctx.timing.giveUpMs);
    conversationId = start.conversationId;
    live.auth = { conversationId: start.conversationId, token: start.token };
    start.messages.forEach((m) => conv.add(m));
    conv.setState(start.state);
    mark('started');
    // After a reconnection: what was missed, and the state.
    live.io.on('reconnect', () => {
      request(live, 'widget:sync', { afterSeq: conv.lastSeq }, SyncData, ctx.timing).then(
        (sync) => {
          sync.messages.forEach((m) => conv.add(m));
          conv.setState(sync.state);
          observe();
        },
        () => undefined
      );
    });

    const say = async (text: string) => {
      const stored = await request(live, 'widget:message', { clientId: newClientId(), text, attachment: null }, LiveMessage, ctx.timing);
      conv.add(stored);
      return stored;
    };
    const replyAfter = (seq: number) => conv.until(() => [...conv.messages.values()].some((m) => m.seq > seq && m.tipoUsuario !== 'CLIENTE'), ctx.replyWaitMs);

    for (const text of BOT_TURNS) {
      if (conv.state?.state !== 'BOT') break;
      const mine = await say(text);
      await replyAfter(mine.seq);
      await sleep(ctx.pauseMs);
    }
    if (conv.state?.state === 'BOT') {
      await say(ASK_HUMAN);
      if (!(await conv.until(() => conv.state?.state !== 'BOT', ctx.replyWaitMs))) throw new Error('el asistente no pasó la conversación a un asesor');
    }
    observe();

    const taken = await conv.until(() => conv.state?.state === 'ACTIVA' || conv.state?.state === 'FINALIZADA', ctx.agentWaitMs);
    if (taken && withAgent(conv.state)) {
      for (const text of TO_AGENT) {
        if (conv.state?.state === 'FINALIZADA') break;
        const mine = await say(text);
        await conv.until(() => [...conv.messages.values()].some((m) => m.seq > mine.seq && m.tipoUsuario === 'ASESOR') || conv.state?.state === 'FINALIZADA', ctx.pauseMs);
      }
    }

    if (conv.state?.state !== 'FINALIZADA') {
      conv.setState(await request(live, 'widget:leave', {}, WidgetState, ctx.timing));
      observe();
    }
    if (conv.state?.state !== 'FINALIZADA') throw new Error('la conversación no quedó finalizada al salir');
    if (conv.state.surveyPending) {
      const satisfaction = 1 + ((ctx.n * 7) % 5);
      const nps = (ctx.n * 3) % 11;
      conv.setState(await request(live, 'widget:survey', { satisfaction, nps }, WidgetState, ctx.timing));
      mark('surveyed');
    }
  } catch (error) {
    outcome.error = error instanceof Error ? error.message : String(error);
    ctx.onChange();
  } finally {
    socket?.disconnect();
  }
  return outcome;
}
