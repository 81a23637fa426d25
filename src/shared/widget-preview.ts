import { z } from 'zod';
import { WidgetDesign } from './domain/widget-design';
import { EMBED_TAG } from './widget-embed';

/**
 * The widget editor's live preview (issue 40): the editor frames the real widget page with
 * `preview=1` and posts it the draft as the admin edits; the page applies it with the same code
 * path its saved design takes (src/shared/widget-theme.ts). `avatarUrl`: the draft's avatar (a
 * data: URL of a picked file) or null for none; absent, the page keeps the saved one it was served with.
 */
export const PreviewMessage = z.object({
  tag: z.literal(EMBED_TAG),
  type: z.literal('preview'),
  design: WidgetDesign,
  avatarUrl: z.string().max(4_000_000).nullable().optional()
});
export type PreviewMessage = z.infer<typeof PreviewMessage>;
/** The page tells its parent it listens (the editor then posts the draft it holds). */
export const PREVIEW_READY = { tag: EMBED_TAG, type: 'preview-ready' } as const;
