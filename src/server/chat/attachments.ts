import { eq } from 'drizzle-orm';
import type { FileRef } from '../../shared/domain/chat';
import type { UploadPayload } from '../../shared/domain/media';
import type { Db } from '../db/types';
import { files } from '../db/schema';
import { storeFile } from '../media/files';
import { checkUpload } from '../media/upload';
import { badRequest } from './errors';
import { fileIdOf, fileUrlFor, type ConversationRow } from './message-store';
import { CHAT_TEXT } from './texts';

/** What a chat attachment may be: images, documents, audio and video of everyday formats. */
export const CHAT_CONTENT_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/zip',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'video/mp4',
  'video/webm'
]);

/**
 * The attachment of a message, checked against the files table: the customer may attach only a
 * file uploaded to this conversation; an agent a file of the conversation's organisation, which
 * is then linked to the conversation (so its customer may download it). Name and content type
 * come from the stored file, not from the sender.
 */
export async function resolveAttachment(tx: Db, conv: ConversationRow, ref: FileRef, sender: 'agent' | 'customer'): Promise<FileRef> {
  const fileId = fileIdOf(ref.url);
  if (!fileId) throw badRequest(CHAT_TEXT.attachmentInvalid);
  const [file] = await tx
    .select({ id: files.id, organizationId: files.organizationId, conversationId: files.conversationId, name: files.name, contentType: files.contentType })
    .from(files)
    .where(eq(files.id, fileId));
  const allowed =
    file !== undefined &&
    (sender === 'customer'
      ? file.conversationId === conv.idConv
      : file.organizationId === conv.organizationId && (file.conversationId === null || file.conversationId === conv.idConv));
  if (!file || !allowed) throw badRequest(CHAT_TEXT.attachmentInvalid);
  if (file.conversationId === null) await tx.update(files).set({ conversationId: conv.idConv }).where(eq(files.id, file.id));
  return { contentType: file.contentType, name: file.name, url: fileUrlFor(file.id, sender === 'agent' ? 'agent' : 'widget') };
}

/**
 * Stores a customer's upload (widget:upload) as a file of the conversation and answers the
 * reference to send: the same checks and name rules as every upload (media/upload.ts checkUpload),
 * within the chat's types.
 */
export async function storeCustomerUpload(tx: Db, conv: ConversationRow, payload: UploadPayload, now: Date): Promise<FileRef> {
  const checked = await checkUpload(payload, CHAT_CONTENT_TYPES);
  if (!checked.ok) throw badRequest(checked.refusal.message);
  const { file } = checked;
  const stored = await storeFile(tx, { ...file, organizationId: conv.organizationId, conversationId: conv.idConv, uploadedBy: null, now });
  return { contentType: file.contentType, name: file.name, url: fileUrlFor(stored.id, 'widget') };
}
