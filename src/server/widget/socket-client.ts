import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Where the page loads the socket.io browser client from (the socket.io server runs with serveClient off). */
export const SOCKET_CLIENT_PATH = '/widget/socket.io.min.js';

let cached: Promise<Buffer> | null = null;

/**
 * The socket.io browser client shipped in the socket.io-client package (a runtime dependency,
 * kept in node_modules by every build), read once.
 */
export function socketClientScript(): Promise<Buffer> {
  cached ??= (async () => {
    const manifest = createRequire(import.meta.url).resolve('socket.io-client/package.json');
    return readFile(join(dirname(manifest), 'dist', 'socket.io.min.js'));
  })().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}
