/** What a render error looks like on the error screen and in the error log. */
export interface ErrorSummary {
  name: string;
  message: string;
  stack?: string;
}

const DETAIL_MAX = 20000;

export function summariseError(error: unknown): ErrorSummary {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  if (error && typeof error === 'object') {
    const e = error as { status?: unknown; statusText?: unknown; data?: unknown };
    if (typeof e.status === 'number') {
      return { name: `HTTP ${e.status}`, message: typeof e.statusText === 'string' ? e.statusText : String(e.data ?? '') };
    }
  }
  return { name: 'Error', message: String(error) };
}

/** SPEC §7 "Other": render errors are reported as 'errorBoundary' with their detail. */
export function reportRenderError(summary: ErrorSummary, path?: string): void {
  const detail = [`${summary.name}: ${summary.message}`, summary.stack ?? ''].join('\n').slice(0, DETAIL_MAX);
  void window.atiende.errors.report({ name: 'errorBoundary', detail, ...(path ? { path: path.slice(0, 2000) } : {}) });
}
