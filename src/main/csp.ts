/**
 * The renderer's Content-Security-Policy (DESIGN.md §4), sent as a header by the desktop app's
 * app:// protocol and by the browser host. 'unsafe-inline' styles: Griffel (Fluent UI) inserts
 * style elements at run time; scripts stay 'self' only.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'"
].join('; ');

/** Headers every renderer response carries. */
export const RENDERER_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin'
};
