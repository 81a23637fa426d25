import type { DefaultEventsMap, Namespace } from 'socket.io';
import { WidgetOriginAuth, WidgetResumeAuth, widgetClientEvents } from '../../shared/realtime';
import type { ChatEngine } from '../chat/engine';
import { conflict } from '../chat/errors';
import { CHAT_TEXT } from '../chat/texts';
import { bindEvent, refusal } from './handlers';
import type { WidgetConnectBudget } from './rate-limits';

export interface WidgetSocketData {
  org: number;
  va: number;
  /** The conversation this customer socket holds (after widget:start, or from the resume handshake). */
  conversationId: string | null;
}
export type WidgetNamespace = Namespace<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, WidgetSocketData>;

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
 * 429 and how long to wait (the widget shows the text on its entry form), before any query.
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
        socket.data = { org: conv.organizationId, va: conv.idVa, conversationId: held ?? conv.idConv };
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
        socket.data = { org, va, conversationId: held };
        next();
      });
    }
    work.catch((error: unknown) => {
      deps.report(error, 'widget handshake');
      next(refusal(500, CHAT_TEXT.serverError));
    });
  });

  nsp.on('connection', (socket) => {
    const report = (error: unknown) => deps.report(error, 'widget event');
    if (socket.data.conversationId) void socket.join(conversationRoom(socket.data.conversationId));
    const held = (): string => {
      const id = socket.data.conversationId;
      if (!id) throw conflict(CHAT_TEXT.noConversation);
      return id;
    };

    bindEvent(
      socket,
      'widget:start',
      widgetClientEvents['widget:start'],
      async (p) => {
        const previous = socket.data.conversationId;
        const started = await engine.startConversation({ org: socket.data.org, va: socket.data.va, current: previous }, p);
        if (previous) void socket.leave(conversationRoom(previous));
        socket.data.conversationId = started.conversationId;
        void socket.join(conversationRoom(started.conversationId));
        return started;
      },
      report
    );
    bindEvent(socket, 'widget:message', widgetClientEvents['widget:message'], async (p) => engine.message(held(), p, socket.id), report);
    bindEvent(socket, 'widget:upload', widgetClientEvents['widget:upload'], async (p) => engine.upload(held(), p), report);
    bindEvent(socket, 'widget:sync', widgetClientEvents['widget:sync'], async (p) => engine.widgetSync(held(), p), report);
    bindEvent(socket, 'widget:leave', widgetClientEvents['widget:leave'], async () => engine.leave(held()), report);
    bindEvent(socket, 'widget:survey', widgetClientEvents['widget:survey'], async (p) => engine.survey(held(), p), report);
    bindEvent(socket, 'widget:typing', widgetClientEvents['widget:typing'], async (p) => engine.customerTyping(held(), p), report);
  });
}
