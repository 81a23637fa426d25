/** Links the widget shows: only http(s) or same-origin paths, never javascript: or data: pages. */
export function safeUrl(url: string | null | undefined): string | null {
  if (typeof url !== 'string') return null;
  if (/^https?:\/\//i.test(url)) return url;
  if (/^\/(?!\/)/.test(url)) return url;
  return null;
}

/** The avatar: https, same-origin, or an inline raster image (the page's CSP allows those). */
export function safeImageUrl(url: string | null): string | null {
  if (!url) return null;
  return /^(https:\/\/|\/(?!\/)|data:image\/(png|jpeg|gif|webp);base64,)/i.test(url) ? url : null;
}

/** Chat attachments download through the widget's own route with the resume token. */
export function fileUrl(url: string, token: string | null): string | null {
  const m = /^\/(?:api\/multimedia\/descargar|widget\/files)\/([A-Za-z0-9_-]{1,100})$/.exec(url);
  if (m && token) return `/widget/files/${m[1]}?token=${encodeURIComponent(token)}`;
  return safeUrl(url);
}

/** Issue 38: the conversation as text, downloaded with the resume token (GET /widget/transcript). */
export function transcriptUrl(token: string | null): string | null {
  return token ? `/widget/transcript?token=${encodeURIComponent(token)}` : null;
}
