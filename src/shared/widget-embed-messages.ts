import { z } from 'zod';
import { EMBED_TAG, MAX_PREFILL_FIELDS } from './widget-embed';

/**
 * The messages the host page's loader (src/widget/loader) and the widget's iframe
 * (src/widget/embed.ts) exchange by postMessage (issue 40), and the launcher's answer. The widget
 * parses every message with these schemas after checking its origin and source. The loader checks
 * the same shapes with a few lines of its own (src/widget/loader/guards.ts: zod would triple its
 * size); tests/unit/widget/loader-guards.test.ts holds both to the same answers.
 */

/** GET /widget/launcher: what the launcher bubble wears before the chat is loaded. */
export const LauncherAnswer = z.object({
  title: z.string().max(200),
  background: z.string().regex(/^#[0-9a-f]{6}$/i),
  color: z.string().regex(/^#[0-9a-f]{6}$/i)
});
export type LauncherAnswer = z.infer<typeof LauncherAnswer>;

/** Entry-form answers a host page hands in (Atiende.prefill): at most 30 fields, short texts. */
export const PrefillFields = z.record(z.string().min(1).max(100), z.string().max(1000));
export type PrefillFields = z.infer<typeof PrefillFields>;

/**
 * The widget's stored session (src/widget/session.ts, as JSON) when the browser refuses the frame
 * any storage of its own (third-party storage blocked): the loader keeps it in the host page's
 * localStorage and hands it back (docs/widget-embed.md, "Continuity").
 */
export const RelayedSession = z.string().max(2000).nullable();

/** Host page (loader) → widget iframe. `hello` answers `ready` and tells the frame where it lives. */
export const HostMessage = z.discriminatedUnion('type', [
  z.object({ tag: z.literal(EMBED_TAG), type: z.literal('hello'), open: z.boolean(), session: RelayedSession }),
  /** The panel was shown (`focus`: the customer opened it, move the focus inside) or hidden. */
  z.object({ tag: z.literal(EMBED_TAG), type: z.literal('open'), focus: z.boolean() }),
  z.object({ tag: z.literal(EMBED_TAG), type: z.literal('close') }),
  z.object({ tag: z.literal(EMBED_TAG), type: z.literal('prefill'), fields: PrefillFields.refine((f) => Object.keys(f).length <= MAX_PREFILL_FIELDS) }),
  /** Another tab of the site changed the relayed session. */
  z.object({ tag: z.literal(EMBED_TAG), type: z.literal('session'), value: RelayedSession })
]);
export type HostMessage = z.infer<typeof HostMessage>;

/** Widget iframe → host page (loader). */
export const FrameMessage = z.discriminatedUnion('type', [
  /** The widget's script runs: the loader answers with `hello`. */
  z.object({ tag: z.literal(EMBED_TAG), type: z.literal('ready') }),
  /** Whether a conversation is going on, and how many messages arrived while the panel was hidden. */
  z.object({ tag: z.literal(EMBED_TAG), type: z.literal('status'), active: z.boolean(), unread: z.number().int().min(0).max(9999) }),
  /** The customer asked to minimise the chat (its button or Escape). */
  z.object({ tag: z.literal(EMBED_TAG), type: z.literal('close') }),
  /** The frame cannot use its own storage: the loader keeps its session in the host page's. */
  z.object({ tag: z.literal(EMBED_TAG), type: z.literal('session'), value: RelayedSession })
]);
export type FrameMessage = z.infer<typeof FrameMessage>;

/** The parsed message, or null for anything else (another script's traffic, a malformed one). */
export function readHostMessage(data: unknown): HostMessage | null {
  const parsed = HostMessage.safeParse(data);
  return parsed.success ? parsed.data : null;
}
export function readFrameMessage(data: unknown): FrameMessage | null {
  const parsed = FrameMessage.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** The snippet's attributes as the loader reads them. */
const Id = z.string().regex(/^[1-9]\d{0,8}$/);
export const SnippetAttributes = z.object({ org: Id, va: Id, open: z.enum(['proactive']).optional() });
export type SnippetAttributes = z.infer<typeof SnippetAttributes>;
