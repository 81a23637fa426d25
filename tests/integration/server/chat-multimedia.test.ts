import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MSG } from '../../../src/shared/messages';
import { MAX_UPLOAD_BYTES } from '../../../src/shared/domain/media';
import { files } from '../../../src/server/db/schema';
import { paymentMethodsPng, requirementsPdf } from '../../../src/server/demo/demo-files';
import { BACKENDS } from '../../support/database';
import { bearer, createTestApp, type TestPlatform } from '../../support/app';
import { caller, FORBIDDEN_BODY, insertConversation, signInAll } from './chat-fixtures';

const EMAILS = ['superadmin@demo.co', 'supervisualizador@demo.co', 'admin@demo.co', 'visualizador@demo.co', 'asesor@demo.co', 'asesor2@demo.co', 'supervisor@demo.co', 'admin@otra.co'];
const PNG = paymentMethodsPng();
const PDF = requirementsPdf();

describe.each(BACKENDS)('multimedia upload and download on %s', (backend) => {
  let platform: TestPlatform;
  let tokens: Record<string, string>;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    platform = await createTestApp(backend);
    tokens = await signInAll(platform.app, EMAILS);
    call = caller(platform.app, tokens);
  });
  afterAll(() => platform.close());

  const upload = (email: string, body: Record<string, unknown>, query = '') => call(email, 'POST', `/api/multimedia/subir${query}`, body);
  const payload = (bytes: Buffer, contentType: string, extra: Record<string, unknown> = {}) => ({
    data: bytes.toString('base64'),
    format_type: 'base64',
    content_type: contentType,
    ...extra
  });
  const fileCount = async () => Number((await platform.app.db.select({ n: count() }).from(files))[0]?.n);

  it('stores a file and serves the same bytes back with its type and name', async () => {
    const res = await upload('asesor@demo.co', payload(PNG, 'image/png', { name: 'medios.png' }));
    expect(res.statusCode).toBe(200);
    const stored = res.json<{ id: string; url: string; contentType: string; size: number }>();
    expect(stored).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/), url: `/api/multimedia/descargar/${stored.id}`, contentType: 'image/png', size: PNG.length });
    const [row] = await platform.app.db.select().from(files).where(eq(files.id, stored.id));
    expect(row).toMatchObject({ organizationId: 100, conversationId: null, name: 'medios.png', uploadedBy: 5, size: PNG.length });

    const download = await call('supervisor@demo.co', 'GET', stored.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="medios.png"; filename*=UTF-8''medios.png`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PNG)).toBe(true);
  });

  it('links an attachment to an open conversation of the agent, and names it in UTF-8', async () => {
    const conv = await insertConversation(platform.app, { status: 'ACTIVA', splitId: 1, agentId: 5 });
    const res = await upload('asesor@demo.co', payload(PDF, 'application/pdf', { name: 'C:\\docs\\cotización ñandú.pdf', conversationId: conv }));
    expect(res.statusCode).toBe(200);
    const { id } = res.json<{ id: string }>();
    const [row] = await platform.app.db.select({ conversationId: files.conversationId, name: files.name }).from(files).where(eq(files.id, id));
    expect(row).toEqual({ conversationId: conv, name: 'cotización ñandú.pdf' });
    const download = await call('asesor@demo.co', 'GET', `/api/multimedia/descargar/${id}`);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="cotizacion nandu.pdf"; filename*=UTF-8''cotizaci%C3%B3n%20%C3%B1and%C3%BA.pdf`);
    // A supervisor may attach to any open conversation of the organisation; a nameless file gets one.
    const bySupervisor = await upload('supervisor@demo.co', payload(Buffer.from('hola\n'), 'text/plain', { conversationId: conv }));
    expect(bySupervisor.statusCode).toBe(200);
    const [named] = await platform.app.db.select({ name: files.name }).from(files).where(eq(files.id, bySupervisor.json<{ id: string }>().id));
    expect(named?.name).toBe('archivo.txt');
  });

  it('stores a name without invisible characters and with its real type’s extension, and offers it so for download', async () => {
    const cases: [Buffer, string, string, string][] = [
      // A right-to-left override makes this read "facturatab.pdf": it is text, and named so.
      [Buffer.from('@echo off\r\n'), 'text/plain', 'factura\u202Efdp.bat', 'facturafdp.bat.txt'],
      [PDF, 'application/pdf', 'contrato\u200B\u2066.pdf\u2069', 'contrato.pdf'],
      [PNG, 'image/png', 'FOTO.PNG', 'FOTO.PNG'],
      [PDF, 'application/pdf', 'cotizacion.pdf.exe', 'cotizacion.pdf.exe.pdf'],
      [PDF, 'application/pdf', 'sin extension ', 'sin extension.pdf'],
      [PNG, 'image/png', 'x.png. . ', 'x.png'],
      [PNG, 'image/png', '\u202E\u200F', 'archivo.png']
    ];
    for (const [bytes, contentType, name, expected] of cases) {
      const res = await upload('asesor@demo.co', payload(bytes, contentType, { name }));
      expect(res.statusCode, name).toBe(200);
      const { id } = res.json<{ id: string }>();
      const [row] = await platform.app.db.select({ name: files.name }).from(files).where(eq(files.id, id));
      expect(row?.name, JSON.stringify(name)).toBe(expected);
      const download = await call('asesor@demo.co', 'GET', `/api/multimedia/descargar/${id}`);
      expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(expected)}`);
    }
  });

  it('refuses bytes that are not the type they claim, as file-type sniffs them', async () => {
    const before = await fileCount();
    const zip = Buffer.from('504b0304140000000000000000000000000000000000000000000000000000000000', 'hex');
    for (const [bytes, contentType] of [
      [zip, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [PNG, 'application/pdf'],
      [PDF, 'text/plain'],
      [Buffer.from([0x68, 0x6f, 0x00, 0x6c, 0x61]), 'text/csv']
    ] as const) {
      const res = await upload('asesor@demo.co', payload(bytes, contentType));
      expect(res.statusCode, contentType).toBe(415);
      expect(res.json().message).toBe(MSG.chat.fileContentMismatch);
    }
    expect(await fileCount()).toBe(before);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES, 0x41);
    const res = await upload('admin@demo.co', payload(big, 'text/plain'));
    expect(res.statusCode).toBe(200);
    expect(res.json().size).toBe(MAX_UPLOAD_BYTES);
    await platform.app.db.delete(files).where(eq(files.id, res.json<{ id: string }>().id));
  });

  it('rejects what is not an allowed, well-formed file of up to 10 MB, storing nothing', async () => {
    const before = await fileCount();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...payload(PNG, 'image/png'), format_type: 'hex' }, 400, "format_type: format_type debe ser 'base64'"],
      [{ ...payload(PNG, 'image/png'), data: '@@@@' }, 400, 'data: El archivo debe venir en base64'],
      [{ ...payload(PNG, 'image/png'), data: 'QUJDR' }, 400, MSG.chat.fileNotBase64],
      [{ ...payload(PNG, 'image/png'), data: '' }, 400, 'data: El archivo está vacío'],
      [{ ...payload(PNG, 'image/png'), content_type: 'imagen' }, 400, 'content_type: El tipo de contenido no es válido'],
      [payload(PNG, 'image/svg+xml'), 415, MSG.chat.fileTypeNotAllowed],
      [payload(Buffer.from('MZ\x90\x00'), 'application/x-msdownload'), 415, MSG.chat.fileTypeNotAllowed],
      [payload(PDF, 'image/png'), 415, MSG.chat.fileContentMismatch],
      [payload(Buffer.from('<html><script>alert(1)</script>'), 'image/jpeg'), 415, MSG.chat.fileContentMismatch],
      [payload(Buffer.alloc(MAX_UPLOAD_BYTES + 4, 0x41), 'text/plain'), 400, 'data: El archivo no puede superar 10 MB'],
      [payload(PNG, 'image/png', { conversationId: 'no válido' }), 400, 'conversationId: El identificador de la conversación no es válido']
    ];
    for (const [body, status, message] of cases) {
      const res = await upload('asesor@demo.co', body);
      expect(res.statusCode, `${String(body.content_type)} ${String(body.format_type)}`).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const tooBig = await platform.app.inject({
      method: 'POST',
      url: '/api/multimedia/subir',
      headers: { ...bearer(tokens['asesor@demo.co']!), 'content-type': 'application/json' },
      payload: JSON.stringify({ ...payload(PNG, 'image/png'), padding: 'x'.repeat(16 * 1024 * 1024) })
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('El contenido enviado supera el tamaño permitido');
    expect(await fileCount()).toBe(before);
  });

  it('refuses viewers, conversations that are not open or not the agent’s, and other organisations', async () => {
    const before = await fileCount();
    for (const email of ['visualizador@demo.co', 'supervisualizador@demo.co']) {
      const res = await upload(email, payload(PNG, 'image/png'));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN_BODY);
    }
    expect((await upload('asesor@demo.co', payload(PNG, 'image/png'), '?idOrg=200')).statusCode).toBe(403);
    expect((await upload('admin@demo.co', payload(PNG, 'image/png'), '?idOrg=200')).statusCode).toBe(403);

    const others = await insertConversation(platform.app, { status: 'ACTIVA', splitId: 1, agentId: 9 });
    const notMine = await upload('asesor@demo.co', payload(PNG, 'image/png', { conversationId: others }));
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe(MSG.chat.conversationNotAssigned);
    const ended = await insertConversation(platform.app, { status: 'FINALIZADA', splitId: 1, agentId: 5 });
    const closed = await upload('asesor@demo.co', payload(PNG, 'image/png', { conversationId: ended }));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(MSG.chat.conversationNotOpen);
    const foreign = await insertConversation(platform.app, { organizationId: 200, status: 'ACTIVA', splitId: 4, agentId: 14 });
    const crossing = await upload('supervisor@demo.co', payload(PNG, 'image/png', { conversationId: foreign }));
    expect(crossing.statusCode).toBe(404);
    expect(crossing.json().message).toBe(MSG.chat.conversationNotFound);
    expect(await fileCount()).toBe(before);

    // Roles 1–2 choose the organisation; the file is stored under it.
    const chosen = await upload('superadmin@demo.co', payload(PNG, 'image/png'), '?idOrg=200');
    expect(chosen.statusCode).toBe(200);
    const [row] = await platform.app.db.select({ organizationId: files.organizationId }).from(files).where(eq(files.id, chosen.json<{ id: string }>().id));
    expect(row?.organizationId).toBe(200);
  });

  it("serves only the caller's organisation's files (roles 1–2 any), 404 otherwise", async () => {
    const url = '/api/multimedia/descargar/demo-requisitos';
    const own = await call('asesor@demo.co', 'GET', url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const crossing = await call('admin@otra.co', 'GET', url);
    expect(crossing.statusCode).toBe(404);
    expect(crossing.json().message).toBe(MSG.chat.fileNotFound);
    expect((await call('supervisualizador@demo.co', 'GET', url)).statusCode).toBe(200);
    const otherOrgFile = await upload('admin@otra.co', payload(PNG, 'image/png'));
    const foreignUrl = otherOrgFile.json<{ url: string }>().url;
    expect((await call('admin@demo.co', 'GET', foreignUrl)).statusCode).toBe(404);
    expect((await call('superadmin@demo.co', 'GET', foreignUrl)).statusCode).toBe(200);
    expect((await call('admin@demo.co', 'GET', '/api/multimedia/descargar/no-existe')).statusCode).toBe(404);
    const bad = await call('admin@demo.co', 'GET', '/api/multimedia/descargar/a.b');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('id: El identificador del archivo no es válido');
    expect((await platform.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
