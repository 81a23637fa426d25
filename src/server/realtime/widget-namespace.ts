import type { DefaultEventsMap, Namespace, Socket } from 'socket.io';
import { WidgetOriginAuth, WidgetResumeAuth, widgetClientEvents } from '../../shared/realtime';
import type { ChatEngine } from '../chat/engine';
import { conflict } from '../chat/errors';
import { CHAT_TEXT } from '../chat/texts';
import { bindEvents, eventBinding, refusal } from './handlers';
import type { WidgetConnectBudget } from './rate-limits';

export interface WidgetSocketData {
  org: number;
  va: number;
  /** The conversation this customer socket holds (after widget:start, or from the resume handshake). */
  conversationId: string | null;
  /**
   * Whether the socket's next widget:start is already paid for: a new-chat handshake was counted
   * against its address. Every other start (after a leave, on a resumed socket) is counted then.
   */
  startPaid: boolean;
}
export type WidgetNamespace = Namespace<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, WidgetSocketData>;
type WidgetSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, WidgetSocketData>;

export const conversationRoom = (conversationId: string): string => `conv:${conversationId}`;

export interface WidgetNamespaceDeps {
  engine: ChatEngine;
  /** New-chat handshakes per client address (rate-limits.ts); none: not counted. */
  connections?: WidgetConnectBudget;
  report: (error: unknown, context: string) => void;
}

/**
 * The customer namespace. Handshake `{ org, va }` (an active organisation and one of its virtual
 * agents) to start a conversation, or `{ conversationId, token }` to resume one (the token is
 * compared by its sha256, in constant time). A socket joins conv:{id} of its conversation.
 * A `{ org, va }` handshake is counted against its address's budget first: over it, refused with
 * 429 and how long to wait (the widget shows the text on its entry form), before any query. The
 * budget is of conversations, not of sockets (issue 36 M2): the handshake pays for the socket's
 * first widget:start, and every further start on any socket — a leave and a start again, a start on
 * a resumed socket — is counted against the same address's budget before anything is stored.
 */
export function registerWidgetNamespace(nsp: WidgetNamespace, deps: WidgetNamespaceDeps): void {
  const { engine } = deps;

  nsp.use((socket, next) => {
    // A recovered socket keeps the conversation it started in its previous life (server-side session data).
    const held = socket.recovered ? (socket.data.conversationId ?? null) : null;
    const resume = WidgetResumeAuth.safeParse(socket.handshake.auth);
    let work: Promise<void>;
    if (resume.success) {
      work = engine.resume(resume.data.conversationId, resume.data.token).then((conv) => {
        if (!conv) return next(refusal(401, CHAT_TEXT.conversationTokenInvalid));
        socket.data = { org: conv.organizationId, va: conv.idVa, conversationId: held ?? conv.idConv, startPaid: false };
        next();
      });
    } else {
      const origin = WidgetOriginAuth.safeParse(socket.handshake.auth);
      if (!origin.success) return next(refusal(400, CHAT_TEXT.widgetHandshake));
      const { org, va } = origin.data;
      const budget = deps.connections;
      work = (budget ? budget.admit(socket.request) : Promise.resolve(null)).then(async (over) => {
        if (over) return next(refusal(over.status, over.message));
        const problem = await engine.widgetOriginProblem(org, va);
        if (problem) return next(refusal(400, problem));
        socket.data = { org, va, conversationId: held, startPaid: budget !== undefined };
        next();
      });
    }
    work.catch((error: unknown) => {
      deps.report(error, 'widget handshake');
      next(refusal(500, CHAT_TEXT.serverError));
    });
  });

  const report = (error: unknown) => deps.report(error, 'widget event');
  /** Pays for a new conversation: with the handshake's payment when unspent, else from the address's budget (429 over it). */
  const payForStart = async (socket: WidgetSocket): Promise<'handshake' | 'budget' | 'free'> => {
    if (socket.data.startPaid) {
      socket.data.startPaid = false;
      return 'handshake';
    }
    if (!deps.connections) return 'free';
    const over = await deps.connections.admit(socket.request);
    if (over) throw over;
    return 'budget';
  };
  /** The conversation the socket holds; none yet: refused (409). */
  const held = (socket: WidgetSocket): string => {
    const id = socket.data.conversationId;
    if (!id) throw conflict(CHAT_TEXT.noConversation);
    return id;
  };
  // Made once for the namespace: every socket shares these listeners (eventBinding).
  const events = [
    eventBinding(
      'widget:start',
      widgetClientEvents['widget:start'],
      async (socket: WidgetSocket, p) => {
        const previous = socket.data.conversationId;
        const paid = await payForStart(socket);
        let started: Awaited<ReturnType<ChatEngine['startConversation']>>;
        try {
          started = await engine.startConversation({ org: socket.data.org, va: socket.data.va, current: previous }, p);
        } catch (error) {
          // Refused (an open chat, a form answer): the handshake's payment is kept for the next try.
          if (paid === 'handshake') socket.data.startPaid = true;
          throw error;
        }
        if (previous) void socket.leave(conversationRoom(previous));
        socket.data.conversationId = started.conversationId;
        void socket.join(conversationRoom(started.conversationId));
        return started;
      },
      report
    ),
    eventBinding('widget:message', widgetClientEvents['widget:message'], async (socket: WidgetSocket, p) => engine.message(held(socket), p, socket.id), report),
    eventBinding('widget:upload', widgetClientEvents['widget:upload'], async (socket: WidgetSocket, p) => engine.upload(held(socket), p), report),
    eventBinding('widget:sync', widgetClientEvents['widget:sync'], async (socket: WidgetSocket, p) => engine.widgetSync(held(socket), p), report),
    eventBinding('widget:leave', widgetClientEvents['widget:leave'], async (socket: WidgetSocket) => engine.leave(held(socket)), report),
    eventBinding('widget:survey', widgetClientEvents['widget:survey'], async (socket: WidgetSocket, p) => engine.survey(held(socket), p), report),
    eventBinding('widget:typing', widgetClientEvents['widget:typing'], async (socket: WidgetSocket, p) => engine.customerTyping(held(socket), p), report)
  ];

  nsp.on('connection', (socket) => {
    if (socket.data.conversationId) void socket.join(conversationRoom(socket.data.conversationId));
    bindEvents(socket, events);
  });
}
