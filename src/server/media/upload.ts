import { MAX_UPLOAD_BYTES, type UploadPayload } from '../../shared/domain/media';
import { extensionOf, visibleName } from '../../shared/file-names';
import { MSG } from '../../shared/messages';
import { HttpError } from '../http/errors';
import { extensionsFor, isAllowedContentType, matchesContentType } from './file-types';

/** The HTTP body limit of a route taking an upload of at most `maxBytes`: its base64 text plus room for the other fields. */
export function uploadBodyLimit(maxBytes: number = MAX_UPLOAD_BYTES): number {
  return Math.ceil((maxBytes * 4) / 3) + 64 * 1024;
}

export interface DecodedUpload {
  data: Buffer;
  contentType: string;
  name: string;
}

/**
 * The name a file is stored (and later offered for saving) under: no path, nothing invisible
 * (a right-to-left override can make `factura\u202Efdp.bat` read "facturatab.pdf"), no quotes, and
 * an extension of its real type — one it lacks is added, so `factura.pdf.bat` that is text
 * becomes `factura.pdf.bat.txt`. A name left empty is `archivo.<extension>`.
 */
export function storedName(name: string | undefined, contentType: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = visibleName(base).replace(/"/g, '_').replace(/[.\s]+$/u, '');
  const extensions = extensionsFor(contentType);
  const usual = extensions[0] ?? 'bin';
  if (cleaned === '' || /^\.+$/.test(cleaned)) return `archivo.${usual}`;
  return extensions.includes(extensionOf(cleaned)) ? cleaned : `${cleaned}.${usual}`;
}

/** Why an upload is refused: its status (400, or 415 for a type) and the Spanish text. */
export interface UploadRefusal {
  status: 400 | 415;
  message: string;
}

/**
 * Decodes a SPEC §3 upload payload (already schema-checked) and enforces the real limits: the
 * decoded size (≤ 10 MB, not empty), an allowed content type (of `allowed` when given) whose
 * bytes file-type finds to be of that type, and the stored name (storedName). Every upload — the
 * app's (/api/multimedia/subir) and the customer's (widget:upload) — goes through it.
 */
export async function checkUpload(payload: UploadPayload, allowed?: ReadonlySet<string>): Promise<{ ok: true; file: DecodedUpload } | { ok: false; refusal: UploadRefusal }> {
  const { data: text, content_type: contentType } = payload;
  const refuse = (status: 400 | 415, message: string) => ({ ok: false as const, refusal: { status, message } });
  if (!isAllowedContentType(contentType) || (allowed && !allowed.has(contentType))) return refuse(415, MSG.chat.fileTypeNotAllowed);
  const padded = text.endsWith('=');
  if (text.length % 4 === 1 || (padded && text.length % 4 !== 0)) return refuse(400, MSG.chat.fileNotBase64);
  const data = Buffer.from(text, 'base64');
  if (data.length === 0) return refuse(400, MSG.chat.fileEmpty);
  if (data.length > MAX_UPLOAD_BYTES) return refuse(400, MSG.chat.fileTooLarge);
  if (!(await matchesContentType(contentType, data))) return refuse(415, MSG.chat.fileContentMismatch);
  return { ok: true, file: { data, contentType, name: storedName(payload.name, contentType) } };
}

/** checkUpload for an HTTP route: the refusal thrown as its HttpError. */
export async function decodeUpload(payload: UploadPayload): Promise<DecodedUpload> {
  const checked = await checkUpload(payload);
  if (!checked.ok) throw new HttpError(checked.refusal.status, checked.refusal.message);
  return checked.file;
}
