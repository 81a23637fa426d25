import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { DashboardDesign, DashboardDesignVersionList, DEFAULT_DASHBOARD_DESIGN, type DashboardDesignVersion } from '../../../src/shared/domain/dashboard-design';
import { MAX_UPLOAD_BYTES } from '../../../src/shared/domain/media';
import { MSG } from '../../../src/shared/messages';
import { dashboardDesigns, files } from '../../../src/server/db/schema';
import { paymentMethodsPng, renderPng, requirementsPdf } from '../../../src/server/demo/demo-files';
import { DESIGN_TEXT } from '../../../src/server/settings/repositories/dashboard-design';
import { BACKENDS } from '../../support/database';
import { signedInPlatform } from './chat-fixtures';

const EMAILS = ['admin@demo.co', 'admin@otra.co', 'asesor@demo.co', 'superadmin@demo.co', 'visualizador@demo.co'];
const D = (org: number, call: string) => `/api/organization/${org}/dashboardDesign/${call}`;
const BRAND: DashboardDesign = {
  ...DEFAULT_DASHBOARD_DESIGN,
  colores: { ...DEFAULT_DASHBOARD_DESIGN.colores, principal: { background: '#2e7d32', color: '#ffffff' }, header: { background: '#1b5e20', color: '#ffffff' } },
  fuente: { family: 'Roboto', category: 'sans-serif', variant: '700' }
};
const base64 = (bytes: Buffer) => bytes.toString('base64');

