import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { FileId } from '../../shared/domain/media';
import type { Db } from '../db/types';
import { answerElements, conversations, files, responseNodes, workspaces } from '../db/schema';
import { toResponseItem } from '../bot/items';
import { hashWidgetToken } from '../chat/widget-actions';

/** GET /widget/files/:id?token=… */
export const WidgetFileParams = z.object({ id: FileId });
export const WidgetFileQuery = z.object({
  token: z.string({ message: 'Falta el token de la conversación' }).min(1, { message: 'Falta el token de la conversación' }).max(200, { message: 'El token no es válido' })
});


export interface WidgetFile {
  name: string;
  contentType: string;
  data: Buffer;
}

const FILE_URL = /^\/(?:api\/multimedia\/descargar|widget\/files)\/([A-Za-z0-9_-]{1,100})$/;
const FILE_ELEMENT_TYPES = [3, 4, 5];

/** Whether an answer of the virtual agent's workspaces shows that platform file (every customer of the assistant sees it). */
async function answersShowFile(db: Db, organizationId: number, idVa: number, fileId: string): Promise<boolean> {
  const elements = await db
    .select({ elementTypesIdType: answerElements.elementTypesIdType, elementOrderPos: answerElements.elementOrderPos, elementValue: answerElements.elementValue })
    .from(answerElements)
    .innerJoin(responseNodes, eq(responseNodes.id, answerElements.responseNodeId))
    .innerJoin(workspaces, eq(workspaces.id, responseNodes.workspaceId))
    .where(and(eq(workspaces.organizationId, organizationId), eq(workspaces.idVa, idVa), inArray(answerElements.elementTypesIdType, FILE_ELEMENT_TYPES)));
  return elements.some((e) => FILE_URL.exec(toResponseItem(e).itemFile?.url ?? '')?.[1] === fileId);
}

/**
 * The file when the token opens a conversation that may see it: one of that conversation's
 * attachments, or a file the conversation's assistant shows in its answers (its organisation's);
 * null otherwise.
 */
export async function findConversationFile(db: Db, fileId: string, token: string): Promise<WidgetFile | null> {
  const [conv] = await db
    .select({ idConv: conversations.idConv, organizationId: conversations.organizationId, idVa: conversations.idVa })
    .from(conversations)
    .where(eq(conversations.widgetTokenHash, hashWidgetToken(token)));
  if (!conv) return null;
  const [file] = await db
    .select({ name: files.name, contentType: files.contentType, data: files.data, conversationId: files.conversationId, organizationId: files.organizationId })
    .from(files)
    .where(eq(files.id, fileId));
  if (!file) return null;
  const allowed =
    file.conversationId === conv.idConv ||
    (file.conversationId === null && file.organizationId === conv.organizationId && (await answersShowFile(db, conv.organizationId, conv.idVa, fileId)));
  return allowed ? { name: file.name, contentType: file.contentType, data: file.data } : null;
}

/** Types a browser may show in place; anything else (html, svg, scripts…) downloads. */
const INLINE = /^(image\/(png|jpeg|gif|webp)|video\/(mp4|webm)|audio\/(mpeg|ogg|wav)|application\/pdf|text\/plain)$/;

/** Content-Disposition for a stored file name (RFC 6266, with an ASCII fallback). */
export function contentDisposition(name: string, contentType: string): string {
  const kind = INLINE.test(contentType) ? 'inline' : 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
