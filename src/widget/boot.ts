import { z } from 'zod';
import { WidgetConfig } from '../shared/realtime';

/**
 * What the server's page (src/server/widget/page.ts) hands the widget's script, as JSON in
 * <script type="application/json" id="widget-boot">. No DOM here: the server imports it too.
 */
export const WidgetBoot = z.object({
  config: WidgetConfig,
  namespace: z.string().min(1),
  socketPath: z.string().min(1),
  maxUploadBytes: z.number().int().positive(),
  /** How long a request waits for its ack before it is sent again. */
  ackTimeoutMs: z.number().int().positive(),
  retryDelayMs: z.number().int().nonnegative(),
  /** How long widget:start (sent once) waits for its ack. */
  startTimeoutMs: z.number().int().positive(),
  /** Issue 40: the page is the iframe of the loader on a host page (GET /widget?…&embed=1). */
  embed: z.boolean().default(false),
  /** Issue 40: the widget editor's live preview (GET /widget?…&preview=1): no chat, the draft design posted by the editor. */
  preview: z.boolean().default(false)
});
export type WidgetBoot = z.infer<typeof WidgetBoot>;
export type WidgetTimings = Pick<WidgetBoot, 'ackTimeoutMs' | 'retryDelayMs' | 'startTimeoutMs'>;

export const WIDGET_BOOT_ID = 'widget-boot';
export const WIDGET_ROOT_ID = 'widget-root';
/** Where the page loads the widget's script from (served from the server bundle). */
export const WIDGET_SCRIPT_PATH = '/widget/app.js';

export function defaultTimings(): WidgetTimings {
  return { ackTimeoutMs: 8000, retryDelayMs: 1000, startTimeoutMs: 15000 };
}
