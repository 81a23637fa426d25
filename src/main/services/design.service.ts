import { fileTypeFromBuffer } from 'file-type';
import { endpoints } from '../../shared/api/catalogue';
import { DEFAULT_DASHBOARD_DESIGN, LOGO_MAX_BYTES, LOGO_TYPES, type DashboardDesign } from '../../shared/domain/dashboard-design';
import { fontFilePath } from '../../shared/domain/design';
import type { DesignView, FontFileArg, IpcResult } from '../../shared/ipc';
import { MSG } from '../../shared/messages';
import type { DesignChanged } from '../../shared/realtime';
import type { ApiClient } from './api-client';
import type { EventBus } from './event-bus';
import { decodeClaims } from './jwt';
import type { Fetch, Logger, ServiceUrls, Settings } from './ports';
import type { SessionStore } from './session-store';

/** A font file larger than this is not a font the platform serves (its latin woff2 files are ~20–60 KB). */
const FONT_MAX_BYTES = 512 * 1024;
/** The words of a font the platform does not serve (the server refuses it in the same words). */
export const UNKNOWN_FONT = 'La fuente no está disponible en la plataforma';
const LOGO_URL = /^\/api\/multimedia\/descargar\/([A-Za-z0-9_-]{1,100})$/;

export interface DesignServiceDeps {
  api: Pick<ApiClient, 'call'>;
  store: Pick<SessionStore, 'current' | 'onChange'>;
  settings: Settings;
  bus: EventBus;
  fetch: Fetch;
  logger: Logger;
  serviceUrls: () => ServiceUrls | null | Promise<ServiceUrls | null>;
  /** The links whose sockets hear the platform's 'design:changed' (the agent one, the monitor one). */
  pushes: ReadonlyArray<{ onDesignChanged(listener: (payload: DesignChanged) => void): () => void }>;
}

export interface DesignService {
  /** 'design:current': what the app wears now. */
  current(): Promise<IpcResult<DesignView>>;
  /** 'design:font': the file of a font the platform's list offers, as a data: URL (the editor's preview). */
  font(arg: FontFileArg): Promise<IpcResult<string>>;
  /** Fetches the session organisation's design and logo (done at sign-in; the tests await it). */
  refresh(): Promise<void>;
  dispose(): void;
}

/** Reads a body of at most `max` bytes; null when larger. */
async function readCapped(body: ReadableStream<Uint8Array>, max: number): Promise<Buffer | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > max) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The dashboard design the app wears (issue 40; SPEC §4, §5). At start it is the cached one (the
 * last worn: electron-store through the settings port), else DEFAULT_DASHBOARD_DESIGN. Once a
 * window has asked for it ('design:current'), when a session starts — and at that first ask, when
 * one is already open — it asks the platform for the
 * organisation's design (null → the default) and logo, fetches the logo's bytes with the session's
 * token and the font's file, and hands the renderer data: URLs of both ('design:changed'), so the
 * renderer holds no token and reaches no other origin. The platform pushes every later change on
 * the socket the main process holds (the agent link or the monitor link): the pushed design is
 * taken in the same way. An empty logo answer is an error (SPEC §5): the view carries
 * 'Error al obtener logo' and no logo; the cache keeps the last logo that loaded.
 */
