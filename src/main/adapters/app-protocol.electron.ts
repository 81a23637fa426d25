import { protocol } from 'electron';
import { RENDERER_SECURITY_HEADERS } from '../csp';
import { readRendererFile } from '../renderer-files';

/**
 * The renderer is served from app://atiende/ rather than file://: it gets a real origin (so the
 * CSP header, 'self' and client-side routes behave as in a browser) and cannot read the file system.
 */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://atiende`;

/** Node's URL gives custom schemes an opaque ('null') origin, so compare scheme and host. */
export function isAppUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === `${APP_SCHEME}:` && url.host === 'atiende';
  } catch {
    return false;
  }
}

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    if (!isAppUrl(request.url) || request.method !== 'GET') return new Response('No encontrado', { status: 404 });
    const url = new URL(request.url);
    const file = await readRendererFile(rendererDir, url.pathname);
    const body = typeof file.body === 'string' ? file.body : new Uint8Array(file.body);
    return new Response(body, { status: file.status, headers: { ...RENDERER_SECURITY_HEADERS, 'content-type': file.contentType } });
  });
}
