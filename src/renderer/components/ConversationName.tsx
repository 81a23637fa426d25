import { conversationLabel } from '../../shared/labels';

/**
 * A conversation as a list names it: the customer and a short id ('Sara López · #6b788b05'); the
 * whole id stays at hand as a tooltip, for a support request.
 */
export function ConversationName({ idConv, customer }: { idConv: string; customer?: string | null }) {
  return <span title={idConv}>{conversationLabel(idConv, customer)}</span>;
}