export function createDesignService(deps: DesignServiceDeps): DesignService {
  const cached = deps.settings.get('dashboardDesign');
  let view: DesignView = cached
    ? { design: cached.design, logo: cached.logo, font: cached.font, logoError: null }
    : { design: DEFAULT_DASHBOARD_DESIGN, logo: null, font: null, logoError: null };
  /** Counts what was taken in, so an older answer never overwrites a newer push. */
  let generation = 0;
  /** A window asked for the design ('design:current'): from then on each sign-in fetches it. Before, nobody wears it. */
  let worn = false;

  const organisation = (): number | null => {
    const access = deps.store.current()?.access;
    return (access ? decodeClaims(access) : null)?.company ?? null;
  };

  async function logoData(url: string): Promise<string | null> {
    const id = LOGO_URL.exec(url)?.[1];
    if (!id) return null;
    const download = await deps.api.call(endpoints.downloadFile, { params: { id } });
    if (!download.ok) return null;
    const bytes = await readCapped(download.data, LOGO_MAX_BYTES);
    const type = bytes ? await fileTypeFromBuffer(bytes) : undefined;
    if (!bytes || !type || !LOGO_TYPES.has(type.mime)) return null;
    return `data:${type.mime};base64,${bytes.toString('base64')}`;
  }

  async function fontData(design: DashboardDesign): Promise<string | null> {
    return fontFile(design.fuente);
  }

  /** A font's file from the platform's /fonts route, as a data: URL; null when it is not a WOFF2 file of at most FONT_MAX_BYTES. */
  async function fontFile(font: FontFileArg): Promise<string | null> {
    const base = (await deps.serviceUrls())?.virtualAgent.replace(/\/+$/, '');
    if (!base) return null;
    const response = await deps.fetch(`${base}${fontFilePath(font)}`, { method: 'GET', signal: AbortSignal.timeout(15_000) });
    if (!response.ok || !response.body) return null;
    const bytes = await readCapped(response.body, FONT_MAX_BYTES);
    const type = bytes ? await fileTypeFromBuffer(bytes) : undefined;
    return bytes && type?.mime === 'font/woff2' ? `data:font/woff2;base64,${bytes.toString('base64')}` : null;
  }

  /** Takes in a design and logo url from the platform for `idOrg`: fetches the files, then wears, caches and forwards them. */
  async function takeIn(idOrg: number, design: DashboardDesign, logoUrl: string | null): Promise<void> {
    const mine = ++generation;
    const [logo, font] = await Promise.all([
      logoUrl ? logoData(logoUrl).catch(() => null) : Promise.resolve(null),
      (design.fuente.family === view.design.fuente.family && design.fuente.variant === view.design.fuente.variant && view.font
        ? Promise.resolve(view.font)
        : fontData(design)
      ).catch((error: unknown) => {
        deps.logger.warn('The dashboard font could not be loaded', error instanceof Error ? error.message : error);
        return null;
      })
    ]);
    if (mine !== generation || organisation() !== idOrg) return;
    const logoError = logo ? null : MSG.dashboard.logoLoadFailed;
    if (logoError) deps.logger.warn(logoUrl ? `The dashboard logo ${logoUrl} could not be loaded` : 'The platform answered an empty dashboard logo');
    view = { design, logo, font, logoError };
    deps.settings.set('dashboardDesign', { idOrg, design, logo: logo ?? (cached?.idOrg === idOrg ? cached.logo : null), font });
    deps.bus.emit('design:changed', view);
  }

  async function refresh(): Promise<void> {
    const idOrg = organisation();
    if (idOrg === null) return;
    const started = generation;
    const [design, image] = await Promise.all([
      deps.api.call(endpoints.dashboardDesign, { params: { idOrg } }),
      deps.api.call(endpoints.dashboardImage, { params: { idOrg } })
    ]);
    // A push came meanwhile: it is newer than these answers.
    if (started !== generation) return;
    if (!design.ok) {
      deps.logger.warn(`${MSG.dashboard.configLoadFailed} (${design.error.status})`);
      return;
    }
    await takeIn(idOrg, design.data ?? DEFAULT_DASHBOARD_DESIGN, image.ok ? image.data.Imagen : null);
  }

  const unsubscribe = [
    deps.store.onChange((change) => {
      if (change.kind === 'start' && worn) void refresh().catch((error: unknown) => deps.logger.warn('The dashboard design could not be loaded', error));
    }),
    ...deps.pushes.map((link) =>
      link.onDesignChanged(({ design, logo }) => {
        const idOrg = organisation();
        if (idOrg !== null) void takeIn(idOrg, design, logo).catch((error: unknown) => deps.logger.warn('A pushed dashboard design could not be taken in', error));
      })
    )
  ];

  /** The preview's font files already fetched, by family and variant (a handful at most: the platform serves a small set). */
  const previewFonts = new Map<string, string>();

  /**
   * 'design:font': only a family and variant the platform's web-fonts list offers (the allow-list,
   * asked with the session's token), so the renderer cannot make the main process fetch any other path.
   */
  async function font(arg: FontFileArg): Promise<IpcResult<string>> {
    const key = `${arg.family}\u0000${arg.variant}`;
    const known = previewFonts.get(key);
    if (known) return { ok: true, data: known };
    const list = await deps.api.call(endpoints.webFonts, { query: { limit: 200 } });
    if (!list.ok) return { ok: false, error: { status: list.error.status, message: MSG.dashboard.fontsLoadFailed } };
    const offered = list.data.items.some((f) => f.family === arg.family && f.variants.includes(arg.variant));
    if (!offered) return { ok: false, error: { status: 422, message: UNKNOWN_FONT } };
    const data = await fontFile(arg).catch(() => null);
    if (!data) return { ok: false, error: { status: 502, message: MSG.dashboard.fontsLoadFailed } };
    previewFonts.set(key, data);
    return { ok: true, data };
  }

  return {
    font,
    current: async () => {
      // The first ask of a window: the cached design now, the platform's (when signed in) as 'design:changed' once it answers.
      if (!worn) {
        worn = true;
        if (organisation() !== null) void refresh().catch((error: unknown) => deps.logger.warn('The dashboard design could not be loaded', error));
      }
      return { ok: true, data: view };
    },
    refresh,
    dispose: () => {
      for (const off of unsubscribe) off();
    }
  };
}
