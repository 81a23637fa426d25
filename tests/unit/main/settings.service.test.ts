import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIpcHandlers, type IpcHandlers } from '../../../src/main/ipc/register';
import { GATEWAY_TEXT } from '../../../src/main/services/catalogue-gateway';
import { silentLogger, type Tokens } from '../../../src/main/services/ports';
import { HUMAN_SETTINGS_EDITORS } from '../../../src/shared/api/access';
import { endpoints } from '../../../src/shared/api/catalogue';
import type { EndpointDef } from '../../../src/shared/api/endpoint';
import { MSG } from '../../../src/shared/messages';
import { SETTINGS_CALLS } from '../../../src/shared/settings-calls';
import { accessToken, harness, json, refreshToken, T0, type Harness, type Recorded, type Route } from './fakes';

const SPLIT = {
  idSplit: 5,
  codigoSplit: 'VIP',
  nombre: 'Clientes VIP',
  descripcion: '',
  activo: true,
  fechaActualizacion: '2026-01-15T13:00:00.000Z',
  timeInactivityAgent: 5,
  timeInactivityClient: 10,
  timeMaxInitConversation: 15,
  horariosAtencion: [],
  derivaciones: []
};

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
const relative = (c: Recorded) => `${c.method} ${c.url.replace('http://platform.test', '')}`;
const refused = (message: string, status = 400) => ({ ok: false, error: { status, message } });

beforeEach(() => {
  route = () => json(200, [SPLIT]);
});

afterEach(() => {
  h?.services.dispose();
});

describe('settings:call allowlist', () => {
  it('reaches only the settings entries, and sends nothing for any other', async () => {
    await signIn(3);
    const unknown = refused('La operación de configuración solicitada no existe');
    for (const call of ['tmo', 'login', 'activeBusinessReasons', 'accessLogCsv', 'logErrorSocket', 'nada']) {
      expect(await handlers['settings:call']({ call }), call).toEqual(unknown);
    }
    expect(await handlers['settings:call']({ call: 'splits', extra: true })).toMatchObject({ ok: false, error: { status: 400 } });
    expect(sent()).toEqual([]);
  });

  it('lists only JSON entries that a settings editor may call', () => {
    for (const call of SETTINGS_CALLS) {
      const def: EndpointDef = endpoints[call];
      expect(typeof def.response, call).not.toBe('string');
      const { access } = def;
      const editors: readonly number[] = HUMAN_SETTINGS_EDITORS;
      expect(access === 'any' || (access !== 'public' && access.some((role) => editors.includes(role))), call).toBe(true);
    }
  });
});

describe('settings:call organisation', () => {
  it("fills the session's organisation in the query and in the path", async () => {
    await signIn(3);
    expect(await handlers['settings:call']({ call: 'splits' })).toEqual({ ok: true, data: [SPLIT] });
    route = () => json(200, { templates: [] });
    expect(await handlers['settings:call']({ call: 'responseTemplates' })).toEqual({ ok: true, data: { templates: [] } });
    expect(sent().map(relative)).toEqual(['GET /ha/api/obtenerSplits?idOrg=100', 'GET /ha/api/templates/organization/100/getAllTemplatesAvailable']);
    expect(sent()[0]!.authorization).toMatch(/^Bearer /);
  });

  it('never takes the organisation from the page: not in the query, not as a path parameter', async () => {
    await signIn(6);
    const fromSession = refused(GATEWAY_TEXT.orgFromSession);
    expect(await handlers['settings:call']({ call: 'splits', query: { idOrg: 200 } })).toEqual(fromSession);
    expect(await handlers['settings:call']({ call: 'deleteSplit', query: { idSplit: 5, idOrg: 200 } })).toEqual(fromSession);
    expect(await handlers['settings:call']({ call: 'responseTemplates', params: { idOrg: 200 } })).toEqual(fromSession);
    expect(await handlers['settings:call']({ call: 'deleteDirectoryContact', params: { idContact: 3, idOrg: 200 } })).toEqual(refused(GATEWAY_TEXT.unexpectedParam));
    expect(await handlers['settings:call']({ call: 'splits', idOrg: 200 })).toEqual(refused(MSG.generic.unauthorized, 403));
    expect(sent()).toEqual([]);
  });

  it('lets the platform-wide superadministrator name another organisation', async () => {
    await signIn(1);
    route = () => json(200, []);
    expect(await handlers['settings:call']({ call: 'directoryContacts', query: { idVa: 4 }, idOrg: 200 })).toEqual({ ok: true, data: [] });
    expect(sent().map(relative)).toEqual(['GET /ha/api/directory/contacts?idVa=4&idOrg=200']);
  });

  it("validates a query or body whose schema requires the organisation with the session's own (issue 39: companyId), and sends it", async () => {
    await signIn(3);
    route = () => json(200, []);
    expect(await handlers['settings:call']({ call: 'notificationTemplates' })).toEqual({ ok: true, data: [] });
    const template = { companyId: 100, eventType: 'BLOQUEO_USUARIO', TypeNotification: 1, codeTemplate: 'bloqueo', subject: 'Bloqueo', body: 'Hola', excludeCustomerContent: false, version: 1, id: 4 };
    route = () => json(200, template);
    const body = { eventType: 'BLOQUEO_USUARIO', TypeNotification: 1, codeTemplate: 'bloqueo', subject: 'Bloqueo', body: 'Hola' };
    expect(await handlers['settings:call']({ call: 'upsertNotificationTemplate', body })).toEqual({ ok: true, data: template });
    expect(sent().map(relative)).toEqual(['GET /config/getTemplatesByCompany?companyId=100', 'POST /config/upsertTemplatesByCompanyAndEventType']);
    expect(sent()[1]!.body).toEqual({ ...body, companyId: 100, excludeCustomerContent: false });
    // Still never from the page.
    expect(await handlers['settings:call']({ call: 'upsertNotificationTemplate', body: { ...body, companyId: 200 } })).toEqual(refused(GATEWAY_TEXT.orgFromSession));
    expect(await handlers['settings:call']({ call: 'notificationTemplates', query: { companyId: 200 } })).toEqual(refused(GATEWAY_TEXT.orgFromSession));
  });
});

