import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIpcHandlers, type IpcHandlers } from '../../../src/main/ipc/register';
import { safeFileName } from '../../../src/main/services/file-download';
import { silentLogger, type FileSaver } from '../../../src/main/services/ports';
import { MSG } from '../../../src/shared/messages';
import { agentHarness, until, type AgentHarness } from './agent-harness';
import { startFakeAgentPlatform, type FakeAgentPlatform } from './fake-agent-platform';
import { json, type Recorded, type Route } from './fakes';

vi.setConfig({ testTimeout: 30_000 });

let platform: FakeAgentPlatform;
let h: AgentHarness;
let handlers: IpcHandlers;
let dir: string;
let route: Route;
const requests = (path: string): Recorded[] => h.calls.filter((c) => c.path === `/ha${path}`);

/** The saver the browser host uses, into a temporary folder; `cancel` answers as a dismissed dialog. */
const saver = { cancel: false };
const fileSaver: FileSaver = { choosePath: async (name) => (saver.cancel ? null : join(dir, name)), chooseFolder: async () => dir, showInFolder: () => undefined };

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atiende-chat-'));
  saver.cancel = false;
  platform = await startFakeAgentPlatform('/ha/socket.io');
  platform.assign('A', { customer: 'Ana' });
  route = () => json(404, { statusCode: 404, message: 'no' });
  h = await agentHarness(platform, { route: (req) => route(req), fileSaver });
  handlers = createIpcHandlers(h.services, silentLogger);
  await until(() => h.services.chatLink.state().connection === 'online' && h.services.chatLink.state().chats.length === 1, 'the console');
  expect((await handlers['chat:accept']({ conversationId: 'A' })).ok).toBe(true);
});

afterEach(async () => {
  h.services.dispose();
  expect(h.invalidEvents).toEqual([]);
  await platform.close();
  rmSync(dir, { recursive: true, force: true });
});

const status = () => h.services.chatLink.state().chats.find((c) => c.conversationId === 'A')?.status;

describe('chat:finish', () => {
  it('saves the business reasons, then the finalisation reason, then finishes on the socket', async () => {
    const order: string[] = [];
    route = (req) => {
      order.push(req.path);
      return json(200, { success: true });
    };
    const result = await handlers['chat:finish']({ conversationId: 'A', business: [1, 2], ending: 3 });
    expect(result).toEqual({ ok: true, data: null });
    expect(order).toEqual(['/ha/api/crearListadoCausalesConversacion', '/ha/api/causalesFinalizacion/guardarCausalFinalizacionConversacion']);
    expect(requests('/api/crearListadoCausalesConversacion')[0]).toMatchObject({
      method: 'POST',
      body: { conversationId: 'A', splitId: 1, transfer: false, business: [1, 2] }
    });
    expect(requests('/api/crearListadoCausalesConversacion')[0]?.url).toContain('idOrg=100');
    expect(requests('/api/causalesFinalizacion/guardarCausalFinalizacionConversacion')[0]?.body).toEqual({ conversationId: 'A', ending: 3 });
    expect(platform.received.at(-1)).toEqual({ event: 'chat:finish', payload: { conversationId: 'A' } });
    expect(h.services.chatLink.state().chats[0]).toMatchObject({ status: 'FINALIZADO', recover: false, endAcronym: 'FCCA', causalsSetted: true, causalsChecked: 'resolved' });
    // A finished chat takes no more messages.
    expect(await handlers['chat:send']({ conversationId: 'A', text: 'hola' })).toEqual({ ok: false, error: { status: 409, message: 'El chat ya finalizó' } });
  });

  it('a failure of any step leaves the chat open with a Spanish error and stops before the socket', async () => {
    for (const failing of ['/ha/api/crearListadoCausalesConversacion', '/ha/api/causalesFinalizacion/guardarCausalFinalizacionConversacion']) {
      route = (req) => (req.path === failing ? json(409, { statusCode: 409, message: 'conflict' }) : json(200, { success: true }));
      const result = await handlers['chat:finish']({ conversationId: 'A', business: [1], ending: 3 });
      expect(result).toEqual({ ok: false, error: { status: 409, message: MSG.causales.registerFailed } });
      expect(status()).toBe('ACTIVO');
      expect(h.services.chatLink.state().chats[0]?.causalsChecked).toBe('rejected');
    }
    route = () => json(503, { statusCode: 503, message: 'down' });
    expect(await handlers['chat:finish']({ conversationId: 'A', business: [1], ending: 3 })).toEqual({
      ok: false,
      error: { status: 503, message: MSG.generic.serverError }
    });
    expect(requests('/api/causalesFinalizacion/guardarCausalFinalizacionConversacion')).toHaveLength(1);
    expect(platform.received.some((e) => e.event === 'chat:finish')).toBe(false);
  });

  it('the socket step failing (the platform refuses) also leaves the chat open', async () => {
    route = () => json(200, { success: true });
    platform.chats.get('A')!.status = 'FINALIZADO';
    const result = await handlers['chat:finish']({ conversationId: 'A', business: [1], ending: 3 });
    expect(result).toEqual({ ok: false, error: { status: 404, message: 'La conversación no existe' } });
    expect(status()).toBe('ACTIVO');
  });

  it('a chat the agent does not hold answers 404 and calls nothing', async () => {
    const result = await handlers['chat:finish']({ conversationId: 'Z', business: [1], ending: 3 });
    expect(result).toEqual({ ok: false, error: { status: 404, message: 'El chat no existe o ya no está asignado a usted' } });
    expect(h.calls).toEqual([]);
  });
});

