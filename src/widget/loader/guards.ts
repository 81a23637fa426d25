import { EMBED_TAG } from '../../shared/widget-embed';
import type { FrameMessage, LauncherAnswer, SnippetAttributes } from '../../shared/widget-embed-messages';

/**
 * The loader's checks of what reaches it from outside — the frame's messages, the launcher's
 * answer, the snippet's attributes — in the shapes src/shared/widget-embed-messages.ts gives with
 * zod, written out by hand because zod would make the loader three times its size (11 KB gzipped
 * against about 4). tests/unit/widget/loader-guards.test.ts runs both over the same cases.
 */
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const HEX = /^#[0-9a-f]{6}$/i;
const ID = /^[1-9]\d{0,8}$/;

export function readFrameMessage(data: unknown): FrameMessage | null {
  if (!isRecord(data) || data.tag !== EMBED_TAG) return null;
  if (data.type === 'ready' || data.type === 'close') return { tag: EMBED_TAG, type: data.type };
  if (data.type === 'session' && (data.value === null || (typeof data.value === 'string' && data.value.length <= 2000))) return { tag: EMBED_TAG, type: 'session', value: data.value };
  if (data.type === 'status' && typeof data.active === 'boolean' && Number.isInteger(data.unread) && (data.unread as number) >= 0 && (data.unread as number) <= 9999) {
    return { tag: EMBED_TAG, type: 'status', active: data.active, unread: data.unread as number };
  }
  return null;
}

export function readLauncher(data: unknown): LauncherAnswer | null {
  if (!isRecord(data)) return null;
  const { title, background, color } = data;
  if (typeof title !== 'string' || title.length > 200 || typeof background !== 'string' || !HEX.test(background) || typeof color !== 'string' || !HEX.test(color)) return null;
  return { title, background, color };
}

export function readSnippet(dataset: { org?: string; va?: string; open?: string }): SnippetAttributes | null {
  const { org, va, open } = dataset;
  if (org === undefined || va === undefined || !ID.test(org) || !ID.test(va) || (open !== undefined && open !== 'proactive')) return null;
  return open === undefined ? { org, va } : { org, va, open };
}