describe('settings:call bodies', () => {
  it('refuses a body that breaks the entry schema with its Spanish message, and sends nothing', async () => {
    await signIn(3);
    const timers = { timeInactivityAgent: 5, timeInactivityClient: 10, timeMaxInitConversation: 15 };
    const cases: [unknown, string][] = [
      [{ call: 'createSplit', body: { codigoSplit: 'VIP', nombre: '   ', ...timers } }, 'El nombre es obligatorio'],
      [{ call: 'createSplit', body: { codigoSplit: 'V I P', nombre: 'VIP', ...timers } }, 'El código solo admite letras, números, guiones y _'],
      [{ call: 'createSplit', body: { codigoSplit: 'VIP', nombre: 'VIP', ...timers, timeInactivityAgent: 0 } }, 'El tiempo de inactividad del asesor debe ser al menos 1'],
      [{ call: 'createSplitSchedule', body: { id_split: 5, dia: 1, horaInicio: '12:00', horaFin: '08:00' } }, 'La hora final debe ser posterior a la hora inicial'],
      [{ call: 'createSplitSchedule', body: { id_split: 5, dia: 8, horaInicio: '08:00', horaFin: '12:00' } }, 'El día no puede superar 7'],
      [{ call: 'createSplitDerive', body: { split_origin: 5, split_derive: 5 } }, 'Un split no puede derivarse a sí mismo'],
      [{ call: 'updateSplits', body: { splits: [] } }, 'Envíe al menos un split'],
      [{ call: 'updateChatParameters', body: { nroMaximoChatsAsesor: 0 } }, 'El número máximo de chats debe ser al menos 1'],
      [{ call: 'updateChatParameters', body: { nroMaximoChatsAsesor: 2.5 } }, 'El número máximo de chats debe ser un número entero'],
      [{ call: 'updateChatParameters', body: {} }, 'Envíe al menos un parámetro'],
      [{ call: 'setAgentStatus', body: { idUser: 9, estado: 'Pausa' } }, 'Seleccione el evento de pausa'],
      [{ call: 'setAgentStatus', body: { idUser: 9, estado: 'Activo' } }, "El estado debe ser 'Pausa' o 'Desconectado'"],
      [{ call: 'createBusinessReason', body: { codigoCausal: 'C1', nombre: 'x'.repeat(121) } }, 'El nombre no puede superar 120 caracteres'],
      [{ call: 'updateEndMessage', body: { idEndTypeConversation: 1, clientMessage: '  ' } }, 'El mensaje es obligatorio'],
      [{ call: 'upsertResponseTemplate', body: { templateName: 'Saludo', templateContent: '' } }, 'El contenido de la plantilla es obligatorio'],
      [
        { call: 'createDirectoryContact', body: { nombre: 'Ana', email: 'ana@', telefono: '300', identificacion: '1', idVa: 1, idCity: 5001 } },
        'Ingrese un correo electrónico válido'
      ],
      [{ call: 'splits', body: { nombre: 'x' } }, GATEWAY_TEXT.unexpectedBody],
      [{ call: 'deleteSplit', query: {} }, 'Debe ser un número']
    ];
    for (const [arg, message] of cases) {
      expect(await handlers['settings:call'](arg), JSON.stringify(arg)).toEqual(refused(message));
    }
    expect(sent()).toEqual([]);
  });

  it('sends the validated body (trimmed, defaults filled) and answers the validated data', async () => {
    await signIn(6);
    route = (req) => json(200, { ...SPLIT, ...(req.body as object), horariosAtencion: [], derivaciones: [] });
    const result = await handlers['settings:call']({
      call: 'createSplit',
      body: { codigoSplit: ' VIP ', nombre: ' Clientes VIP ', timeInactivityAgent: 5, timeInactivityClient: 10, timeMaxInitConversation: 15 }
    });
    expect(result.ok).toBe(true);
    expect(sent().map(relative)).toEqual(['POST /ha/api/crearSplit?idOrg=100']);
    expect(sent()[0]!.body).toEqual({
      codigoSplit: 'VIP',
      nombre: 'Clientes VIP',
      descripcion: '',
      activo: true,
      timeInactivityAgent: 5,
      timeInactivityClient: 10,
      timeMaxInitConversation: 15
    });
  });

  it('passes deletes by query, by path and by body', async () => {
    await signIn(3);
    route = () => json(200, true);
    expect(await handlers['settings:call']({ call: 'deleteSplit', query: { idSplit: 5 } })).toEqual({ ok: true, data: true });
    expect(await handlers['settings:call']({ call: 'deleteSplitSchedule', query: { codigoRegistro: 12 } })).toEqual({ ok: true, data: true });
    route = () => json(200, { success: true });
    expect(await handlers['settings:call']({ call: 'deleteDirectoryContact', params: { idContact: 3 } })).toEqual({ ok: true, data: { success: true } });
    expect(await handlers['settings:call']({ call: 'deleteResponseTemplate', body: { idTemplate: 8 } })).toEqual({ ok: true, data: { success: true } });
    expect(sent().map(relative)).toEqual([
      'DELETE /ha/api/borrarSplit?idSplit=5&idOrg=100',
      'DELETE /ha/api/borrarHorarioSplit?codigoRegistro=12&idOrg=100',
      'DELETE /ha/api/directory/contacts/3',
      'DELETE /ha/api/templates/organization/100/deleteTemplate'
    ]);
    expect(sent()[3]!.body).toEqual({ idTemplate: 8 });
  });

  it("answers the platform's words for a refusal and a server error for an answer outside the catalogue", async () => {
    await signIn(3);
    route = () => json(409, { statusCode: 409, error: 'Conflict', message: 'Ya existe un split con ese código' });
    const body = { codigoSplit: 'VIP', nombre: 'VIP', timeInactivityAgent: 5, timeInactivityClient: 10, timeMaxInitConversation: 15 };
    expect(await handlers['settings:call']({ call: 'createSplit', body })).toEqual(refused('Ya existe un split con ese código', 409));
    route = () => json(200, 'sí');
    expect(await handlers['settings:call']({ call: 'deleteSplit', query: { idSplit: 5 } })).toEqual(refused(MSG.generic.serverError, 502));
    route = () => json(403, { message: 'no' });
    expect(await handlers['settings:call']({ call: 'deleteSplit', query: { idSplit: 5 } })).toEqual(refused(MSG.generic.unauthorized, 403));
  });
});

