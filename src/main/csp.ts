/**
 * The renderer's Content-Security-Policy (DESIGN.md §4), sent as a header by the desktop app's
 * app:// protocol and by the browser host. 'unsafe-inline' styles: Griffel (Fluent UI) inserts
 * style elements at run time; scripts stay 'self' only.
 */
export function rendererCsp(platformOrigin: string | null): string {
  return [...BASE_POLICY, frameSrc(platformOrigin)].join('; ');
}

/**
 * Frames: the widget editor's preview is the real widget page of the platform (issue 40), so the
 * platform's origin and no other; with no platform address known, none.
 */
function frameSrc(platformOrigin: string | null): string {
  if (!platformOrigin) return "frame-src 'none'";
  const origin = new URL(platformOrigin).origin;
  return `frame-src ${origin}`;
}

const BASE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // The dashboard design's font: its file comes from the main process as a data: URL (the platform's
  // address varies — an embedded platform's port, a configured one — and the renderer reaches no other origin).
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'"
];

/** The policy while the platform's address is not known. */
export const CONTENT_SECURITY_POLICY = rendererCsp(null);

/** Headers every renderer response carries, the platform's origin (if known) allowed as a frame. */
export function rendererSecurityHeaders(platformOrigin: string | null): Record<string, string> {
  return {
    'content-security-policy': rendererCsp(platformOrigin),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin'
  };
}
export const RENDERER_SECURITY_HEADERS = rendererSecurityHeaders(null);
