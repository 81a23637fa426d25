import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isExecutableName, visibleName } from '../../shared/file-names';

const RESERVED_WINDOWS_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;
const FALLBACK_NAME = 'archivo';

/**
 * A name a file may be saved under on any OS, from a name that came from the platform or the page:
 * no directories, nothing invisible (visibleName: no bidirectional overrides), no characters
 * Windows refuses, no leading dots (hidden files), not empty.
 */
export function safeFileName(name: string): string {
  const cleaned = basename(visibleName(name).replace(/\\/g, '/'))
    // eslint-disable-next-line no-control-regex
    .replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 200);
  if (cleaned === '') return FALLBACK_NAME;
  return RESERVED_WINDOWS_NAMES.test(cleaned) ? `_${cleaned}` : cleaned;
}

/**
 * A path a file from outside (a chat attachment) may be saved at: one whose name would run or
 * install something when double-clicked (isExecutableName) gets `.txt` appended, so it opens as text.
 */
export function inertPath(path: string): string {
  return isExecutableName(basename(path)) ? `${path}.txt` : path;
}

/** `name` in `dir`, or 'name (1).ext', 'name (2).ext'… when taken. */
export function uniquePath(dir: string, name: string): string {
  const ext = extname(name);
  const stem = ext ? name.slice(0, -ext.length) : name;
  let candidate = join(dir, name);
  for (let n = 1; existsSync(candidate); n++) candidate = join(dir, `${stem} (${n})${ext}`);
  return candidate;
}

export interface StreamToFileOptions {
  /** Aborting stops the copy and removes the temporary file; the target is never touched. */
  signal?: AbortSignal;
  /** Sees every chunk on its way to disk (progress). */
  onChunk?: (chunk: Uint8Array) => void;
}

/**
 * Streams `body` to `target` without buffering it whole and without ever leaving a half-written
 * file: the bytes go to a hidden temporary file beside the target, renamed over it only once
 * complete; any failure or abort removes the temporary file.
 */
export async function streamToFile(body: ReadableStream<Uint8Array>, target: string, options: StreamToFileOptions = {}): Promise<void> {
  const temp = join(dirname(target), `.${basename(target)}.${randomUUID()}.part`);
  const { onChunk, signal } = options;
  const watch = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onChunk?.(chunk);
      done(null, chunk);
    }
  });
  try {
    await pipeline(Readable.fromWeb(body), watch, createWriteStream(temp, { flags: 'wx' }), signal ? { signal } : {});
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
