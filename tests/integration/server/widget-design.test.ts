import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_WIDGET_THEME, WidgetDesignAnswer, type WidgetDesign } from '../../../src/shared/domain/widget-design';
import { nearestPassingShade } from '../../../src/shared/color';
import { widgetDesigns } from '../../../src/server/db/schema';
import { paymentMethodsPng, requirementsPdf } from '../../../src/server/demo/demo-files';
import { DESIGN_IMAGE_TEXT } from '../../../src/server/media/design-image';
import { DESIGN_TEXT } from '../../../src/server/settings/repositories/dashboard-design';
import { BACKENDS } from '../../support/database';
import { signedInPlatform } from './chat-fixtures';

const EMAILS = ['admin@demo.co', 'admin@otra.co', 'asesor@demo.co', 'superadmin@demo.co'];
const W = (call: string, va: number, org = 100) => `/api/organization/${org}/colorFont/${call}?idVa=${va}`;
const UPDATE = (org = 100) => `/api/organization/${org}/colorFont/updateWidgetDesign`;
/** Va 2 of the demo organisation has no row in widget_designs (va 1 has the demo's design); va 3 is another organisation's. */
const VA = 2;
const OTHER_VA = 3;
const BRAND: WidgetDesign = {
  colores: { ...DEFAULT_WIDGET_THEME.colores, header: { background: '#5b2a86', color: '#ffffff' }, mensajeCliente: { background: '#fff3e0', color: '#4e342e' } },
  font: { family: 'Lato', category: 'sans-serif', variant: 'regular' }
};
const base64 = (bytes: Buffer) => bytes.toString('base64');

