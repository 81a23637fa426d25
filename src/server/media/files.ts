import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { files } from '../db/schema';
import type { Db } from '../db/types';
import type { DecodedUpload } from './upload';

/** Where a stored file is downloaded (the agent side; the widget serves its customers' own files). */
export function fileUrl(id: string): string {
  return `/api/multimedia/descargar/${id}`;
}

export interface StoredFile {
  id: string;
  url: string;
  contentType: string;
  size: number;
}

export interface NewFile extends DecodedUpload {
  organizationId: number;
  /** A chat attachment's conversation (its customer may download it too). */
  conversationId: string | null;
  uploadedBy: number | null;
  now: Date;
}

/** Stores a decoded upload under a random, unguessable id. */
export async function storeFile(db: Db, file: NewFile): Promise<StoredFile> {
  const id = randomBytes(18).toString('base64url');
  await db.insert(files).values({
    id,
    organizationId: file.organizationId,
    conversationId: file.conversationId,
    name: file.name,
    contentType: file.contentType,
    size: file.data.length,
    data: file.data,
    uploadedBy: file.uploadedBy,
    createdAt: file.now
  });
  return { id, url: fileUrl(id), contentType: file.contentType, size: file.data.length };
}

export async function findFile(db: Db, id: string) {
  const [row] = await db
    .select({ organizationId: files.organizationId, name: files.name, contentType: files.contentType, size: files.size, data: files.data })
    .from(files)
    .where(eq(files.id, id))
    .limit(1);
  return row;
}

/**
 * A Content-Disposition naming the file: an ASCII fallback for old clients and the exact UTF-8
 * name (RFC 6266 / RFC 5987) for the rest.
 */
export function contentDisposition(name: string): string {
  const fallback = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
