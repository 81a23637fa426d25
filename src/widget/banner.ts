import type { ChatSnapshot } from './chat';
import { fmt, WIDGET_TEXTS as T } from './texts';

/**
 * What the status line says. 'Te atiende {asesor}' only once the agent took the chat (ACTIVA);
 * while it waits in the queue or is offered to an agent who has not accepted it yet, that an
 * agent will attend shortly, with the place in the queue when the platform knows it.
 */
export function bannerText(snap: Pick<ChatSnapshot, 'view' | 'state'>, assistantName: string): string {
  const state = snap.state;
  if (!state) return snap.view === 'chat' ? T.reconnecting : '';
  switch (state.state) {
    case 'BOT':
      return fmt(T.stateBot, { assistant: assistantName });
    case 'EN_COLA':
    case 'ASIGNADA': {
      const position = state.state === 'EN_COLA' ? state.queuePosition : null;
      if (position === null) return T.stateQueue;
      return `${T.stateQueue} ${position === 1 ? T.queueFirst : fmt(T.queuePosition, { position })}`;
    }
    case 'ACTIVA':
      return state.agentName ? fmt(T.stateAgent, { agent: state.agentName }) : T.stateAgentUnknown;
    case 'FINALIZADA':
      return T.stateEnded;
  }
}
