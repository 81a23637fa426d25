/** Reads a picked file as base64 text (SPEC §3 upload payload), in chunks so large files do not overflow the call stack. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const CHUNK = 0x8000;
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

const CONTENT_TYPE = /^[a-z]+\/[a-z0-9.+-]+$/;

/** The file's content type as the upload accepts it (type/subtype, no parameters); unknown types are sent as binary. */
export function uploadContentType(file: Pick<File, 'type'>): string {
  const type = (file.type.split(';')[0] ?? '').trim().toLowerCase();
  return CONTENT_TYPE.test(type) ? type : 'application/octet-stream';
}
