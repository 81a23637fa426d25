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
  // The dashboard design's font: its file comes from the main process as a data: URL (the platform's
  // address varies — an embedded platform's port, a configured one — and the renderer reaches no other origin).
  "font-src 'self' data:",
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