describe('chat:transfer and its splits', () => {
  it('saves the business reasons with transfer true, then transfers on the socket; the chat leaves the console', async () => {
    route = (req) =>
      req.path === '/ha/api/obtenerSplitsDisponiblesTraslado'
        ? json(200, [{ idSplit: 2, codigoSplit: 'VENTAS', nombre: 'Ventas', agentesConectados: 1 }])
        : json(200, { success: true });
    const splits = await handlers['chat:transferSplits']({ conversationId: 'A' });
    expect(splits).toEqual({ ok: true, data: [{ idSplit: 2, codigoSplit: 'VENTAS', nombre: 'Ventas', agentesConectados: 1 }] });
    expect(requests('/api/obtenerSplitsDisponiblesTraslado')[0]?.url).toMatch(/idSplit=1/);

    expect(await handlers['chat:transfer']({ conversationId: 'A', idSplit: 2, business: [4] })).toEqual({ ok: true, data: null });
    expect(requests('/api/crearListadoCausalesConversacion')[0]?.body).toEqual({ conversationId: 'A', splitId: 2, transfer: true, business: [4] });
    expect(platform.received.at(-1)).toEqual({ event: 'chat:transfer', payload: { conversationId: 'A', idSplit: 2 } });
    expect(h.services.chatLink.state().chats).toEqual([]);
  });

  it('a failed reason save stops the transfer and clears the transfering flag', async () => {
    route = () => json(422, { statusCode: 422, message: 'x' });
    expect(await handlers['chat:transfer']({ conversationId: 'A', idSplit: 2, business: [4] })).toEqual({
      ok: false,
      error: { status: 422, message: MSG.causales.registerFailed }
    });
    expect(platform.received.some((e) => e.event === 'chat:transfer')).toBe(false);
    expect(h.services.chatLink.state().chats[0]).toMatchObject({ status: 'ACTIVO', transfering: false });
  });
});

describe('chat:saveFile', () => {
  const chunks = (parts: string[], failAfter = Infinity) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        parts.forEach((part, i) => {
          if (i >= failAfter) return;
          controller.enqueue(new TextEncoder().encode(part));
        });
        if (failAfter < parts.length) controller.error(new Error('connection reset'));
        else controller.close();
      }
    });

  it('streams the file to the chosen path and answers it', async () => {
    route = (req) => (req.path === '/ha/api/multimedia/descargar/f-1' ? new Response(chunks(['hola ', 'mundo']), { status: 200 }) : json(404, {}));
    const result = await handlers['chat:saveFile']({ url: '/api/multimedia/descargar/f-1', name: 'factura.pdf' });
    expect(result).toEqual({ ok: true, data: { path: join(dir, 'factura.pdf') } });
    expect(readFileSync(join(dir, 'factura.pdf'), 'utf8')).toBe('hola mundo');
    expect(readdirSync(dir)).toEqual(['factura.pdf']);
  });

  it('never leaves a half-written file when the download breaks', async () => {
    route = () => new Response(chunks(['uno', 'dos', 'tres'], 1), { status: 200 });
    const result = await handlers['chat:saveFile']({ url: '/widget/files/f-2', name: 'foto.png' });
    expect(result).toEqual({ ok: false, error: { status: 500, message: 'No fue posible guardar el archivo en el disco' } });
    expect(readdirSync(dir)).toEqual([]);
    expect(h.calls[0]?.path).toBe('/ha/api/multimedia/descargar/f-2');
  });

  it('a cancelled dialog answers null and downloads nothing; a missing file answers the Spanish error', async () => {
    saver.cancel = true;
    expect(await handlers['chat:saveFile']({ url: '/api/multimedia/descargar/f-1', name: 'a.txt' })).toEqual({ ok: true, data: null });
    expect(h.calls).toEqual([]);
    saver.cancel = false;
    route = () => json(404, { statusCode: 404, message: 'no' });
    expect(await handlers['chat:saveFile']({ url: '/api/multimedia/descargar/f-9', name: 'a.txt' })).toEqual({
      ok: false,
      error: { status: 404, message: MSG.files.loadFailed }
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('file names from outside cannot leave the folder', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('..\\..\\boot.ini')).toBe('boot.ini');
    expect(safeFileName('a<b>c:d|e?.txt')).toBe('a_b_c_d_e_.txt');
    expect(safeFileName('...')).toBe('archivo');
    expect(safeFileName('CON.txt')).toBe('_CON.txt');
  });
});