describe('settings:call administration (issue 19)', () => {
  const USER = {
    idUser: 40,
    name: 'Ana',
    email: 'ana@otra.co',
    role: 5,
    roleLabel: 'Asesor humano',
    company: 200,
    nameCompany: 'Otra Entidad S.A.S.',
    isActive: true,
    isLocked: false,
    dateCreate: '2026-03-02T15:00:00.000Z',
    dateUpdate: '2026-03-02T15:00:00.000Z'
  };

  it("fills the organisation the superadministrator chose into a new user's company, and the session's into the path parameters", async () => {
    await signIn(1);
    route = () => json(200, USER);
    const body = { name: 'Ana', email: 'ana@otra.co', role: 5, password: 'Inicial2026x' };
    expect(await handlers['settings:call']({ call: 'createUser', body, idOrg: 200 })).toEqual({ ok: true, data: USER });
    route = () => json(200, { idOrg: 100, organization: 'Demo Contact Center', autoUnlockMinutes: 15 });
    expect((await handlers['settings:call']({ call: 'updateAutoUnlock', body: { autoUnlockMinutes: 15 } })).ok).toBe(true);
    expect(sent().map(relative)).toEqual(['POST /api/users', 'POST /api/autoUnlockMinutes/byOrganization/100']);
    expect(sent()[0]!.body).toEqual({ ...body, company: 200 });
  });

  it('refuses a new password that breaks the policy before anything is sent', async () => {
    await signIn(3);
    const body = { name: 'Ana', email: 'mariana@demo.co', role: 5, password: 'Mariana2026' };
    expect(await handlers['settings:call']({ call: 'createCompanyUser', body })).toEqual(refused('La contraseña no puede contener el correo electrónico ni el nombre de usuario'));
    expect(await handlers['settings:call']({ call: 'createCompanyUser', body: { ...body, role: 1, password: 'Inicial2026x' } })).toMatchObject({ ok: false, error: { status: 400 } });
    expect(sent()).toEqual([]);
  });
});
