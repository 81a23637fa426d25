import type { IpcResult } from '../../shared/ipc';
import { MSG } from '../../shared/messages';
import type { Clipboard, Logger, ServiceUrls } from './ports';

export interface WidgetHostService {
  /** 'widget:platformOrigin': the platform's origin (scheme, host, port), which serves the widget. */
  platformOrigin(): Promise<IpcResult<{ origin: string }>>;
  /** 'clipboard:writeText'. */
  copy(arg: { text: string }): Promise<IpcResult<null>>;
}

/**
 * What the widget editor needs from the main process (issue 40): the platform's address, which the
 * renderer does not know (an embedded platform's port, a configured one) — its preview frames the
 * widget page there and its snippet names the loader there — and the clipboard for 'Copiar'.
 */
export function createWidgetHostService(deps: { serviceUrls: () => ServiceUrls | null | Promise<ServiceUrls | null>; clipboard: Clipboard; logger: Logger }): WidgetHostService {
  return {
    async platformOrigin() {
      try {
        const url = (await deps.serviceUrls())?.virtualAgent;
        if (url) return { ok: true, data: { origin: new URL(url).origin } };
      } catch (error) {
        deps.logger.warn('No platform address for the widget preview', error);
      }
      return { ok: false, error: { status: 0, message: MSG.generic.networkError } };
    },
    async copy({ text }) {
      try {
        deps.clipboard.writeText(text);
        return { ok: true, data: null };
      } catch (error) {
        deps.logger.warn('Clipboard write failed', error);
        return { ok: false, error: { status: 500, message: MSG.generic.serverError } };
      }
    }
  };
}
