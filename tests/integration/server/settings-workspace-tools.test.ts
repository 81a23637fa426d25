import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { Answer, TryWorkspaceResult, Workspace } from '../../../src/shared/domain/workspace';
import { MSG } from '../../../src/shared/messages';
import { files, workspaces } from '../../../src/server/db/schema';
import { paymentMethodsPng, requirementsPdf } from '../../../src/server/demo/demo-files';
import { BACKENDS } from '../../support/database';
import { signedInPlatform } from './chat-fixtures';

const EMAILS = ['admin@demo.co', 'asesor@demo.co', 'admin@otra.co'];
const PNG = paymentMethodsPng();
const PDF = requirementsPdf();
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="1" height="1"/></svg>');

/** The workspaces screen's own calls: thresholds, 'Probar', an answer's files, and the fallback text kept with each element. */
describe.each(BACKENDS)('workspace thresholds, Probar and answer media on %s', (backend) => {
  const signed = signedInPlatform(backend, EMAILS);

  const thresholdsOf = async (id: number) => {
    const [row] = await signed.platform.app.db.select({ a: workspaces.answerThreshold, o: workspaces.optionsThreshold }).from(workspaces).where(eq(workspaces.id, id));
    return { a: Math.round(row!.a * 100) / 100, o: Math.round(row!.o * 100) / 100 };
  };
  const payload = (bytes: Buffer, contentType: string, elementTypesIdType: number, name?: string) => ({ data: bytes.toString('base64'), format_type: 'base64', content_type: contentType, elementTypesIdType, ...(name ? { name } : {}) });
  const fileCount = async () => Number((await signed.platform.app.db.select({ n: count() }).from(files))[0]?.n);

  it('lists each workspace with its thresholds and saves new ones, which the next read gives back', async () => {
    const [first] = (await signed.call('admin@demo.co', 'GET', '/api/workspaces')).json<Workspace[]>();
    expect(first).toMatchObject({ id: 1, answerThreshold: expect.any(Number), optionsThreshold: expect.any(Number) });
    const res = await signed.call('admin@demo.co', 'PUT', '/api/workspaces/1/umbrales', { answerThreshold: 0.7, optionsThreshold: 0.25 });
    expect(res.statusCode).toBe(200);
    expect(Workspace.parse(res.json())).toMatchObject({ id: 1, answerThreshold: 0.7, optionsThreshold: 0.25 });
    expect(await thresholdsOf(1)).toEqual({ a: 0.7, o: 0.25 });
    expect((await signed.call('admin@demo.co', 'GET', '/api/workspaces')).json<Workspace[]>()[0]).toMatchObject({ answerThreshold: 0.7, optionsThreshold: 0.25 });
  });

  it.each([
    ['an answer threshold above 1', { answerThreshold: 1.2, optionsThreshold: 0.3 }],
    ['a negative options threshold', { answerThreshold: 0.6, optionsThreshold: -0.1 }],
    ['options above the answer threshold', { answerThreshold: 0.4, optionsThreshold: 0.5 }],
    ['a text', { answerThreshold: 'alto', optionsThreshold: 0.3 }],
    ['a missing threshold', { answerThreshold: 0.6 }]
  ])('refuses %s (400, Spanish) and changes nothing', async (_what, body) => {
    const before = await thresholdsOf(1);
    const res = await signed.call('admin@demo.co', 'PUT', '/api/workspaces/1/umbrales', body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/umbral/i);
    expect(await thresholdsOf(1)).toEqual(before);
  });

  it("refuses another organisation's workspace (404), an agent (403), and changes nothing", async () => {
    const before = await thresholdsOf(1);
    expect((await signed.call('admin@otra.co', 'PUT', '/api/workspaces/1/umbrales', { answerThreshold: 0.9, optionsThreshold: 0.1 })).statusCode).toBe(404);
    expect((await signed.call('asesor@demo.co', 'PUT', '/api/workspaces/1/umbrales', { answerThreshold: 0.9, optionsThreshold: 0.1 })).statusCode).toBe(403);
    expect(await thresholdsOf(1)).toEqual(before);
  });

  it("'Probar' answers the intent, its confidence and the answer, and nothing understood for an unrelated sentence", async () => {
    const res = await signed.call('admin@demo.co', 'POST', '/api/workspaces/1/probar', { text: '¿a qué hora abren los sábados?' });
    expect(res.statusCode).toBe(200);
    const tried = TryWorkspaceResult.parse(res.json());
    expect(tried).toMatchObject({ kind: 'answer', nodeId: 'horarios', intent: 'horarios' });
    expect(tried.confidence).toBeGreaterThanOrEqual(0.6);
    const answer = (await signed.call('admin@demo.co', 'GET', '/api/answers/respNodeIdWrkspc/1/respNodeWatsonNodeId/horarios')).json<Answer>();
    expect(tried.items.map((i) => i.itemType)).toEqual(answer.details.map((d) => d.elementTypesIdType));
    const lost = TryWorkspaceResult.parse((await signed.call('admin@demo.co', 'POST', '/api/workspaces/1/probar', { text: 'cómo está el clima en Cali' })).json());
    expect(lost).toMatchObject({ kind: 'none', intent: null, confidence: null });
  });

  it("the assistant's next read takes the new thresholds: with an answer threshold of 1, what it answered it now only offers as an option", async () => {
    const ask = async () => TryWorkspaceResult.parse((await signed.call('admin@demo.co', 'POST', '/api/workspaces/1/probar', { text: '¿a qué hora abren los sábados?' })).json());
    const before = await ask();
    expect(before.kind).toBe('answer');
    const [saved] = (await signed.call('admin@demo.co', 'GET', '/api/workspaces')).json<Workspace[]>();
    try {
      expect((await signed.call('admin@demo.co', 'PUT', '/api/workspaces/1/umbrales', { answerThreshold: 1, optionsThreshold: 0.1 })).statusCode).toBe(200);
      const after = await ask();
      expect(after.kind).toBe('options');
      expect(after.intent).toBe(before.intent);
      expect(after.items[0]?.itemOptions).toContain('Horarios de atención');
    } finally {
      await signed.call('admin@demo.co', 'PUT', '/api/workspaces/1/umbrales', { answerThreshold: saved!.answerThreshold, optionsThreshold: saved!.optionsThreshold });
    }
  });

  it("'Probar' refuses an empty sentence (400), another organisation's workspace (404) and an agent (403)", async () => {
    const blank = await signed.call('admin@demo.co', 'POST', '/api/workspaces/1/probar', { text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ message: string }>().message).toContain('Escribe una frase para probar');
    expect((await signed.call('admin@otra.co', 'POST', '/api/workspaces/1/probar', { text: 'horarios' })).statusCode).toBe(404);
    expect((await signed.call('asesor@demo.co', 'POST', '/api/workspaces/1/probar', { text: 'horarios' })).statusCode).toBe(403);
  });

  it("stores an answer's image and document (bytes of their type), and the element keeps its url and fallback text", async () => {
    const res = await signed.call('admin@demo.co', 'POST', '/api/answers/media', payload(PNG, 'image/png', 3, 'medios.png'));
    expect(res.statusCode).toBe(200);
    const stored = res.json<{ id: string; url: string; contentType: string; size: number }>();
    expect(stored).toMatchObject({ url: `/api/multimedia/descargar/${stored.id}`, contentType: 'image/png', size: PNG.length });
    const [row] = await signed.platform.app.db.select().from(files).where(eq(files.id, stored.id));
    expect(row).toMatchObject({ organizationId: 100, conversationId: null, name: 'medios.png' });
    expect((await signed.call('admin@demo.co', 'POST', '/api/answers/media', payload(PDF, 'application/pdf', 4, 'requisitos.pdf'))).statusCode).toBe(200);

    const details = [
      { elementTypesIdType: 1, elementOrderPos: 0, elementValue: 'Estos son los medios de pago:' },
      { elementTypesIdType: 3, elementOrderPos: 1, elementValue: stored.url, elementFallback: 'Paga con tarjeta, PSE o efectivo.' }
    ];
    const saved = await signed.call('admin@demo.co', 'PUT', '/api/answers', { workspaceId: 1, nodeId: 'horarios', details });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Answer>().details.slice(0, 2)).toEqual([{ ...details[0], elementFallback: '' }, details[1]]);
  });

  it.each([
    ['a 50 MB image', () => payload(Buffer.concat([PNG, Buffer.alloc(50 * 1024 * 1024)]), 'image/png', 3)],
    ['an SVG with a script', () => payload(SVG, 'image/svg+xml', 3, 'logo.svg')],
    ['an SVG named as a PNG', () => payload(SVG, 'image/png', 3, 'logo.png')],
    ['a PDF as an image element', () => payload(PDF, 'application/pdf', 3)],
    ['a PNG as a video', () => payload(PNG, 'video/mp4', 5)],
    ['a file for a text element', () => payload(PNG, 'image/png', 1)]
  ])('refuses %s (4xx) and stores nothing', async (_what, body) => {
    const before = await fileCount();
    const res = await signed.call('admin@demo.co', 'POST', '/api/answers/media', body());
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await fileCount()).toBe(before);
  });

  it('refuses an answer file from an agent (403) and sends the type refusal in Spanish', async () => {
    expect((await signed.call('asesor@demo.co', 'POST', '/api/answers/media', payload(PNG, 'image/png', 3))).statusCode).toBe(403);
    const svg = await signed.call('admin@demo.co', 'POST', '/api/answers/media', payload(SVG, 'image/svg+xml', 3));
    expect(svg.statusCode).toBe(415);
    expect(svg.json<{ message: string }>().message).toBe(MSG.chat.fileTypeNotAllowed);
  });
});