/** personalizacion/dashboard (issue 40): the organisation's design and logo, versioned. */
describe.each(BACKENDS)('the dashboard design on %s', (backend) => {
  const signed = signedInPlatform(backend, EMAILS);

  const rows = async (org = 100) => Number((await signed.platform.app.db.select({ n: count() }).from(dashboardDesigns).where(eq(dashboardDesigns.organizationId, org)))[0]?.n);
  const upload = async (bytes: Buffer, contentType: string, as = 'admin@demo.co') =>
    signed.call(as, 'POST', '/api/multimedia/subir', { data: base64(bytes), format_type: 'base64', content_type: contentType, name: 'logo' });
  const versions = async (org = 100, as = 'admin@demo.co') => DashboardDesignVersionList.parse((await signed.call(as, 'GET', D(org, 'versions'))).json()).items;

  it('answers null and an empty logo while the organisation has saved none', async () => {
    const design = await signed.call('asesor@demo.co', 'GET', D(100, 'getDashboardDesign'));
    expect(design.statusCode).toBe(200);
    expect(design.json()).toBeNull();
    expect((await signed.call('asesor@demo.co', 'GET', D(100, 'getDashboardImage'))).json()).toEqual({ Imagen: '' });
    expect(await versions()).toEqual([]);
  });

  it('saves a design, answers it to every role of the organisation, and keeps it as version 1', async () => {
    const res = await signed.call('admin@demo.co', 'POST', D(100, 'updateDashboardDesign'), BRAND);
    expect(res.statusCode).toBe(200);
    expect(DashboardDesign.parse(res.json())).toEqual(BRAND);
    for (const email of ['asesor@demo.co', 'visualizador@demo.co', 'superadmin@demo.co']) {
      expect((await signed.call(email, 'GET', D(100, 'getDashboardDesign'))).json()).toEqual(BRAND);
    }
    expect((await versions()).map((v) => [v.version, v.creadoPor])).toEqual([[1, 'Carolina Martínez']]);
    // Another organisation still has none.
    expect((await signed.call('admin@otra.co', 'GET', D(200, 'getDashboardDesign'))).json()).toBeNull();
  });

  it('completes a body missing parts from the default, never storing half a design', async () => {
    const res = await signed.call('admin@demo.co', 'POST', D(100, 'updateDashboardDesign'), { colores: { principal: { background: '#7b1fa2' }, asesorHumano: { footer: { iconsColor: '#333333' } } } });
    expect(res.statusCode).toBe(200);
    const stored = DashboardDesign.parse(res.json());
    expect(stored.colores.principal).toEqual({ background: '#7b1fa2', color: DEFAULT_DASHBOARD_DESIGN.colores.principal.color });
    expect(stored.colores.asesorHumano.footer).toEqual({ background: DEFAULT_DASHBOARD_DESIGN.colores.asesorHumano.footer.background, iconsColor: '#333333' });
    expect(stored.colores.header).toEqual(DEFAULT_DASHBOARD_DESIGN.colores.header);
    expect(stored.fuente).toEqual(DEFAULT_DASHBOARD_DESIGN.fuente);
    const [row] = await signed.platform.app.db.select({ design: dashboardDesigns.design }).from(dashboardDesigns).where(eq(dashboardDesigns.version, 2));
    expect(DashboardDesign.parse(row?.design)).toEqual(stored);
  });

  it('refuses a colour that is not hex, an unknown font or variant, and a viewer, changing nothing', async () => {
    const before = await rows();
    const cases: [string, unknown, number, string | null][] = [
      ['a colour name', { ...BRAND, colores: { ...BRAND.colores, principal: { background: 'red', color: '#ffffff' } } }, 400, 'El color debe tener el formato #rrggbb'],
      ['hex without #', { colores: { header: { color: 'ffffff' } } }, 400, 'El color debe tener el formato #rrggbb'],
      ['an unknown family', { ...BRAND, fuente: { family: 'Comic Sans MS', category: 'sans-serif', variant: 'regular' } }, 400, DESIGN_TEXT.fontNotServed('Comic Sans MS', 'regular')],
      ['a variant not served', { ...BRAND, fuente: { family: 'Roboto', category: 'sans-serif', variant: '950' } }, 400, DESIGN_TEXT.fontNotServed('Roboto', '950')],
      ['an unknown key', { colores: { principal: { background: '#ffffff', fondo: '#000000' } } }, 400, null],
      ['a list', [BRAND], 400, null]
    ];
    for (const [label, body, status, message] of cases) {
      const res = await signed.call('admin@demo.co', 'POST', D(100, 'updateDashboardDesign'), body as object);
      expect(res.statusCode, label).toBe(status);
      if (message) expect(res.json<{ message: string }>().message, label).toContain(message);
    }
    expect((await signed.call('visualizador@demo.co', 'POST', D(100, 'updateDashboardDesign'), BRAND)).statusCode).toBe(403);
    expect((await signed.call('asesor@demo.co', 'POST', D(100, 'updateDashboardDesign'), BRAND)).statusCode).toBe(403);
    expect(await rows()).toBe(before);
  });

  it("refuses another organisation's design to an administrator, and lets a superadministrator name it", async () => {
    const before = await rows(200);
    expect((await signed.call('admin@demo.co', 'POST', D(200, 'updateDashboardDesign'), BRAND)).statusCode).toBe(403);
    expect((await signed.call('admin@demo.co', 'GET', D(200, 'getDashboardDesign'))).statusCode).toBe(403);
    expect((await signed.call('admin@demo.co', 'GET', D(200, 'versions'))).statusCode).toBe(403);
    expect((await signed.call('admin@otra.co', 'POST', D(100, 'restoreVersion'), { version: 1 })).statusCode).toBe(403);
    expect(await rows(200)).toBe(before);
    expect((await signed.call('superadmin@demo.co', 'GET', D(200, 'getDashboardDesign'))).statusCode).toBe(200);
  });

  it('sets an uploaded PNG as the logo, as a new version keeping the design', async () => {
    const design = (await signed.call('admin@demo.co', 'GET', D(100, 'getDashboardDesign'))).json();
    const uploaded = (await upload(paymentMethodsPng(), 'image/png')).json<{ url: string }>();
    const res = await signed.call('admin@demo.co', 'POST', D(100, 'updateDashboardtImage'), { url: uploaded.url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Imagen: uploaded.url });
    expect((await signed.call('asesor@demo.co', 'GET', D(100, 'getDashboardImage'))).json()).toEqual({ Imagen: uploaded.url });
    expect((await signed.call('asesor@demo.co', 'GET', D(100, 'getDashboardDesign'))).json()).toEqual(design);
    // A later design save keeps the logo.
    expect((await signed.call('admin@demo.co', 'POST', D(100, 'updateDashboardDesign'), BRAND)).statusCode).toBe(200);
    expect((await signed.call('asesor@demo.co', 'GET', D(100, 'getDashboardImage'))).json()).toEqual({ Imagen: uploaded.url });
  });

  it('uploadDesignImage stores a PNG, JPEG or WebP of the organisation and refuses every other upload, storing nothing', async () => {
    const designImage = (bytes: Buffer, contentType: string, as = 'admin@demo.co', org = 100) =>
      signed.call(as, 'POST', `/api/organization/${org}/designImage`, { data: base64(bytes), format_type: 'base64', content_type: contentType, name: 'logo.png' });
    const stored = await designImage(paymentMethodsPng(), 'image/png');
    expect(stored.statusCode).toBe(200);
    const { url } = stored.json<{ url: string }>();
    expect((await signed.call('admin@demo.co', 'POST', D(100, 'updateDashboardtImage'), { url })).statusCode).toBe(200);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    // Noise does not deflate: 1024² RGB pixels stay ~3 MB, past the 2 MB a design image may weigh.
    const noise = randomBytes(1024 * 1024 * 3);
    const pixel = (x: number, y: number): [number, number, number] => {
      const i = (y * 1024 + x) * 3;
      return [noise[i] ?? 0, noise[i + 1] ?? 0, noise[i + 2] ?? 0];
    };
    const storedFiles = async () => Number((await signed.platform.app.db.select({ n: count() }).from(files))[0]?.n);
    const before = await storedFiles();
    const cases: [string, Promise<{ statusCode: number }>, number][] = [
      ['a PNG named SVG', designImage(paymentMethodsPng(), 'image/svg+xml'), 415],
      ['an SVG with a script', designImage(svg, 'image/svg+xml'), 415],
      ['a PDF named PNG', designImage(requirementsPdf(), 'image/png'), 415],
      ['a PDF', designImage(requirementsPdf(), 'application/pdf'), 415],
      ['3 MB (past the body limit of a 2 MB image)', designImage(renderPng(1024, 1024, pixel), 'image/png'), 413],
      ['8 px a side', designImage(renderPng(8, 8, () => [0, 0, 0]), 'image/png'), 400],
      ['20 MB', designImage(Buffer.alloc(20 * 1024 * 1024, 1), 'image/png'), 413],
      ["another organisation's path", designImage(paymentMethodsPng(), 'image/png', 'admin@otra.co', 100), 403],
      ['an agent', designImage(paymentMethodsPng(), 'image/png', 'asesor@demo.co'), 403]
    ];
    for (const [label, res, status] of cases) {
      const answered = await res;
      expect(answered.statusCode, label).toBe(status);
    }
    expect(await storedFiles()).toBe(before);
  });

  it('refuses logos: a PNG named SVG, an SVG with a script, 20 MB, an external url, another organisation’s file, a PDF, too large dimensions', async () => {
    const before = await rows();
    // The upload route refuses the first three outright (no SVG is accepted: the platform has no sanitiser).
    expect((await upload(paymentMethodsPng(), 'image/svg+xml')).statusCode).toBe(415);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(svg, 'image/svg+xml')).statusCode).toBe(415);
    const huge = (await upload(Buffer.alloc(20 * 1024 * 1024, 1), 'image/png')).statusCode;
    expect([400, 413]).toContain(huge);
    expect(20 * 1024 * 1024).toBeGreaterThan(MAX_UPLOAD_BYTES);

    const foreign = (await upload(paymentMethodsPng(), 'image/png', 'admin@otra.co')).json<{ url: string }>();
    const pdf = (await upload(requirementsPdf(), 'application/pdf')).json<{ url: string }>();
    const wide = (await upload(renderPng(2100, 4, () => [0, 0, 0]), 'image/png')).json<{ url: string }>();
    const tiny = (await upload(renderPng(8, 8, () => [0, 0, 0]), 'image/png')).json<{ url: string }>();
    const cases: [string, string, string][] = [
      ['an external url', 'https://ejemplo.co/logo.png', DESIGN_TEXT.logoNotUploaded],
      ["another organisation's file", foreign.url, DESIGN_TEXT.logoNotFound],
      ['a file that does not exist', '/api/multimedia/descargar/noexiste123', DESIGN_TEXT.logoNotFound],
      ['2100 px wide', wide.url, DESIGN_TEXT.logoDimensions],
      ['8 px a side', tiny.url, DESIGN_TEXT.logoDimensions],
      ['a PDF', pdf.url, DESIGN_TEXT.logoType]
    ];
    for (const [label, url, message] of cases) {
      const res = await signed.call('admin@demo.co', 'POST', D(100, 'updateDashboardtImage'), { url });
      expect(res.statusCode, label).toBe(400);
      expect(res.json<{ message: string }>().message, label).toBe(message);
    }
    expect(await rows()).toBe(before);
  });

  it('keeps the last ten versions and restores one as a new version', async () => {
    for (let i = 0; i < 10; i += 1) {
      const colour = `#${(0x101010 * (i + 1)).toString(16).padStart(6, '0')}`;
      expect((await signed.call('admin@demo.co', 'POST', D(100, 'updateDashboardDesign'), { ...BRAND, colores: { ...BRAND.colores, secundario: { background: colour, color: '#ffffff' } } })).statusCode).toBe(200);
    }
    const kept: DashboardDesignVersion[] = await versions();
    expect(kept).toHaveLength(10);
    expect(await rows()).toBe(10);
    const numbers = kept.map((v) => v.version);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    const oldest = kept[kept.length - 1] as DashboardDesignVersion;
    const res = await signed.call('admin@demo.co', 'POST', D(100, 'restoreVersion'), { version: oldest.version });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(oldest.design);
    const after = await versions();
    expect(after[0]).toMatchObject({ version: (numbers[0] ?? 0) + 1, design: oldest.design, logoUrl: oldest.logoUrl });
    expect(after).toHaveLength(10);
    // The version restored from was the oldest: now past the ten, it is gone.
    const gone = await signed.call('admin@demo.co', 'POST', D(100, 'restoreVersion'), { version: oldest.version });
    expect(gone.statusCode).toBe(404);
    expect(gone.json<{ message: string }>().message).toBe(DESIGN_TEXT.versionNotFound);
  });

  it('lists the fonts it serves, with only the variants it has files for, and serves their files', async () => {
    const res = await signed.call('admin@demo.co', 'GET', '/api/fonts?limit=200');
    expect(res.statusCode).toBe(200);
    const { items } = res.json<{ items: { family: string; category: string; variants: string[] }[] }>();
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.length).toBeLessThanOrEqual(200);
    const roboto = items.find((f) => f.family === 'Roboto');
    expect(roboto).toMatchObject({ category: 'sans-serif' });
    expect(roboto?.variants).toContain('regular');
    expect((await signed.call('admin@demo.co', 'GET', '/api/fonts?limit=1')).json<{ items: unknown[] }>().items).toHaveLength(1);
    expect((await signed.call('admin@demo.co', 'GET', '/api/fonts?limit=201')).statusCode).toBe(400);
    expect((await signed.call('asesor@demo.co', 'GET', '/api/fonts')).statusCode).toBe(403);

    const file = await signed.platform.app.inject({ method: 'GET', url: '/fonts/roboto/regular.woff2' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('font/woff2');
    expect(file.headers['cache-control']).toContain('immutable');
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    for (const url of ['/fonts/roboto/950.woff2', '/fonts/comic-sans/regular.woff2', '/fonts/roboto/regular.ttf', '/fonts/..%2F..%2Fpackage.json/regular.woff2', '/fonts/roboto/..%2F..%2Fpackage.json', '/fonts/ROBOTO/regular.woff2']) {
      const refused = await signed.platform.app.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json<{ message: string }>().message).toBe(MSG.generic.notFound);
    }
  });
});