describe('chat REST reads and upload', () => {
  it('reasons: both active lists; a not-found list is empty (SPEC §8); other failures are Spanish', async () => {
    const reason = { idCausal: 1, nombre: 'Consulta', descripcion: '', activo: true, fechaCreacion: '2026-01-01', fechaActualizacion: '2026-01-01', logic_delete: false };
    route = (req) =>
      req.path.endsWith('/obtenerCausalesActivos') ? json(200, [{ ...reason, codigoCausal: 'CON' }]) : json(404, { statusCode: 404, message: 'No hay causales' });
    expect(await handlers['chat:reasons'](undefined)).toEqual({ ok: true, data: { business: [{ ...reason, codigoCausal: 'CON' }], final: [] } });
    route = () => json(409, { statusCode: 409, message: 'x' });
    expect(await handlers['chat:reasons'](undefined)).toEqual({ ok: false, error: { status: 409, message: MSG.causales.loadFailed } });
  });

  it('templates, contacts and the active pause events', async () => {
    const pause = (id: number, activo: boolean) => ({ id, nombre: `P${id}`, descripcion: '', activo, logic_delete: false, fechaCreacion: 'x', fechaActualizacion: 'x' });
    route = (req) => {
      if (req.path === '/ha/api/templates/organization/100/getAllTemplatesAvailable') return json(200, { templates: [{ idTemplate: 1, templateName: 'Saludo', templateContent: 'Hola' }] });
      if (req.path === '/ha/api/obtenerEventosPausa') return json(200, [pause(1, true), pause(2, false)]);
      return json(500, {});
    };
    expect(await handlers['chat:templates'](undefined)).toEqual({ ok: true, data: [{ idTemplate: 1, templateName: 'Saludo', templateContent: 'Hola' }] });
    // A platform that does not send a pause limit (an older one) means none.
    expect(await handlers['chat:pauseEvents'](undefined)).toEqual({ ok: true, data: [{ ...pause(1, true), tiempoMaximo: null }] });
    expect(requests('/api/obtenerEventosPausa')[0]?.url).toContain('alsoDeleted=false');
    expect(await handlers['chat:contacts'](undefined)).toEqual({ ok: false, error: { status: 500, message: MSG.generic.serverError } });
  });

  it('upload: sends the file with the conversation and answers the reference to send; the chat shows the upload state', async () => {
    route = (req) => json(200, { id: 'f-7', url: '/api/multimedia/descargar/f-7', contentType: 'image/png', size: 3, echo: req.body });
    const result = await handlers['chat:upload']({ conversationId: 'A', data: 'AAAA', format_type: 'base64', content_type: 'image/png', name: 'foto.png' });
    expect(result).toEqual({ ok: true, data: { contentType: 'image/png', name: 'foto.png', url: '/api/multimedia/descargar/f-7' } });
    expect(requests('/api/multimedia/subir')[0]?.body).toEqual({ data: 'AAAA', format_type: 'base64', content_type: 'image/png', name: 'foto.png', conversationId: 'A' });
    route = () => json(413, { statusCode: 413, message: 'grande' });
    expect(await handlers['chat:upload']({ conversationId: 'A', data: 'AAAA', format_type: 'base64', content_type: 'image/png' })).toEqual({
      ok: false,
      error: { status: 413, message: MSG.files.uploadFailed }
    });
    expect(h.services.chatLink.state().chats[0]?.uploadFile).toEqual({ uploading: false, error: true });
  });

  it('messages and view answer from the console; an unknown chat is a 404', async () => {
    expect(await handlers['chat:messages']({ conversationId: 'A' })).toEqual({ ok: true, data: [] });
    expect(await handlers['chat:messages']({ conversationId: 'nope' })).toEqual({ ok: false, error: { status: 404, message: 'El chat no existe o ya no está asignado a usted' } });
    expect(await handlers['chat:view']({ conversationId: 'A', visible: true })).toEqual({ ok: true, data: null });
    expect((await handlers['chat:state'](undefined)).ok).toBe(true);
    expect(h.services.chatLink.state().chats[0]?.active).toBe(true);
  });
});
