/**
 * The attachments the platform accepts, by content type (with the extension a nameless upload
 * gets), and the leading bytes each must start with, so a file cannot claim a type it is not.
 * SVG and HTML are left out on purpose: a browser runs the scripts they can carry.
 */
const startsWith = (bytes: Buffer, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const EBML = [0x1a, 0x45, 0xdf, 0xa3];

type Check = (bytes: Buffer) => boolean;

const isZip: Check = (b) => startsWith(b, ZIP);
const isOle: Check = (b) => startsWith(b, OLE);
const isRiff = (form: string): Check => (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii(form), 8);
const isIsoMedia: Check = (b) => ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'].some((box) => startsWith(b, ascii(box), 4));
const isMpegAudio: Check = (b) => startsWith(b, ascii('ID3')) || (b.length >= 2 && b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0);
const isText: Check = (b) => !b.includes(0);

const TYPES: Record<string, { extension: string; check: Check }> = {
  'image/png': { extension: 'png', check: (b) => startsWith(b, PNG) },
  'image/jpeg': { extension: 'jpg', check: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  'image/gif': { extension: 'gif', check: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')) },
  'image/webp': { extension: 'webp', check: isRiff('WEBP') },
  'image/bmp': { extension: 'bmp', check: (b) => startsWith(b, ascii('BM')) },
  'application/pdf': { extension: 'pdf', check: (b) => startsWith(b, ascii('%PDF-')) },
  'application/msword': { extension: 'doc', check: isOle },
  'application/vnd.ms-excel': { extension: 'xls', check: isOle },
  'application/vnd.ms-powerpoint': { extension: 'ppt', check: isOle },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { extension: 'docx', check: isZip },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { extension: 'xlsx', check: isZip },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { extension: 'pptx', check: isZip },
  'application/vnd.oasis.opendocument.text': { extension: 'odt', check: isZip },
  'application/vnd.oasis.opendocument.spreadsheet': { extension: 'ods', check: isZip },
  'application/vnd.oasis.opendocument.presentation': { extension: 'odp', check: isZip },
  'text/plain': { extension: 'txt', check: isText },
  'text/csv': { extension: 'csv', check: isText },
  'audio/mpeg': { extension: 'mp3', check: isMpegAudio },
  'audio/mp4': { extension: 'm4a', check: isIsoMedia },
  'audio/aac': { extension: 'aac', check: (b) => b.length >= 2 && b[0] === 0xff && ((b[1] ?? 0) & 0xf6) === 0xf0 },
  'audio/ogg': { extension: 'ogg', check: (b) => startsWith(b, ascii('OggS')) },
  'audio/wav': { extension: 'wav', check: isRiff('WAVE') },
  'audio/webm': { extension: 'weba', check: (b) => startsWith(b, EBML) },
  'video/mp4': { extension: 'mp4', check: isIsoMedia },
  'video/quicktime': { extension: 'mov', check: isIsoMedia },
  'video/webm': { extension: 'webm', check: (b) => startsWith(b, EBML) },
  'video/ogg': { extension: 'ogv', check: (b) => startsWith(b, ascii('OggS')) }
};

export const ALLOWED_CONTENT_TYPES: readonly string[] = Object.keys(TYPES);

export function isAllowedContentType(contentType: string): boolean {
  return Object.hasOwn(TYPES, contentType);
}

/** Whether the bytes start as the content type requires (false for a type not allowed). */
export function matchesContentType(contentType: string, bytes: Buffer): boolean {
  return Object.hasOwn(TYPES, contentType) && (TYPES[contentType]?.check(bytes) ?? false);
}

export function extensionFor(contentType: string): string {
  return (Object.hasOwn(TYPES, contentType) && TYPES[contentType]?.extension) || 'bin';
}
