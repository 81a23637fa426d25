import { describe, expect, it } from 'vitest';
import { createDesignService, type DesignServiceDeps } from '../../../src/main/services/design.service';
import { createEventBus } from '../../../src/main/services/event-bus';
import { createMemorySettings, silentLogger, type Tokens } from '../../../src/main/services/ports';
import type { SessionChange } from '../../../src/main/services/session-store';
import { endpoints } from '../../../src/shared/api/catalogue';
import { DEFAULT_DASHBOARD_DESIGN, type DashboardDesign } from '../../../src/shared/domain/dashboard-design';
import { FontFileArg, type DesignView, type IpcResult } from '../../../src/shared/ipc';
import { agentServerEvents, monitorServerEvents, type DesignChanged } from '../../../src/shared/realtime';
import { accessToken, deferred, refreshToken, settle, T0, URLS } from './fakes';

const withPrincipal = (background: string): DashboardDesign => ({
  ...DEFAULT_DASHBOARD_DESIGN,
  colores: { ...DEFAULT_DASHBOARD_DESIGN.colores, principal: { background, color: '#ffffff' } }
});
/** The first bytes file-type knows a PNG and a WOFF2 file by. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.from('IHDR'), Buffer.alloc(17)]);
const WOFF2 = Buffer.concat([Buffer.from('wOF2'), Buffer.from([0, 1, 0, 0]), Buffer.alloc(40)]);
const stream = (bytes: Buffer) => new Response(bytes).body as ReadableStream<Uint8Array>;
const ok = <T>(data: T): IpcResult<T> => ({ ok: true, data });
const signedIn: Tokens = { access: accessToken({ company: 100 }), refresh: refreshToken(T0 + 86_400_000) };

interface Answers {
  fonts: () => Promise<IpcResult<{ items: Array<{ family: string; category: string; variants: string[] }> }>>;
  design: () => Promise<IpcResult<DashboardDesign | null>>;
  image: () => Promise<IpcResult<{ Imagen: string }>>;
}

function setup(answers: Partial<Answers>, options: { cached?: DashboardDesign; tokens?: Tokens | null } = {}) {
  const settings = createMemorySettings(options.cached ? { dashboardDesign: { idOrg: 100, design: options.cached, logo: null, font: null } } : {});
  const bus = createEventBus();
  const changed: DesignView[] = [];
  bus.on('design:changed', (view) => changed.push(view));
  const listeners = new Set<(change: SessionChange) => void>();
  let tokens = options.tokens === undefined ? signedIn : options.tokens;
  const pushed = new Set<(payload: DesignChanged) => void>();
  const downloads: string[] = [];
  const api: DesignServiceDeps['api'] = {
    call: (async (def: unknown, input?: { params?: { id?: string } }) => {
      if (def === endpoints.dashboardDesign) return (answers.design ?? (async () => ok(null)))();
      if (def === endpoints.webFonts) return (answers.fonts ?? (async () => ok({ items: [{ family: 'Lato', category: 'sans-serif', variants: ['regular', '700'] }] })))();
      if (def === endpoints.dashboardImage) return (answers.image ?? (async () => ok({ Imagen: '' })))();
      if (def === endpoints.downloadFile) {
        downloads.push(input?.params?.id ?? '');
        return ok(stream(PNG));
      }
      throw new Error('unexpected call');
    }) as DesignServiceDeps['api']['call']
  };
  const fonts: string[] = [];
  const service = createDesignService({
    api,
    store: {
      current: () => tokens,
      onChange: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      }
    },
    settings,
    bus,
    fetch: async (url) => {
      fonts.push(url);
      return new Response(WOFF2);
    },
    logger: silentLogger,
    serviceUrls: () => URLS,
    pushes: [
      {
        onDesignChanged: (listener) => {
          pushed.add(listener);
          return () => pushed.delete(listener);
        }
      }
    ]
  });
  return {
    service,
    settings,
    changed,
    downloads,
    fonts,
    push: (payload: DesignChanged) => {
      for (const listener of pushed) listener(payload);
    },
    signIn: (next: Tokens) => {
      tokens = next;
      for (const listener of listeners) listener({ kind: 'start', tokens: next });
    }
  };
}

const current = async (service: ReturnType<typeof setup>['service']) => {
  const result = await service.current();
  if (!result.ok) throw new Error('current failed');
  return result.data;
};

describe('the dashboard design service', () => {
  it('wears the cached design before the network answers, then the platform’s, and caches that', async () => {
    const answer = deferred<IpcResult<DashboardDesign | null>>();
    const t = setup({ design: () => answer.promise, image: async () => ok({ Imagen: '/api/multimedia/descargar/logo1' }) }, { cached: withPrincipal('#aa0000') });
    expect((await current(t.service)).design.colores.principal.background).toBe('#aa0000');
    expect(t.changed).toEqual([]);

    // The window's first ask fetched the platform's design; it arrives as 'design:changed'.
    answer.resolve(ok(withPrincipal('#2e7d32')));
    await settle();
    await settle();
    const view = await current(t.service);
    expect(view.design.colores.principal.background).toBe('#2e7d32');
    expect(view.logo).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(view.font).toBe(`data:font/woff2;base64,${WOFF2.toString('base64')}`);
    expect(view.logoError).toBeNull();
    expect(t.downloads).toContain('logo1');
    expect(t.fonts[0]).toBe(`${URLS.virtualAgent}/fonts/roboto/${DEFAULT_DASHBOARD_DESIGN.fuente.variant}.woff2`);
    expect(t.changed.at(-1)).toEqual(view);
    expect(t.settings.get('dashboardDesign')).toEqual({ idOrg: 100, design: view.design, logo: view.logo, font: view.font });
  });

  it('wears the default with nothing cached and no session, and the default when the organisation saved none; an empty logo is an error', async () => {
    const t = setup({}, { tokens: null });
    expect(await current(t.service)).toEqual({ design: DEFAULT_DASHBOARD_DESIGN, logo: null, font: null, logoError: null });

    // The sign-in fetches it (a window wears the design).
    t.signIn(signedIn);
    await settle();
    await settle();
    const view = await current(t.service);
    expect(view.design).toEqual(DEFAULT_DASHBOARD_DESIGN);
    expect(view.logo).toBeNull();
    expect(view.logoError).toBe('Error al obtener logo');
    expect(t.changed.at(-1)).toEqual(view);
  });

  it('keeps the design it wears when the platform cannot answer', async () => {
    const t = setup({ design: async () => ({ ok: false, error: { status: 0, message: 'Error de red' } }) }, { cached: withPrincipal('#aa0000') });
    await t.service.refresh();
    expect((await current(t.service)).design.colores.principal.background).toBe('#aa0000');
    expect(t.changed).toEqual([]);
  });

  it('takes in a pushed design and logo, and forwards them', async () => {
    const t = setup({});
    await t.service.refresh();
    t.push({ design: withPrincipal('#123456'), logo: '/api/multimedia/descargar/nuevo' });
    await settle();
    await settle();
    const view = await current(t.service);
    expect(view.design.colores.principal.background).toBe('#123456');
    expect(view.logo).toMatch(/^data:image\/png;base64,/);
    expect(t.downloads).toContain('nuevo');
    expect(t.changed.at(-1)).toEqual(view);
    expect(t.settings.get('dashboardDesign')?.design.colores.principal.background).toBe('#123456');
  });

  it('refuses a pushed payload the contract does not allow, on both namespaces', () => {
    const bad = [{ design: withPrincipal('verde'), logo: '' }, { design: { colores: {} }, logo: '' }, { design: DEFAULT_DASHBOARD_DESIGN }, null];
    for (const schema of [agentServerEvents['design:changed'], monitorServerEvents['design:changed']]) {
      for (const payload of bad) expect(schema.safeParse(payload).success).toBe(false);
      expect(schema.safeParse({ design: DEFAULT_DASHBOARD_DESIGN, logo: '' }).success).toBe(true);
    }
  });

  it('hands the preview a font file only for a family and variant the platform lists, once fetched', async () => {
    const t = setup({});
    const lato = await t.service.font({ family: 'Lato', variant: '700' });
    expect(lato).toEqual({ ok: true, data: `data:font/woff2;base64,${WOFF2.toString('base64')}` });
    expect(t.fonts).toEqual([`${URLS.virtualAgent}/fonts/lato/700.woff2`]);
    // Asked again: from memory.
    await t.service.font({ family: 'Lato', variant: '700' });
    expect(t.fonts).toHaveLength(1);
    // Not in the list (another family, another variant): refused, nothing fetched.
    expect(await t.service.font({ family: 'Comic Neue', variant: 'regular' })).toMatchObject({ ok: false, error: { status: 422, message: 'La fuente no está disponible en la plataforma' } });
    expect(await t.service.font({ family: 'Lato', variant: '900' })).toMatchObject({ ok: false, error: { status: 422 } });
    expect(t.fonts).toHaveLength(1);
    // The channel's argument admits no path: a variant is a weight and/or style, no more.
    for (const variant of ['../../api/x', '700.woff2', '']) expect(FontFileArg.safeParse({ family: 'Lato', variant }).success).toBe(false);
    expect(FontFileArg.safeParse({ family: 'Lato', variant: '700italic' }).success).toBe(true);
  });

  it('says the fonts could not be loaded when the list cannot be read', async () => {
    const t = setup({ fonts: async () => ({ ok: false, error: { status: 500, message: 'x' } }) });
    expect(await t.service.font({ family: 'Lato', variant: 'regular' })).toEqual({ ok: false, error: { status: 500, message: 'Error al cargar Google Fonts' } });
    expect(t.fonts).toEqual([]);
  });
});
