import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

/** Where the browser host serves the WebSocket bridge that stands in for the preload. */
export const BRIDGE_PATH = '/__atiende/bridge.js';
export const BRIDGE_SOCKET_PATH = '/__atiende/ipc';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8'
};

export interface RendererFile {
  status: 200 | 404;
  body: Buffer | string;
  contentType: string;
}

const notFound: RendererFile = { status: 404, body: 'No encontrado', contentType: 'text/plain; charset=utf-8' };

/**
 * Resolves a request path against the built renderer: a file when one exists inside `dir`, the app's
 * index.html for any other extension-less path (client-side routes), 404 otherwise. Paths that
 * escape `dir` are 404.
 */
export async function readRendererFile(dir: string, pathname: string, options: { bridge?: boolean } = {}): Promise<RendererFile> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return notFound;
  }
  if (decoded.includes('\0')) return notFound;
  const root = resolve(dir);
  const target = resolve(root, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  if (target !== root && !target.startsWith(root + sep)) return notFound;

  const isIndex = target === root || target === resolve(root, 'index.html');
  if (!isIndex && (await isFile(target))) {
    return { status: 200, body: await readFile(target), contentType: CONTENT_TYPES[extname(target).toLowerCase()] ?? 'application/octet-stream' };
  }
  if (!isIndex && extname(target) !== '') return notFound;
  const html = await readFile(resolve(root, 'index.html'), 'utf8');
  return { status: 200, body: prepareIndexHtml(html, options.bridge ?? false), contentType: CONTENT_TYPES['.html'] as string };
}

/**
 * The built index.html refers to its assets relative to itself ('./assets/…'); the app is served
 * from an origin root and its client-side routes are nested, so the references are made absolute.
 * With `bridge`, the browser host's bridge script is loaded before the app's module script, so
 * `window.atiende` exists when the app starts.
 */
export function prepareIndexHtml(html: string, bridge: boolean): string {
  const absolute = html.replace(/(\s(?:src|href))="\.\//g, '$1="/');
  if (!bridge) return absolute;
  const tag = `<script src="${BRIDGE_PATH}"></script>`;
  const moduleScript = absolute.search(/<script\b[^>]*type="module"/);
  if (moduleScript >= 0) return `${absolute.slice(0, moduleScript)}${tag}\n    ${absolute.slice(moduleScript)}`;
  return absolute.replace('</head>', `  ${tag}\n  </head>`);
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
