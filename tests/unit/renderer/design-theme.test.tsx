// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { DEFAULT_DASHBOARD_DESIGN, type DashboardDesign } from '../../../src/shared/domain/dashboard-design';
import type { DesignView } from '../../../src/shared/ipc';
import { designTheme } from '../../../src/renderer/components/brand-theme';
import { bubbleColoursAtom } from '../../../src/renderer/features/chat/theme';
import { DEFAULT_DESIGN_VIEW, designThemeAtom } from '../../../src/renderer/features/design/atoms';
import { DesignProvider } from '../../../src/renderer/features/design/DesignProvider';
import { wornColours } from '../../../src/renderer/features/design/wear';
import { DesignPreview, useWornColours } from '../../../src/renderer/features/design/worn';
import { contrast } from '../../../src/shared/color';
import { installFakeAtiende, ok } from './fake-atiende';

const brand = (background: string): DashboardDesign => ({
  ...DEFAULT_DASHBOARD_DESIGN,
  colores: { ...DEFAULT_DASHBOARD_DESIGN.colores, principal: { background, color: '#ffffff' } }
});
const WOFF2 = `data:font/woff2;base64,${btoa('wOF2 font bytes')}`;

/** Something inside the provider. */
function Probe() {
  return <div data-testid="probe" />;
}
/** A store, and the design provider rendered with it around a probe. */
function renderProvided() {
  const store = createStore();
  render(
    <Provider store={store}>
      <DesignProvider>
        <Probe />
      </DesignProvider>
    </Provider>
  );
  return store;
}
/** The CSS variables the app's FluentProvider writes into the document for its theme. */
const providerCss = () =>
  [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
    .join('\n');

describe('the app wears the dashboard design', () => {
  let fake: ReturnType<typeof installFakeAtiende>;
  beforeEach(() => {
    fake = installFakeAtiende();
  });
  afterEach(() => cleanup());

  it('takes the cached design from the main process, then every pushed one: the theme, the bubbles and the font follow the atom', async () => {
    const cached: DesignView = { ...DEFAULT_DESIGN_VIEW, design: brand('#aa0000') };
    fake.api.design.current.mockImplementation(() => ok(cached));
    const store = renderProvided();
    await waitFor(() => expect(store.get(designThemeAtom).colorBrandBackground).toBe('#aa0000'));
    expect(store.get(designThemeAtom)).toEqual(designTheme(brand('#aa0000')));
    expect(screen.getByTestId('probe')).toBeTruthy();

    const mensajeAsesor = { background: '#ffeb3b', color: '#ffffff' };
    const pushed: DesignView = {
      design: { ...brand('#2e7d32'), colores: { ...brand('#2e7d32').colores, asesorHumano: { ...DEFAULT_DASHBOARD_DESIGN.colores.asesorHumano, mensajeAsesor } } },
      logo: null,
      font: WOFF2,
      logoError: null
    };
    expect(providerCss()).toContain('--colorBrandBackground: #aa0000');
    act(() => fake.emit('design:changed', pushed));
    expect(store.get(designThemeAtom).colorBrandBackground).toBe('#2e7d32');
    await waitFor(() => expect(providerCss()).toContain('--colorBrandBackground: #2e7d32'));
    expect(providerCss()).not.toContain('--colorBrandBackground: #aa0000');
    // A light agent bubble with white text is worn readable: the guard's nearest passing shade, never the unreadable pair.
    expect(store.get(bubbleColoursAtom).asesor.background).toBe('#ffeb3b');
    expect(store.get(bubbleColoursAtom).asesor.color).not.toBe('#ffffff');
    const face = document.head.querySelector('style[data-design-font]');
    expect(face?.textContent).toContain(`font-family: "${DEFAULT_DASHBOARD_DESIGN.fuente.family}"`);
    expect(face?.textContent).toContain(WOFF2);
  });

  it('keeps a push that arrived before the first answer', async () => {
    let answer: (value: Awaited<ReturnType<typeof ok<DesignView>>>) => void = () => undefined;
    fake.api.design.current.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const store = renderProvided();
    act(() => fake.emit('design:changed', { ...DEFAULT_DESIGN_VIEW, design: brand('#2e7d32') }));
    await act(async () => answer({ ok: true, data: { ...DEFAULT_DESIGN_VIEW, design: brand('#aa0000') } }));
    expect(store.get(designThemeAtom).colorBrandBackground).toBe('#2e7d32');
  });
});

describe('the parts the design paints (wear.ts), in the app and in a preview', () => {
  afterEach(() => cleanup());

  it('gives the drawer, the console header and footer their design colours, each text made readable', () => {
    const design: DashboardDesign = {
      ...DEFAULT_DASHBOARD_DESIGN,
      colores: {
        ...DEFAULT_DASHBOARD_DESIGN.colores,
        secundario: { background: '#1b1b1b', color: '#eeeeee' },
        asesorHumano: {
          ...DEFAULT_DASHBOARD_DESIGN.colores.asesorHumano,
          header: { background: '#ffffff', color: '#dddddd' },
          footer: { background: '#003366', iconsColor: '#004488' }
        }
      }
    };
    const worn = wornColours(design);
    expect(worn.drawer).toEqual({ background: '#1b1b1b', color: '#eeeeee' });
    expect(worn.consoleHeader.background).toBe('#ffffff');
    expect(contrast('#ffffff', worn.consoleHeader.color)).toBeGreaterThanOrEqual(4.5);
    expect(worn.consoleFooter.background).toBe('#003366');
    // The footer's text and icons on its dark background: text 4.5:1, icons 3:1.
    expect(contrast('#003366', worn.consoleFooter.color)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#003366', worn.consoleFooter.icons)).toBeGreaterThanOrEqual(3);
    expect(worn.consoleFooter.icons).not.toBe('#004488');
  });

  it('a DesignPreview wears its own design inside, the app its own outside', () => {
    installFakeAtiende();
    const draft: DesignView = { ...DEFAULT_DESIGN_VIEW, design: { ...DEFAULT_DASHBOARD_DESIGN, colores: { ...DEFAULT_DASHBOARD_DESIGN.colores, secundario: { background: '#222222', color: '#ffffff' } } } };
    function Drawer({ id }: { id: string }) {
      return <div data-testid={id} style={{ backgroundColor: useWornColours().drawer.background }} />;
    }
    render(
      <Provider store={createStore()}>
        <Drawer id="app" />
        <DesignPreview view={draft}>
          <Drawer id="preview" />
        </DesignPreview>
      </Provider>
    );
    expect(screen.getByTestId('app').style.backgroundColor).toBe('rgb(2, 152, 177)');
    expect(screen.getByTestId('preview').style.backgroundColor).toBe('rgb(34, 34, 34)');
  });
});
