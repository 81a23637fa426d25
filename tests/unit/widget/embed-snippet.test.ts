import { describe, expect, it } from 'vitest';
import { EMBED_TAG, embedSnippet } from '../../../src/shared/widget-embed';
import { readHostMessage } from '../../../src/shared/widget-embed-messages';

describe('embedSnippet', () => {
  it('builds the one-line snippet for an organisation and its virtual agent', () => {
    expect(embedSnippet('https://plataforma.example.co', 100, 1)).toBe('<script src="https://plataforma.example.co/widget/loader.js" data-org="100" data-va="1" async></script>');
  });

  it("uses the platform's origin: a trailing slash, path, query or fragment is dropped", () => {
    expect(embedSnippet('https://example.co/', 7, 3)).toBe('<script src="https://example.co/widget/loader.js" data-org="7" data-va="3" async></script>');
    expect(embedSnippet('https://example.co/login?next=1', 7, 3)).toBe('<script src="https://example.co/widget/loader.js" data-org="7" data-va="3" async></script>');
    expect(embedSnippet('http://127.0.0.1:4000?x=1#y', 7, 3)).toBe('<script src="http://127.0.0.1:4000/widget/loader.js" data-org="7" data-va="3" async></script>');
  });

  it('refuses what is not a URL', () => {
    expect(() => embedSnippet('plataforma', 1, 1)).toThrow();
  });
});

describe('the embed messages', () => {
  it('reads the host messages of the protocol', () => {
    expect(readHostMessage({ tag: EMBED_TAG, type: 'prefill', fields: { Documento: '123' } })).toEqual({ tag: EMBED_TAG, type: 'prefill', fields: { Documento: '123' } });
    expect(readHostMessage({ tag: EMBED_TAG, type: 'open', focus: true })).toEqual({ tag: EMBED_TAG, type: 'open', focus: true });
  });

  it.each([
    ['a value that is not text', { tag: EMBED_TAG, type: 'prefill', fields: { Documento: 123 } }],
    ['a value too long', { tag: EMBED_TAG, type: 'prefill', fields: { Documento: 'x'.repeat(1001) } }],
    ['too many fields', { tag: EMBED_TAG, type: 'prefill', fields: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`f${i}`, 'x'])) }],
    ['a hello without its flag', { tag: EMBED_TAG, type: 'hello' }]
  ])('ignores %s from the host', (_what, data) => {
    expect(readHostMessage(data)).toBeNull();
  });
});
