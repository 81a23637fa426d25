import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import '../../../src/server/services';
import { installErrorHandling } from '../../../src/server/http/errors';
import { hashWidgetToken, registerWidgetRoutes } from '../../../src/server/widget';
import { conversations, entryFormFields, files, organizations, widgetDesigns } from '../../../src/server/db/schema';
import { z } from 'zod';
import { contrast, readable } from '../../../src/shared/color';
import { DEFAULT_WIDGET_THEME } from '../../../src/shared/domain/widget-design';
import { WidgetConfig } from '../../../src/shared/realtime';
import { WidgetBoot } from '../../../src/widget/boot';
import { BACKENDS } from '../../support/database';
import { createBotFixture, createConversation, openBotDatabase, type BotDatabase, type BotFixture } from '../bot/fixture';

const LauncherColours = z.object({ background: z.string(), color: z.string() });

const NOW = new Date('2026-03-02T15:00:00.000Z');

describe.each(BACKENDS)('widget routes on %s', (backend) => {
  let bot: BotDatabase;
  let app: FastifyInstance;
  let fx: BotFixture;
  let plain: BotFixture;
  let conv: string;
  let otherConv: string;
  const token = 'tok_ABCdef0123456789abcdef0123456789';

  beforeAll(async () => {
    bot = await openBotDatabase(backend);
    fx = await createBotFixture(bot.db, [
      { nodeId: 'pagos', examples: ['medios de pago'], elements: [{ type: 3, value: '/api/multimedia/descargar/file_answer' }] }
    ]);
    plain = await createBotFixture(bot.db, null);
    await bot.db.insert(entryFormFields).values([
      { organizationId: fx.organizationId, idVa: fx.idVa, label: 'Correo', fieldType: 'email', required: true, position: 2 },
      { organizationId: fx.organizationId, idVa: fx.idVa, label: 'Nombre completo', fieldType: 'text', required: true, position: 1 },
      { organizationId: fx.organizationId, idVa: fx.idVa, label: 'Antiguo', fieldType: 'text', required: false, position: 0, active: false },
      { organizationId: fx.organizationId, idVa: fx.idVa, label: 'Tipo', fieldType: 'select', required: false, position: 3, options: ['CC', 'CE'] }
    ]);
    await bot.db.insert(widgetDesigns).values({
      organizationId: fx.organizationId,
      idVa: fx.idVa,
      colores: { ...DEFAULT_WIDGET_THEME.colores, header: { background: '#123456', color: '#fefefe' } },
      font: { family: 'Open Sans', category: 'sans-serif', variant: 'regular' },
      avatarUrl: 'https://example.co/avatar.png'
    });
    conv = await createConversation(bot.db, fx, NOW);
    otherConv = await createConversation(bot.db, fx, NOW);
    await bot.db.update(conversations).set({ widgetTokenHash: hashWidgetToken(token) }).where(eq(conversations.idConv, conv));
    await bot.db.insert(files).values([
      { id: 'file_mine', organizationId: fx.organizationId, conversationId: conv, name: 'factura marzo.pdf', contentType: 'application/pdf', size: 5, data: Buffer.from('%PDF-'), createdAt: NOW },
      { id: 'file_other', organizationId: fx.organizationId, conversationId: otherConv, name: 'otro.png', contentType: 'image/png', size: 3, data: Buffer.from('png'), createdAt: NOW },
      { id: 'file_loose', organizationId: fx.organizationId, conversationId: null, name: 'logo.png', contentType: 'image/png', size: 3, data: Buffer.from('png'), createdAt: NOW },
      { id: 'file_answer', organizationId: fx.organizationId, conversationId: null, name: 'pagos.png', contentType: 'image/png', size: 4, data: Buffer.from('png!'), createdAt: NOW },
      { id: 'file_svg', organizationId: fx.organizationId, conversationId: conv, name: 'dibujo.svg', contentType: 'image/svg+xml', size: 6, data: Buffer.from('<svg/>'), createdAt: NOW }
    ]);
    app = Fastify({ logger: false });
    app.decorate('db', bot.db);
    installErrorHandling(app);
    registerWidgetRoutes(app);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await bot.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('answers the configuration: names, active fields by position, design and avatar', async () => {
    const res = await get(`/widget/config?org=${fx.organizationId}&va=${fx.idVa}`);
    expect(res.statusCode).toBe(200);
    const config = WidgetConfig.parse(res.json());
    expect(config).toMatchObject({ org: fx.organizationId, va: fx.idVa, assistantName: 'Asistente Prueba', avatarUrl: 'https://example.co/avatar.png' });
    expect(config.organizationName).toMatch(/^Org bot /);
    expect(config.entryForm.map((f) => [f.label, f.fieldType, f.required, f.options])).toEqual([
      ['Nombre completo', 'text', true, []],
      ['Correo', 'email', true, []],
      ['Tipo', 'select', false, ['CC', 'CE']]
    ]);
    expect(config.design).toMatchObject({ colores: { header: { background: '#123456' } }, font: { family: 'Open Sans' } });
  });

  it('answers a null design and avatar without a widget design row', async () => {
    const config = WidgetConfig.parse((await get(`/widget/config?org=${plain.organizationId}&va=${plain.idVa}`)).json());
    expect(config.design).toBeNull();
    expect(config.avatarUrl).toBeNull();
    expect(config.entryForm).toEqual([]);
  });

  it('refuses bad or unknown org/va with Spanish messages', async () => {
    const missing = await get('/widget/config?va=1');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('org: Falta la organización (org)');
    expect((await get('/widget/config?org=abc&va=1')).json().message).toBe('org: La organización (org) no es válida');
    expect((await get(`/widget/config?org=${fx.organizationId}&va=0`)).statusCode).toBe(400);
    // A virtual agent of another organisation is not this organisation's chat.
    const foreign = await get(`/widget/config?org=${fx.organizationId}&va=${plain.idVa}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('El chat solicitado no existe o no está activo');
    await bot.db.update(organizations).set({ isActive: false }).where(eq(organizations.idOrg, plain.organizationId));
    expect((await get(`/widget/config?org=${plain.organizationId}&va=${plain.idVa}`)).statusCode).toBe(404);
    expect((await get(`/widget?org=${plain.organizationId}&va=${plain.idVa}`)).statusCode).toBe(404);
    await bot.db.update(organizations).set({ isActive: true }).where(eq(organizations.idOrg, plain.organizationId));
  });

  it('serves the page with a strict CSP, the theme and the boot data', async () => {
    const res = await get(`/widget?org=${fx.organizationId}&va=${fx.idVa}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).not.toContain('unsafe-inline');
    const html = res.body;
    expect(html).toContain('<html lang="es-CO">');
    expect(html).toContain('--header-bg:#123456');
    expect(html).toContain('--font:"Open Sans", sans-serif');
    // The widget's script draws the page (src/widget); the avatar reaches it in the boot data.
    const boot = WidgetBoot.parse(JSON.parse(/<script type="application\/json" id="widget-boot">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null'));
    expect(boot.config.avatarUrl).toBe('https://example.co/avatar.png');
    expect(html).toMatch(/<script nonce="[^"]+" src="\/widget\/app\.js\?v=[0-9a-f]{16}"><\/script>/);
    // The bundle's stylesheet is inline under the nonce.
    expect(html).toContain('.widget-header{');
    // Every executable script and style carries the nonce.
    for (const tag of html.match(/<(script|style)\b[^>]*>/g) ?? []) {
      if (!tag.includes('application/json')) expect(tag).toContain(`nonce="${nonce}"`);
    }
    // A fresh nonce per response.
    const again = await get(`/widget?org=${fx.organizationId}&va=${fx.idVa}`);
    expect(again.headers['content-security-policy']).not.toBe(csp);
  });

  it("serves the widget's script (React, the socket.io client and the chat, no eval) the page loads", async () => {
    const res = await get('/widget/app.js?v=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain('widget:start');
    expect(res.body).toContain('Iniciar chat');
    expect(res.body).not.toMatch(/\beval\(/);
    // React's production build, whatever NODE_ENV the process that built it had.
    expect(res.body).not.toContain('jsxDEV');
  });

  it('issue 40: serves the loader to any origin, cacheable and revalidated by its ETag', async () => {
    const res = await get('/widget/loader.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    // The loader, not the chat: no React, none of the chat's texts.
    expect(res.body).toContain('/widget/launcher');
    expect(res.body).not.toContain('Iniciar chat');
    expect(res.body).not.toMatch(/\beval\(/);
    const again = await app.inject({ method: 'GET', url: '/widget/loader.js', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Gzipped for a browser that accepts it, as the chat's script is.
    for (const url of ['/widget/loader.js', '/widget/app.js?v=1']) {
      const zipped = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(zipped.headers['content-encoding'], url).toBe('gzip');
      expect(zipped.headers.vary, url).toBe('accept-encoding');
      const plainText = (await get(url)).body;
      expect(gunzipSync(zipped.rawPayload).toString('utf8'), url).toBe(plainText);
      expect(zipped.rawPayload.length, url).toBeLessThan(plainText.length / 2);
    }
  });

  it("answers the launcher's title and readable principal colours to any origin, 404 for an unknown chat", async () => {
    const res = await get(`/widget/launcher?org=${fx.organizationId}&va=${fx.idVa}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ title: expect.stringMatching(/^Asistente Prueba · Org bot /), background: '#1973bb', color: '#ffffff' });
    await bot.db
      .update(widgetDesigns)
      .set({ colores: { ...DEFAULT_WIDGET_THEME.colores, header: { background: '#123456', color: '#fefefe' }, principal: { background: '#fe0', color: '#ffffff' } } })
      .where(eq(widgetDesigns.idVa, fx.idVa));
    // White on yellow cannot be read: the launcher gets the nearest shade of it that can (shared/color.ts readable), as the page does.
    const yellow = LauncherColours.parse((await get(`/widget/launcher?org=${fx.organizationId}&va=${fx.idVa}`)).json());
    expect(yellow).toMatchObject({ background: '#ffee00', color: readable({ background: '#ffee00', color: '#ffffff' }).color });
    expect(contrast(yellow.background, yellow.color)).toBeGreaterThanOrEqual(4.5);
    await bot.db
      .update(widgetDesigns)
      .set({ colores: { ...DEFAULT_WIDGET_THEME.colores, header: { background: '#123456', color: '#fefefe' } } })
      .where(eq(widgetDesigns.idVa, fx.idVa));
    expect((await get(`/widget/launcher?org=${fx.organizationId}&va=${plain.idVa}`)).statusCode).toBe(404);
    expect((await get('/widget/launcher?org=abc&va=1')).statusCode).toBe(400);
  });

  it('lets any origin frame the embed page only; the plain page and its errors forbid framing', async () => {
    const plainPage = String((await get(`/widget?org=${fx.organizationId}&va=${fx.idVa}`)).headers['content-security-policy']);
    expect(plainPage).toContain("frame-ancestors 'none'");
    const embedded = await get(`/widget?org=${fx.organizationId}&va=${fx.idVa}&embed=1`);
    expect(embedded.statusCode).toBe(200);
    const csp = String(embedded.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("connect-src 'self'");
    expect(WidgetBoot.parse(JSON.parse(/id="widget-boot">(.*?)<\/script>/s.exec(embedded.body)?.[1] ?? 'null')).embed).toBe(true);
    expect(WidgetBoot.parse(JSON.parse(/id="widget-boot">(.*?)<\/script>/s.exec((await get(`/widget?org=${fx.organizationId}&va=${fx.idVa}`)).body)?.[1] ?? 'null')).embed).toBe(false);
    // The loader's iframe shows an unknown chat's Spanish error in its panel.
    const missing = await get(`/widget?org=${fx.organizationId}&va=${plain.idVa}&embed=1`);
    expect(missing.statusCode).toBe(404);
    expect(String(missing.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(String((await get('/widget?org=x&va=1')).headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('styles a page without a design with the default theme', async () => {
    const html = (await get(`/widget?org=${plain.organizationId}&va=${plain.idVa}`)).body;
    expect(html).toContain(`--header-bg:${DEFAULT_WIDGET_THEME.colores.header.background}`);
    expect(html).toContain('--font:"Roboto", sans-serif');
    expect(WidgetBoot.parse(JSON.parse(/id="widget-boot">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null')).config.avatarUrl).toBeNull();
  });

  it('answers a Spanish error page for a bad link', async () => {
    const res = await get('/widget?org=x');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Enlace de chat no válido');
    expect(res.body).toContain('La organización (org) no es válida');
    const unknown = await get('/widget?org=999999&va=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Chat no disponible');
  });

  it("streams a conversation's file to the holder of its token only", async () => {
    const res = await get(`/widget/files/file_mine?token=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="factura marzo.pdf"; filename*=UTF-8''factura%20marzo.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.toString()).toBe('%PDF-');

    // A file the assistant shows in its answers is the customer's to see too.
    const answer = await get(`/widget/files/file_answer?token=${token}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.toString()).toBe('png!');
    expect((await get('/widget/files/file_answer?token=other')).statusCode).toBe(404);

    // Active content never renders in place.
    expect((await get(`/widget/files/file_svg?token=${token}`)).headers['content-disposition']).toMatch(/^attachment;/);

    for (const url of [`/widget/files/file_other?token=${token}`, `/widget/files/file_loose?token=${token}`, `/widget/files/nope?token=${token}`, '/widget/files/file_mine?token=wrong']) {
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().message).toBe('El archivo solicitado no existe');
    }
    expect((await get('/widget/files/file_mine')).statusCode).toBe(400);
    expect((await get(`/widget/files/bad.id?token=${token}`)).statusCode).toBe(400);
  });
});
