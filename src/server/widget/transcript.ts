import { eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import { conversations, virtualAgents } from '../db/schema';
import { hashWidgetToken } from '../chat/widget-actions';
import { listMessages, type MessageRow } from '../chat/message-store';
import { agentFirstName } from '../chat/lookups';
import { featureOn } from '../settings/repositories/features';

/** GET /widget/transcript?token=… answers one of these. */
export type TranscriptAnswer = { kind: 'transcript'; fileName: string; text: string } | { kind: 'notFound' } | { kind: 'off' };

const ZONE = 'America/Bogota';
const stamp = new Intl.DateTimeFormat('es-CO', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });

const SENDERS: Record<string, string> = { CLIENTE: 'Tú', SISTEMA: 'Sistema' };

function line(message: MessageRow, assistant: string, agents: Map<number, string>): string {
  const who =
    message.tipoUsuario === 'BOT' ? assistant
    : message.tipoUsuario === 'ASESOR' ? (message.agentId !== null ? (agents.get(message.agentId) ?? 'Asesor') : 'Asesor')
    : (SENDERS[message.tipoUsuario] ?? message.tipoUsuario);
  const file = message.adjunto ? ` [Adjunto: ${message.adjunto.name}]` : '';
  return `[${stamp.format(message.fechaMensaje)}] ${who}: ${message.mensaje}${file}`;
}

/**
 * Issue 38: the conversation the widget's resume token opens, as plain text for its customer (only
 * that conversation's messages, COMMAND ones left out), when its virtual agent offers the
 * transcript ('Descarga de la conversación' on); `off` when it does not, `notFound` for a token
 * that opens nothing.
 */
export async function conversationTranscript(db: Db, token: string): Promise<TranscriptAnswer> {
  const [conv] = await db
    .select({ idConv: conversations.idConv, idVa: conversations.idVa, startedAt: conversations.startedAt, assistant: virtualAgents.name })
    .from(conversations)
    .innerJoin(virtualAgents, eq(virtualAgents.idVa, conversations.idVa))
    .where(eq(conversations.widgetTokenHash, hashWidgetToken(token)));
  if (!conv) return { kind: 'notFound' };
  if (!(await featureOn(db, conv.idVa, 'transcript'))) return { kind: 'off' };
  const messages = (await listMessages(db, conv.idConv)).filter((m) => m.tipoMensaje !== 'COMMAND');
  const agents = new Map<number, string>();
  for (const id of new Set(messages.flatMap((m) => (m.tipoUsuario === 'ASESOR' && m.agentId !== null ? [m.agentId] : [])))) {
    const name = await agentFirstName(db, id);
    if (name) agents.set(id, name);
  }
  const text = [`Conversación con ${conv.assistant}`, '', ...messages.map((m) => line(m, conv.assistant, agents)), ''].join('\n');
  return { kind: 'transcript', fileName: `conversacion-${conv.startedAt.toISOString().slice(0, 10)}.txt`, text };
}
