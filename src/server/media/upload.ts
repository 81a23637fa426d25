import { MAX_UPLOAD_BYTES, type UploadPayload } from '../../shared/domain/media';
import { MSG } from '../../shared/messages';
import { HttpError } from '../http/errors';
import { extensionFor, isAllowedContentType, matchesContentType } from './file-types';

export interface DecodedUpload {
  data: Buffer;
  contentType: string;
  name: string;
}

/** A file name safe to store and to put in a header: no path, no control characters. */
function cleanName(name: string | undefined, contentType: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base].map((c) => (c.charCodeAt(0) < 0x20 || c === '\u007f' || c === '"' ? '_' : c)).join('').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? `archivo.${extensionFor(contentType)}` : cleaned;
}

/**
 * Decodes a SPEC §3 upload payload (already schema-checked) and enforces the real limits: the
 * decoded size (≤ 10 MB, not empty), an allowed content type (415 otherwise) whose leading bytes
 * the file really has (415 otherwise).
 */
export function decodeUpload(payload: UploadPayload): DecodedUpload {
  const { data: text, content_type: contentType } = payload;
  if (!isAllowedContentType(contentType)) throw new HttpError(415, MSG.chat.fileTypeNotAllowed);
  const padded = text.endsWith('=');
  if (text.length % 4 === 1 || (padded && text.length % 4 !== 0)) throw new HttpError(400, MSG.chat.fileNotBase64);
  const data = Buffer.from(text, 'base64');
  if (data.length === 0) throw new HttpError(400, MSG.chat.fileEmpty);
  if (data.length > MAX_UPLOAD_BYTES) throw new HttpError(400, MSG.chat.fileTooLarge);
  if (!matchesContentType(contentType, data)) throw new HttpError(415, MSG.chat.fileContentMismatch);
  return { data, contentType, name: cleanName(payload.name, contentType) };
}