/** personalizacion/widget (issue 40): a virtual agent's widget design and avatar (SPEC §7 "Widget"). */
describe.each(BACKENDS)('the widget design on %s', (backend) => {
  const signed = signedInPlatform(backend, EMAILS);

  const row = async (va = VA) => (await signed.platform.app.db.select().from(widgetDesigns).where(and(eq(widgetDesigns.organizationId, 100), eq(widgetDesigns.idVa, va))))[0];
  const designImage = async (bytes: Buffer, contentType: string, name = 'avatar.png', as = 'admin@demo.co') =>
    signed.call(as, 'POST', '/api/organization/100/designImage', { data: base64(bytes), format_type: 'base64', content_type: contentType, name });

  it('answers the default theme as JSON text, and an empty avatar, for a virtual agent never saved', async () => {
    const res = await signed.call('admin@demo.co', 'GET', W('getWidgetDesign', VA));
    expect(res.statusCode).toBe(200);
    expect(WidgetDesignAnswer.parse(res.json())).toEqual({ idVa: VA, ...DEFAULT_WIDGET_THEME });
    expect((await signed.call('admin@demo.co', 'GET', W('getImage', VA))).json()).toEqual({ url: '' });
  });

  it('saves a design, completing a missing part from the default, and the widget page wears it', async () => {
    const { header, mensajeCliente } = BRAND.colores;
    const res = await signed.call('admin@demo.co', 'POST', UPDATE(), { idVa: VA, colores: { header, mensajeCliente, footer: { iconsColor: '#37474f' } }, font: { family: 'Lato' } });
    expect(res.statusCode).toBe(200);
    const saved = WidgetDesignAnswer.parse(res.json());
    expect(saved.colores).toEqual({ ...BRAND.colores, footer: { background: DEFAULT_WIDGET_THEME.colores.footer.background, iconsColor: '#37474f' } });
    expect(saved.font).toEqual(BRAND.font);
    expect(WidgetDesignAnswer.parse((await signed.call('superadmin@demo.co', 'GET', W('getWidgetDesign', VA))).json())).toEqual(saved);
    expect((await row())?.colores).toEqual(saved.colores);

    // The next customer who opens the widget gets the new look (its config and page are read per request).
    const config = await signed.platform.app.inject({ method: 'GET', url: `/widget/config?org=100&va=${VA}` });
    expect(config.json<{ design: WidgetDesign }>().design).toEqual({ colores: saved.colores, font: saved.font });
    const page = await signed.platform.app.inject({ method: 'GET', url: `/widget?org=100&va=${VA}` });
    expect(page.body).toContain('--header-bg:#5b2a86');
    expect(page.body).toContain('/fonts/lato/regular.woff2');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // The editor's live preview: the same page, no chat, framable by the desktop app.
    const preview = await signed.platform.app.inject({ method: 'GET', url: `/widget?org=100&va=${VA}&preview=1` });
    expect(preview.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(preview.body).toMatch(/"preview":true/);
    expect(preview.body).toMatch(/"embed":false/);
  });

  it('refuses a colour that is not hex, a pair that does not reach WCAG AA (the customer’s bubble too), an unknown font, an unknown key; changing nothing', async () => {
    const before = await row();
    const unreadable = { background: '#ffffff', color: '#ffeb3b' };
    const shade = nearestPassingShade(unreadable);
    const cases: [string, unknown, string | null][] = [
      ['a colour name', { idVa: VA, colores: { header: { background: 'red' } } }, 'El color debe tener el formato #rrggbb'],
      ['a light text on the customer’s bubble', { idVa: VA, colores: { mensajeCliente: unreadable } }, `Mensaje del cliente: el contraste entre el color y su fondo es`],
      ['the same, naming the nearest passing shade', { idVa: VA, colores: { mensajeCliente: unreadable } }, `El tono más cercano que cumple es ${shade}`],
      ['icons lost on the footer', { idVa: VA, colores: { footer: { background: '#ffffff', iconsColor: '#e0e0e0' } } }, 'Pie de página e iconos: el contraste'],
      ['an unknown family', { idVa: VA, font: { family: 'Comic Sans MS' } }, DESIGN_TEXT.fontNotServed('Comic Sans MS', 'regular', 'font')],
      ['an unknown key', { idVa: VA, colores: { header: { fondo: '#000000' } } }, null],
      ['no virtual agent', { colores: {} }, null]
    ];
    for (const [label, body, message] of cases) {
      const res = await signed.call('admin@demo.co', 'POST', UPDATE(), body as object);
      expect(res.statusCode, label).toBe(400);
      if (message) expect(res.json<{ message: string }>().message, label).toContain(message);
    }
    // The offered shade passes.
    expect((await signed.call('admin@demo.co', 'POST', UPDATE(), { idVa: VA, colores: { ...before?.colores, mensajeCliente: { background: '#ffffff', color: shade } } })).statusCode).toBe(200);
    expect((await signed.call('asesor@demo.co', 'POST', UPDATE(), { idVa: VA })).statusCode).toBe(403);
  });

  it("refuses another organisation's virtual agent and another organisation's path", async () => {
    for (const [label, res] of [
      ['read', await signed.call('admin@demo.co', 'GET', W('getWidgetDesign', OTHER_VA))],
      ['save', await signed.call('admin@demo.co', 'POST', UPDATE(), { idVa: OTHER_VA, colores: { header: BRAND.colores.header } })],
      ['avatar', await signed.call('admin@demo.co', 'GET', W('getImage', OTHER_VA))],
      ['avatar save', await signed.call('admin@demo.co', 'POST', W('upsertImage', OTHER_VA), { url: '' })]
    ] as const) {
      expect(res.statusCode, label).toBe(404);
    }
    expect((await signed.call('admin@otra.co', 'GET', W('getWidgetDesign', VA, 100))).statusCode).toBe(403);
    expect((await signed.call('admin@demo.co', 'POST', UPDATE(200), { idVa: OTHER_VA })).statusCode).toBe(403);
    // A superadministrator names the organisation.
    expect((await signed.call('superadmin@demo.co', 'GET', W('getWidgetDesign', OTHER_VA, 200))).statusCode).toBe(200);
  });

  it('sets, serves publicly (that avatar only) and clears the avatar, keeping the design', async () => {
    const design = (await row())?.colores;
    const { url } = (await designImage(paymentMethodsPng(), 'image/png')).json<{ url: string }>();
    const set = await signed.call('admin@demo.co', 'POST', W('upsertImage', VA), { url });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ url });
    expect((await signed.call('admin@demo.co', 'GET', W('getImage', VA))).json()).toEqual({ url });
    expect((await row())?.colores).toEqual(design);

    // The customer's browser has no token: the widget shows it through the public path of that virtual agent.
    const config = (await signed.platform.app.inject({ method: 'GET', url: `/widget/config?org=100&va=${VA}` })).json<{ avatarUrl: string }>();
    expect(config.avatarUrl).toMatch(/^\/widget\/avatar\?org=100&va=2&v=[A-Za-z0-9_-]+$/);
    const image = await signed.platform.app.inject({ method: 'GET', url: config.avatarUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(paymentMethodsPng())).toBe(true);
    expect((await signed.platform.app.inject({ method: 'GET', url: '/widget/avatar?org=100&va=1' })).statusCode).toBe(404);
    expect((await signed.platform.app.inject({ method: 'GET', url: '/widget/avatar?org=200&va=2' })).statusCode).toBe(404);

    const cleared = await signed.call('admin@demo.co', 'POST', W('upsertImage', VA), { url: '' });
    expect(cleared.json()).toEqual({ url: '' });
    expect((await signed.call('admin@demo.co', 'GET', W('getImage', VA))).json()).toEqual({ url: '' });
    expect((await signed.platform.app.inject({ method: 'GET', url: `/widget/config?org=100&va=${VA}` })).json<{ avatarUrl: unknown }>().avatarUrl).toBeNull();
    expect((await signed.platform.app.inject({ method: 'GET', url: `/widget/avatar?org=100&va=${VA}` })).statusCode).toBe(404);
  });

  it('refuses avatars: a PNG named SVG, an SVG with a script, 20 MB, an external url, a PDF, another organisation’s file', async () => {
    const before = await row();
    expect((await designImage(paymentMethodsPng(), 'image/svg+xml', 'avatar.svg')).statusCode).toBe(415);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await designImage(svg, 'image/svg+xml', 'avatar.svg')).statusCode).toBe(415);
    expect((await designImage(Buffer.alloc(20 * 1024 * 1024, 1), 'image/png')).statusCode).toBe(413);
    const upload = (bytes: Buffer, contentType: string, as: string) =>
      signed.call(as, 'POST', '/api/multimedia/subir', { data: base64(bytes), format_type: 'base64', content_type: contentType, name: 'x' }).then((r) => r.json<{ url: string }>().url);
    const cases: [string, string, string][] = [
      ['an external url', 'https://ejemplo.co/avatar.png', DESIGN_IMAGE_TEXT.notUploaded('El avatar')],
      ['a PDF', await upload(requirementsPdf(), 'application/pdf', 'admin@demo.co'), DESIGN_IMAGE_TEXT.type('El avatar')],
      ["another organisation's file", await upload(paymentMethodsPng(), 'image/png', 'admin@otra.co'), DESIGN_IMAGE_TEXT.notFound('El avatar')]
    ];
    for (const [label, url, message] of cases) {
      const res = await signed.call('admin@demo.co', 'POST', W('upsertImage', VA), { url });
      expect(res.statusCode, label).toBe(400);
      expect(res.json<{ message: string }>().message, label).toBe(message);
    }
    expect(await row()).toEqual(before);
  });
});
