import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FileRef } from '../../shared/domain/chat';
import { MAX_UPLOAD_BYTES, type UploadPayload } from '../../shared/domain/media';
import type { Db } from '../db/types';
import { files } from '../db/schema';
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

/** Stores a customer's upload (widget:upload) as a file of the conversation and answers the reference to send. */
export async function storeCustomerUpload(tx: Db, conv: ConversationRow, payload: UploadPayload, now: Date): Promise<FileRef> {
  if (!CHAT_CONTENT_TYPES.has(payload.content_type)) throw badRequest(CHAT_TEXT.uploadTypeNotAllowed);
  const data = Buffer.from(payload.data, 'base64');
  if (data.length === 0) throw badRequest(CHAT_TEXT.uploadEmpty);
  if (data.length > MAX_UPLOAD_BYTES) throw badRequest(CHAT_TEXT.uploadTooLarge);
  const id = randomBytes(16).toString('base64url');
  const name = payload.name && payload.name !== '' ? payload.name : `adjunto-${id.slice(0, 8)}`;
  await tx.insert(files).values({
    id,
    organizationId: conv.organizationId,
    conversationId: conv.idConv,
    name,
    contentType: payload.content_type,
    size: data.length,
    data,
    uploadedBy: null,
    createdAt: now
  });
  return { contentType: payload.content_type, name, url: fileUrlFor(id, 'widget') };
}
