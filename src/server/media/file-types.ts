import { fileTypeFromBuffer } from 'file-type';

/**
 * The attachments the platform accepts, by the content type the sender names: the extensions a
 * file of that type may carry (the first is given to a name without one of them), and what its
 * bytes must be, as file-type sniffs them — so a file cannot claim a type it is not. Text has no
 * signature: it is accepted as text when file-type finds no binary format in it and it holds no NUL.
 * SVG and HTML are left out on purpose: a browser runs the scripts they can carry.
 */
interface Kind {
  extensions: readonly string[];
  /** The MIME types file-type may answer for a real file of this type, or 'text'. */
  sniffed: readonly string[] | 'text';
}

const OLE = ['application/x-cfb'];
const TYPES: Record<string, Kind> = {
  'image/png': { extensions: ['png'], sniffed: ['image/png', 'image/apng'] },
  'image/jpeg': { extensions: ['jpg', 'jpeg'], sniffed: ['image/jpeg'] },
  'image/gif': { extensions: ['gif'], sniffed: ['image/gif'] },
  'image/webp': { extensions: ['webp'], sniffed: ['image/webp'] },
  'image/bmp': { extensions: ['bmp'], sniffed: ['image/bmp'] },
  'application/pdf': { extensions: ['pdf'], sniffed: ['application/pdf'] },
  'application/msword': { extensions: ['doc'], sniffed: OLE },
  'application/vnd.ms-excel': { extensions: ['xls'], sniffed: OLE },
  'application/vnd.ms-powerpoint': { extensions: ['ppt', 'pps'], sniffed: OLE },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { extensions: ['docx'], sniffed: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'] },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { extensions: ['xlsx'], sniffed: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { extensions: ['pptx'], sniffed: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'] },
  'application/vnd.oasis.opendocument.text': { extensions: ['odt'], sniffed: ['application/vnd.oasis.opendocument.text'] },
  'application/vnd.oasis.opendocument.spreadsheet': { extensions: ['ods'], sniffed: ['application/vnd.oasis.opendocument.spreadsheet'] },
  'application/vnd.oasis.opendocument.presentation': { extensions: ['odp'], sniffed: ['application/vnd.oasis.opendocument.presentation'] },
  'application/zip': { extensions: ['zip'], sniffed: ['application/zip'] },
  'text/plain': { extensions: ['txt', 'text', 'log'], sniffed: 'text' },
  'text/csv': { extensions: ['csv'], sniffed: 'text' },
  'audio/mpeg': { extensions: ['mp3'], sniffed: ['audio/mpeg'] },
  'audio/mp4': { extensions: ['m4a', 'mp4'], sniffed: ['audio/mp4', 'audio/x-m4a', 'video/mp4'] },
  'audio/aac': { extensions: ['aac'], sniffed: ['audio/aac'] },
  'audio/ogg': { extensions: ['ogg', 'oga', 'opus'], sniffed: ['audio/ogg', 'audio/opus', 'video/ogg'] },
  'audio/wav': { extensions: ['wav'], sniffed: ['audio/wav', 'audio/x-wav', 'audio/vnd.wave'] },
  'audio/webm': { extensions: ['weba', 'webm'], sniffed: ['audio/webm', 'video/webm'] },
  'video/mp4': { extensions: ['mp4', 'm4v'], sniffed: ['video/mp4', 'video/x-m4v'] },
  'video/quicktime': { extensions: ['mov'], sniffed: ['video/quicktime'] },
  'video/webm': { extensions: ['webm'], sniffed: ['video/webm'] },
  'video/ogg': { extensions: ['ogv', 'ogg'], sniffed: ['video/ogg', 'audio/ogg'] }
};

export const ALLOWED_CONTENT_TYPES: readonly string[] = Object.keys(TYPES);

const kindOf = (contentType: string): Kind | undefined => (Object.hasOwn(TYPES, contentType) ? TYPES[contentType] : undefined);

export function isAllowedContentType(contentType: string): boolean {
  return kindOf(contentType) !== undefined;
}

/** Whether the bytes are what the content type says, as file-type sniffs them (false for a type not allowed). */
export async function matchesContentType(contentType: string, bytes: Buffer): Promise<boolean> {
  const kind = kindOf(contentType);
  if (!kind) return false;
  const found = await fileTypeFromBuffer(bytes);
  if (kind.sniffed === 'text') return found === undefined && !bytes.includes(0);
  return found !== undefined && kind.sniffed.includes(found.mime);
}

/** The extensions a file of `contentType` may carry, the usual one first (none for a type not allowed). */
export function extensionsFor(contentType: string): readonly string[] {
  return kindOf(contentType)?.extensions ?? [];
}
