import { describe, expect, it } from 'vitest';
import { EMBED_TAG } from '../../../src/shared/widget-embed';
import { FrameMessage, LauncherAnswer, SnippetAttributes } from '../../../src/shared/widget-embed-messages';
import { readFrameMessage, readLauncher, readSnippet } from '../../../src/widget/loader/guards';

/** The loader's hand-written checks answer as the protocol's zod schemas do, case by case. */
const sameAs = <T>(schema: { safeParse(v: unknown): { success: boolean; data?: T } }, guard: (v: never) => T | null, value: unknown) => {
  const parsed = schema.safeParse(value);
  expect(guard(value as never)).toEqual(parsed.success ? parsed.data : null);
};

describe("the loader's guards", () => {
  it.each([
    ['ready', { tag: EMBED_TAG, type: 'ready' }],
    ['close', { tag: EMBED_TAG, type: 'close' }],
    ['status', { tag: EMBED_TAG, type: 'status', active: true, unread: 3 }],
    ['session', { tag: EMBED_TAG, type: 'session', value: '{"conversationId":"c"}' }],
    ['session cleared', { tag: EMBED_TAG, type: 'session', value: null }],
    ['session too long', { tag: EMBED_TAG, type: 'session', value: 'x'.repeat(2001) }],
    ['session not text', { tag: EMBED_TAG, type: 'session', value: 5 }],
    ['status with an extra key', { tag: EMBED_TAG, type: 'status', active: false, unread: 0, text: 'hola' }],
    ['no tag', { type: 'ready' }],
    ['another tag', { tag: 'otro', type: 'ready' }],
    ['an unknown type', { tag: EMBED_TAG, type: 'eval', code: 'x' }],
    ['a negative count', { tag: EMBED_TAG, type: 'status', active: true, unread: -1 }],
    ['a fractional count', { tag: EMBED_TAG, type: 'status', active: true, unread: 1.5 }],
    ['a huge count', { tag: EMBED_TAG, type: 'status', active: true, unread: 10_000 }],
    ['a count as text', { tag: EMBED_TAG, type: 'status', active: true, unread: '2' }],
    ['active as text', { tag: EMBED_TAG, type: 'status', active: 'true', unread: 2 }],
    ['a string', 'atiende-widget'],
    ['an array', [EMBED_TAG, 'ready']],
    ['null', null]
  ])('frame message: %s', (_what, value) => {
    sameAs(FrameMessage, readFrameMessage, value);
  });

  it.each([
    ['the platform answer', { title: 'Asistente · Demo', background: '#1973bb', color: '#FFFFFF' }],
    ['an extra key', { title: 'A', background: '#1973bb', color: '#ffffff', x: 1 }],
    ['a short hex', { title: 'A', background: '#fff', color: '#ffffff' }],
    ['a CSS injection', { title: 'A', background: 'red;}body{display:none', color: '#ffffff' }],
    ['a long title', { title: 'x'.repeat(201), background: '#1973bb', color: '#ffffff' }],
    ['no title', { background: '#1973bb', color: '#ffffff' }],
    ['an error body', { statusCode: 404, message: 'no' }],
    ['null', null]
  ])('launcher answer: %s', (_what, value) => {
    sameAs(LauncherAnswer, readLauncher, value);
  });

  it.each([
    ['ids', { org: '100', va: '1' }],
    ['proactive', { org: '100', va: '1', open: 'proactive' }],
    ['zero', { org: '0', va: '1' }],
    ['no va', { org: '100' }],
    ['an exponent', { org: '1e3', va: '1' }],
    ['too long', { org: '1234567890', va: '1' }],
    ['another open', { org: '100', va: '1', open: 'always' }]
  ])('snippet attributes: %s', (_what, value) => {
    sameAs(SnippetAttributes, readSnippet, value);
  });
});
