import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIpcHandlers, type IpcHandlers } from '../../../src/main/ipc/register';
import { ANALYTICS_TEXT, createAnalyticsService, decodePngDataUrl, pngFileName } from '../../../src/main/services/analytics.service';
import { silentLogger, type FileSaver, type Tokens } from '../../../src/main/services/ports';
import { ANALYTICS_CALLS } from '../../../src/shared/analytics-calls';
import { endpoints } from '../../../src/shared/api/catalogue';
import type { EndpointDef } from '../../../src/shared/api/endpoint';
import { CHART_PNG_MAX_BYTES } from '../../../src/shared/constants';
import { MSG } from '../../../src/shared/messages';
import { accessToken, harness, json, refreshToken, T0, type Harness, type Recorded, type Route } from './fakes';

/** A real 1×1 PNG. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const pngUrl = (base64: string) => `data:image/png;base64,${base64}`;
const DAY = { start: '2026-01-15', end: '2026-01-15' };

function tokensFor(role: number, company = 100): Tokens {
  return { access: accessToken({ role, company }), refresh: refreshToken(T0 + 86_400_000) };
}

let h: Harness;
let handlers: IpcHandlers;
let route: Route;

async function signIn(role: number, company = 100): Promise<void> {
  h = await harness((req) => route(req), { tokens: tokensFor(role, company) });
  handlers = createIpcHandlers(h.services, silentLogger);
}

const sent = (): Recorded[] => h.calls.filter((c) => !c.path.includes('LogErrorSocket'));

beforeEach(() => {
  route = () => json(200, { indicator: 'TMO', value: 125.5 });
});

afterEach(() => {
  h?.services.dispose();
});

describe('analytics:query', () => {
  it('calls the catalogue entry for the session organisation and answers the validated data', async () => {
    await signIn(3);
    const result = await handlers['analytics:query']({ call: 'tmo', query: { ...DAY, channels: [1, 3] } });
    expect(result).toEqual({ ok: true, data: { indicator: 'TMO', value: 125.5 } });
    expect(sent()).toHaveLength(1);
    const url = new URL(sent()[0]!.url);
    expect(url.pathname).toBe('/api/statistics/organization/100/interactions/TMO');
    expect(Object.fromEntries(url.searchParams)).toEqual({ start: '2026-01-15', end: '2026-01-15', attention: 'attended', resolution: 'day', channels: '1,3' });
    expect(sent()[0]!.authorization).toMatch(/^Bearer /);
  });

  it("fills an ?idOrg entry's organisation from the session too", async () => {
    route = () => json(200, [{ idUser: 9, name: 'Asesor Uno', email: 'asesor@demo.co', isActive: true, role: 5 }]);
    await signIn(6);
    expect(await handlers['analytics:query']({ call: 'agents', query: {} })).toEqual({ ok: true, data: [{ idUser: 9, name: 'Asesor Uno', email: 'asesor@demo.co', isActive: true, role: 5 }] });
    expect(sent()[0]!.url).toBe('http://platform.test/api/users/agents?idOrg=100');
  });

  it('refuses a query that breaks the entry schema with its Spanish message, and sends nothing', async () => {
    await signIn(3);
    const cases: [unknown, string][] = [
      [{ call: 'tmo', query: { start: '2026-13-01', end: '2026-01-15' } }, 'La fecha inicial no es una fecha válida'],
      [{ call: 'tmo', query: { start: '2026-01-15', end: '2026-01-14' } }, 'La fecha final debe ser igual o posterior a la fecha inicial'],
      [{ call: 'tmo', query: { end: '2026-01-15' } }, 'La fecha inicial es obligatoria'],
      [{ call: 'attendedChatsLine', query: { ...DAY, attention: 'todos' } }, "La atención debe ser 'attended' o 'notAttended'"],
      [{ call: 'conversationsLine', query: { ...DAY, channels: 'uno,dos' } }, 'La lista debe contener números enteros positivos separados por comas'],
      [{ call: 'escalatedChats', query: { ...DAY, size: 5000 } }, 'El tamaño de página debe estar entre 1 y 500']
    ];
    for (const [arg, message] of cases) {
      expect(await handlers['analytics:query'](arg), JSON.stringify(arg)).toEqual({ ok: false, error: { status: 400, message } });
    }
    expect(sent()).toEqual([]);
  });

  it('never takes the organisation from the page: not in the query, not as a path parameter', async () => {
    await signIn(3);
    const refused = { ok: false, error: { status: 400, message: ANALYTICS_TEXT.orgFromSession } };
    expect(await handlers['analytics:query']({ call: 'agents', query: { idOrg: 200 } })).toEqual(refused);
    expect(await handlers['analytics:query']({ call: 'agentConnectionStates', query: { idOrg: 200, splits: [1] } })).toEqual(refused);
    expect(await handlers['analytics:query']({ call: 'scaledChatsBars', query: DAY, params: { id: 200 } })).toEqual(refused);
    expect(await handlers['analytics:query']({ call: 'tmo', query: DAY, params: { idOrg: 200 } })).toEqual(refused);
    expect(await handlers['analytics:query']({ call: 'tmo', query: DAY, params: { idConv: 'x' } })).toEqual({
      ok: false,
      error: { status: 400, message: ANALYTICS_TEXT.unexpectedParam }
    });
    expect(sent()).toEqual([]);
  });

  it('lets only the platform-wide roles (1, 2) choose another organisation', async () => {
    await signIn(3);
    expect(await handlers['analytics:query']({ call: 'tmo', query: DAY, idOrg: 200 })).toEqual({ ok: false, error: { status: 403, message: MSG.generic.unauthorized } });
    expect(sent()).toEqual([]);
    h.services.dispose();

    await signIn(1);
    expect((await handlers['analytics:query']({ call: 'tmo', query: DAY, idOrg: 200 })).ok).toBe(true);
    expect((await handlers['analytics:query']({ call: 'scaledChatsBars', query: DAY, idOrg: 200 })).ok).toBe(false);
    route = () => json(200, []);
    expect(await handlers['analytics:query']({ call: 'agentConnectionStates', query: { splits: [2] }, idOrg: 200 })).toEqual({ ok: true, data: [] });
    const paths = sent().map((c) => c.url.replace('http://platform.test', ''));
    expect(paths[0]).toMatch(/^\/api\/statistics\/organization\/200\/interactions\/TMO\?/);
    expect(paths[1]).toMatch(/^\/api\/statistics\/bars\/totalchats\/scaled\/200\?/);
    expect(paths[2]).toBe('/ha/api/obtenerEstadoConexionAsesores?idOrg=200&splits=2');
  });

  it("passes a call's own path parameter and keeps the organisation the session's", async () => {
    route = () => json(200, [{ tipoMensaje: 'TEXT', tipoUsuario: 'CLIENTE', mensaje: 'Hola', adjunto: null, fechaMensaje: '2026-01-15T10:00:00' }]);
    await signIn(6);
    const result = await handlers['analytics:query']({ call: 'escalatedChatMessages', params: { idConv: 'conv-7' } });
    expect(result.ok).toBe(true);
    expect(sent()[0]!.path).toBe('/api/statistics/organization/100/attention/agent/escalatedChats/conv-7/messages');
    expect(await handlers['analytics:query']({ call: 'escalatedChatMessages', params: { idConv: '../x' } })).toEqual({
      ok: false,
      error: { status: 400, message: 'El identificador de la conversación no es válido' }
    });
    expect(await handlers['analytics:query']({ call: 'escalatedChatMessages', query: { start: '2026-01-15' }, params: { idConv: 'c' } })).toEqual({
      ok: false,
      error: { status: 400, message: ANALYTICS_TEXT.unexpectedParam }
    });
    expect(sent()).toHaveLength(1);
  });

  it('answers a server error for a reply outside the catalogue, and the platform words for a refusal', async () => {
    await signIn(3);
    route = () => json(200, { indicator: 'TMO', value: 'mucho' });
    expect(await handlers['analytics:query']({ call: 'tmo', query: DAY })).toEqual({ ok: false, error: { status: 502, message: MSG.generic.serverError } });
    route = () => json(403, { message: 'no' });
    expect(await handlers['analytics:query']({ call: 'tmo', query: DAY })).toEqual({ ok: false, error: { status: 403, message: MSG.generic.unauthorized } });
    route = () => json(404, { statusCode: 404, error: 'Not Found', message: 'Route GET:/x not found' });
    const missing = await handlers['analytics:query']({ call: 'tmo', query: DAY });
    expect(missing.ok).toBe(false);
  });

  it('lists only catalogue entries that answer JSON and are readable by analytics roles', () => {
    for (const call of ANALYTICS_CALLS) {
      const def: EndpointDef = endpoints[call];
      expect(typeof def.response, call).not.toBe('string');
      expect(def.method, call).toBe('GET');
      const { access } = def;
      expect(access === 'any' || (access !== 'public' && access.some((role) => [1, 2, 3, 4, 6].includes(role))), call).toBe(true);
    }
  });
});

describe('analytics:savePng', () => {
  let dir: string;
  let chosen: string[];
  let cancel: boolean;
  let failing: boolean;
  const saver: FileSaver = {
    async choosePath(name) {
      if (failing) throw new Error('no dialog');
      chosen.push(name);
      return cancel ? null : join(dir, name);
    },
    chooseFolder: async () => dir,
    showInFolder: () => undefined
  };
  const service = () =>
    createAnalyticsService({ api: h.services.api, store: { current: () => tokensFor(3) }, saver, logger: silentLogger });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atiende-png-'));
    chosen = [];
    cancel = false;
    failing = false;
    await signIn(3);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('saves the PNG bytes where the user chose, under a safe .png name', async () => {
    const result = await service().savePng({ suggestedName: 'Chats / por canal', dataUrl: pngUrl(PNG_1X1) });
    expect(chosen).toEqual(['Chats - por canal.png']);
    expect(result).toEqual({ ok: true, data: { path: join(dir, 'Chats - por canal.png') } });
    expect(readFileSync(join(dir, 'Chats - por canal.png')).equals(Buffer.from(PNG_1X1, 'base64'))).toBe(true);
    expect(readdirSync(dir)).toEqual(['Chats - por canal.png']);
  });

  it('writes nothing when the dialog is cancelled, and says so when there is no dialog', async () => {
    cancel = true;
    expect(await service().savePng({ suggestedName: 'g', dataUrl: pngUrl(PNG_1X1) })).toEqual({ ok: true, data: null });
    failing = true;
    expect(await service().savePng({ suggestedName: 'g', dataUrl: pngUrl(PNG_1X1) })).toEqual({ ok: false, error: { status: 500, message: ANALYTICS_TEXT.saveFailed } });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses what is not a whole PNG before asking where to save it', async () => {
    const whole = Buffer.from(PNG_1X1, 'base64');
    const notPng = { ok: false, error: { status: 400, message: ANALYTICS_TEXT.notPng } };
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...whole.subarray(4)]).toString('base64');
    expect(await service().savePng({ suggestedName: 'g', dataUrl: pngUrl(jpeg) })).toEqual(notPng);
    expect(await service().savePng({ suggestedName: 'g', dataUrl: pngUrl(whole.subarray(0, whole.length - 12).toString('base64')) })).toEqual(notPng);
    expect(await service().savePng({ suggestedName: 'g', dataUrl: pngUrl('no es base64!') })).toEqual(notPng);
    expect(await service().savePng({ suggestedName: 'g', dataUrl: 'data:image/png;charset=utf-8;base64,' + PNG_1X1 })).toEqual(notPng);
    expect(chosen).toEqual([]);
  });

  it('bounds the size so the image fits the browser host bridge', () => {
    const whole = Buffer.from(PNG_1X1, 'base64');
    const big = Buffer.concat([whole.subarray(0, 33), Buffer.alloc(CHART_PNG_MAX_BYTES), whole.subarray(33)]);
    expect(decodePngDataUrl(pngUrl(big.toString('base64')))).toEqual({ ok: false, error: { status: 400, message: ANALYTICS_TEXT.pngTooLarge } });
    const fits = Buffer.concat([whole.subarray(0, 33), Buffer.alloc(CHART_PNG_MAX_BYTES - whole.length), whole.subarray(33)]);
    expect(decodePngDataUrl(pngUrl(fits.toString('base64'))).ok).toBe(true);
    // The largest data URL the contract admits still fits a 1 MB WebSocket frame with its envelope.
    expect(pngUrl(fits.toString('base64')).length + 200).toBeLessThan(1024 * 1024);
  });

  it('names the file .png whatever the page suggests', () => {
    expect(pngFileName('Chats por asesor')).toBe('Chats por asesor.png');
    expect(pngFileName('grafico.PNG')).toBe('grafico.png');
    const escaped = pngFileName('../../etc/passwd');
    expect(escaped).toMatch(/^[^./\\][^/\\]*\.png$/);
  });
});
