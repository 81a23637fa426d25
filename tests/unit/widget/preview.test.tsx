// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { DEFAULT_WIDGET_THEME } from '../../../src/shared/domain/widget-design';
import { EMBED_TAG } from '../../../src/shared/widget-embed';
import { WidgetPreview } from '../../../src/widget/Preview';
import { BOOT } from './fake-socket';

afterEach(cleanup);

const post = (data: unknown, source: MessageEventSource | null = window.parent) => act(() => void window.dispatchEvent(new MessageEvent('message', { data, source })));

describe('the widget page as the editor’s live preview (preview=1)', () => {
  it('applies the posted draft with the page’s own theme variables and avatar, and ignores other senders and bad drafts', async () => {
    const view = render(<WidgetPreview boot={{ ...BOOT, preview: true }} />);
    expect(view.container.querySelector('#messages li[data-sender="CLIENTE"]')).not.toBeNull();
    expect(view.container.querySelector('#widget-avatar')).toBeNull();
    const design = { ...DEFAULT_WIDGET_THEME, colores: { ...DEFAULT_WIDGET_THEME.colores, header: { background: '#5b2a86', color: '#ffffff' }, mensajeCliente: { background: '#ffffff', color: '#ffe082' } } };
    await post({ tag: EMBED_TAG, type: 'preview', design, avatarUrl: 'data:image/png;base64,iVBORw0KGgo=' });
    const root = document.documentElement.style;
    expect(root.getPropertyValue('--header-bg')).toBe('#5b2a86');
    // What customers see stays readable whatever the draft says (the same `readable` the page's CSS goes through).
    expect(root.getPropertyValue('--client-msg-fg')).not.toBe('#ffe082');
    expect(view.container.querySelector('#widget-avatar')?.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');

    await post({ tag: EMBED_TAG, type: 'preview', design: { ...design, colores: { ...design.colores, header: { background: 'url(x)', color: '#fff' } } } });
    await post({ tag: EMBED_TAG, type: 'preview', design: DEFAULT_WIDGET_THEME, avatarUrl: null }, null);
    expect(root.getPropertyValue('--header-bg')).toBe('#5b2a86');
    expect(view.container.querySelector('#widget-avatar')).not.toBeNull();
  });
});
