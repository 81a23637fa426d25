import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { endpointAreas, endpoints } from '../../src/shared/api/catalogue';
import { pathParamNames, toRoutePattern, type EndpointDef } from '../../src/shared/api/endpoint';
import { PagedStatisticsFilter, StatisticsFilter } from '../../src/shared/domain/filter';
import { PageQuery } from '../../src/shared/domain/paged';
import { toAgentStatus } from '../../src/shared/domain/chat';
import { WidgetDesignAnswer, DEFAULT_WIDGET_THEME } from '../../src/shared/domain/widget-design';

type Call = readonly [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string];

const S = '/api/statistics/organization/{idOrg}';

/**
 * Every call of SPEC §7, transcribed by hand, section by section. Where SPEC writes a path
 * without its leading '/' or abbreviates it with '...', the full path is written out.
 */
const SPEC_CALLS: readonly Call[] = [
  // Auth
  ['POST', '/api/auth'],
  ['POST', '/api/auth/auth_ldap'],
  ['POST', '/api/auth/refreshSesion'],
  ['GET', '/api/auth/changePasswordByExpiration'],
  // Users and parameters
  ['GET', '/api/users'],
  ['POST', '/api/users'],
  ['POST', '/api/users/company'],
  ['PUT', '/api/users'],
  ['PUT', '/api/users/{idUser}'],
  ['DELETE', '/api/users/{id}'],
  ['DELETE', '/api/users/company/{id}'],
  ['PUT', '/api/users/UpdatePasswordByUserName'],
  ['GET', '/api/users/agents'],
  ['GET', '/api/loginAttempsAllowed'],
  ['POST', '/api/loginAttempsAllowed/byOrganization/{org}'],
  ['GET', '/api/passwordExpirationDays'],
  ['POST', '/api/passwordExpirationDays/byOrganization/{org}'],
  // Reasons and agent state
  ['GET', '/api/obtenerCausales'],
  ['GET', '/api/obtenerCausalesActivos'],
  ['GET', '/api/causalesFinalizacion/obtenerCausalesFinalizacion'],
  ['GET', '/api/causalesFinalizacion/obtenerCausalesFinalizacionActivos'],
  ['POST', '/api/crearCausal'],
  ['POST', '/api/actualizarCausal'],
  ['POST', '/api/causalesFinalizacion/crearCausalFinalizacion'],
  ['POST', '/api/causalesFinalizacion/actualizarCausalFinalizacion'],
  ['POST', '/api/crearListadoCausalesConversacion'],
  ['POST', '/api/causalesFinalizacion/guardarCausalFinalizacionConversacion'],
  ['DELETE', '/api/borrarCausal'],
  ['DELETE', '/api/causalesFinalizacion/borrarCausalFinalizacion'],
  ['GET', '/api/obtenerEstadoConexionAsesores'],
  ['GET', '/api/obtenerHistoricoConexionAsesores'],
  ['GET', '/api/descargarHistoricoConexionAsesores'],
  ['GET', '/api/CauseStepAgentHuman/getAutomaticTransferToAgent'],
  ['GET', '/api/statistics/organization/{idOrg}/attention/agent/automaticTransferToAgent'],
  // Statistics
  ['GET', `${S}/attention/agent/businessCausals`],
  ['GET', `${S}/attention/agent/finalCausals`],
  ['GET', `${S}/attention/agent/humanAgentTyping`],
  ['GET', `${S}/attention/agent/percentage/attended`],
  ['GET', `${S}/attention/agent/percentage/notAttended`],
  ['GET', `${S}/attention/percentage/abandonmentLevel`],
  ['GET', `${S}/interactions/fcr`],
  ['GET', `${S}/interactions/TMAsignacion`],
  ['GET', `${S}/interactions/TMAtencionAH`],
  ['GET', `${S}/interactions/TMAtencionAV`],
  ['GET', `${S}/interactions/TMO`],
  ['GET', `${S}/interactions/missingBotResponse`],
  ['GET', `${S}/interactions/satisfaction`],
  ['GET', `${S}/interactions/intentsUnificado/`],
  ['GET', `${S}/interactions/agent/interactions/chats`],
  ['GET', `${S}/interactions/agent/interactions/notAttended`],
  ['GET', `${S}/interactions/conversation/{id}`],
  ['GET', `${S}/interactions/total`],
  ['GET', `${S}/interactions/AverageInteraction`],
  ['GET', `${S}/entries_clients/recurring_clients`],
  ['GET', `${S}/entries_clients/consumerClients`],
  ['GET', `${S}/entries_clients/maxCountEntries`],
  ['GET', `${S}/entries_clients/typeDocuments`],
  ['GET', `${S}/integrations/consumerIntegrations`],
  ['GET', `${S}/intents/quantity`],
  ['GET', '/api/experience/organization/{idOrg}/agent/calculateNetPromoterScore'],
  ['GET', '/api/statistics/lines/chats/attended/{idOrg}'],
  ['GET', '/api/statistics/lines/conversations/organization/{idOrg}'],
  ['GET', '/api/statistics/lines/calificaciones/organization/{idOrg}'],
  ['GET', '/api/statistics/bars/totalchats/scaled/{id}'],
  ['GET', '/api/statistics/bars/average/time/agents/{id}'],
  ['GET', '/api/statistics/bars/totalchats/agents/{id}'],
  ['GET', '/api/statistics/bars/intentions/ratings/organization/{idOrg}'],
  ['GET', '/api/statistics/bars/intentions/organization/{idOrg}'],
  ['GET', '/api/statistics/notificationsLog/company/{idOrg}'],
  ['GET', '/api/statistics/notificationsByStatus/company/{id}'],
  ['GET', '/api/statistics/eventsByTypeEventRole/company/{id}'],
  // Reports
  ['GET', '/api/reports/humanAgentTyping'],
  ['GET', '/api/reports/conversations'],
  ['GET', '/api/reports/consumerClients'],
  // Multimedia
  ['POST', '/api/multimedia/subir'],
  ['GET', '/api/multimedia/descargar/{id}'],
  // Organisations and channels
  ['GET', '/api/types/channels'],
  ['GET', '/api/organizations'],
  ['GET', '/api/organizations/actives'],
  ['POST', '/api/organizations'],
  ['PUT', '/api/organizations'],
  ['DELETE', '/api/organizations/{idOrg}'],
  ['GET', '/api/organization/{idOrg}/virtualAgents'],
  // Dashboard design
  ['GET', '/api/organization/{idOrg}/dashboardDesign/getDashboardDesign'],
  ['POST', '/api/organization/{idOrg}/dashboardDesign/updateDashboardDesign'],
  ['GET', '/api/organization/{idOrg}/dashboardDesign/getDashboardImage'],
  ['POST', '/api/organization/{idOrg}/dashboardDesign/updateDashboardtImage'],
  // The public web-fonts list: SPEC fetches it from a third party; the platform serves it here.
  ['GET', '/api/fonts'],
  // Chats and events
  ['GET', '/api/obtenerChatsEnCola'],
  ['GET', '/api/notAttendedEvents'],
  // Locations
  ['GET', '/api/location/locationList/'],
  ['POST', '/api/location/createRegional'],
  ['POST', '/api/location/updateRegional'],
  ['DELETE', '/api/location/deleteRegional'],
  ['POST', '/api/location/updateDepartment'],
  // End-of-conversation messages
  ['GET', '/api/mensajesFinConv/obtenerMensajesFinConvCliente'],
  ['POST', '/api/mensajesFinConv/actualizarMensajeFinConversacion'],
  ['GET', '/api/mensajesFinConv/obtenerMensajesFinConversacion'],
  // Notification templates
  ['GET', '/api/types/notifications/company/{id}'],
  ['GET', '/config/getTemplatesByCompany'],
  ['DELETE', '/config/deleteTemplate/{id}'],
  ['POST', '/config/upsertTemplatesByCompanyAndEventType'],
  // Chat parameters and pause events
  ['GET', '/api/obtenerParametros'],
  ['POST', '/api/actualizarParametros'],
  ['GET', '/api/obtenerEventosPausa'],
  ['POST', '/api/crearEventoPausa'],
  ['POST', '/api/actualizarEventoPausa'],
  ['DELETE', '/api/eliminarEventoPausa'],
  // Contact directory
  ['GET', '/api/directory/contacts'],
  ['GET', '/api/directory/contacts/actives'],
  ['POST', '/api/directory/contacts'],
  ['PUT', '/api/directory/contacts'],
  ['DELETE', '/api/directory/contacts/{idContact}'],
  // Response templates
  ['GET', '/api/templates/organization/{idOrg}/getAllTemplatesAvailable'],
  ['PUT', '/api/templates/organization/{idOrg}/upsertTemplate'],
  ['DELETE', '/api/templates/organization/{idOrg}/deleteTemplate'],
  // Session expiry
  ['GET', '/api/organization/{idOrg}/sessionExpiration/getSessionExpirationType'],
  ['POST', '/api/organization/{idOrg}/sessionExpiration/updateSessionExpirationType'],
  // Entry form
  ['GET', '/api/organization/{idOrg}/agent/getEntryFormComplete'],
  ['PUT', '/api/organization/{idOrg}/agent/updateEntryFormComplete'],
  ['PUT', '/api/organization/{idOrg}/agent/updateEntryFormOrder'],
  // Notification emails
  ['GET', '/api/organization/{idOrg}/emailsNotifications/getEmailsNotifications'],
  ['POST', '/api/organization/{idOrg}/emailsNotifications/createEmailNotifications'],
  ['PUT', '/api/organization/{idOrg}/emailsNotifications/updateEmailNotifications'],
  ['DELETE', '/api/organization/{idOrg}/emailsNotifications/deleteteEmailNotifications'],
  // Features
  ['GET', '/api/{idOrg}/features/{idVa}/getFeatures'],
  ['PUT', '/api/{idOrg}/features/{idVa}/updateFeatureStatus'],
  // Splits
  ['GET', '/api/obtenerSplits'],
  ['POST', '/api/crearSplit'],
  ['POST', '/api/actualizarSplit'],
  ['DELETE', '/api/borrarSplit'],
  ['GET', '/api/obtenerSplitUsuarios'],
  ['POST', '/api/crearSplitUsuario'],
  ['DELETE', '/api/borrarSplitUsuario'],
  ['POST', '/api/crearHorarioSplit'],
  ['POST', '/api/actualizarHorarioSplit'],
  ['DELETE', '/api/borrarHorarioSplit'],
  ['POST', '/api/crearSplitDerive'],
  ['POST', '/api/actualizarSplitDerive'],
  ['DELETE', '/api/borrarSplitDerive'],
  ['GET', '/api/obtenerSplitsDisponiblesTraslado'],
  ['POST', '/api/LogErrorSocket/{idOrg}'],
  // Widget
  ['GET', '/api/organization/{idOrg}/colorFont/getWidgetDesign'],
  ['POST', '/api/organization/{idOrg}/colorFont/updateWidgetDesign'],
  ['GET', '/api/organization/{idOrg}/colorFont/getImage'],
  ['POST', '/api/organization/{idOrg}/colorFont/upsertImage'],
  // Workspaces and answers
  ['GET', '/api/workspaces'],
  ['GET', '/api/workspaces/{id}/answers'],
  ['PUT', '/api/answers/workspace/{id}'],
  ['GET', '/api/answers/respNodeIdWrkspc/{workspaceId}/respNodeWatsonNodeId/{nodeId}'],
  ['PUT', '/api/answers'],
  ['DELETE', '/api/answers']
];

/**
 * Calls whose path SPEC §7 says is "not shown" (agent statistics, CSV downloads…): the paths the
 * catalogue chose for them. The advisor history CSV is SPEC's descargarHistoricoConexionAsesores,
 * the notification log is statistics/notificationsLog, the integration log is
 * integrations/consumerIntegrations and the access log is reports/consumerClients (all listed above).
 */
const CHOSEN_CALLS: readonly Call[] = [
  ['GET', `${S}/attention/agent/chatStatus`],
  ['GET', `${S}/attention/agent/escalatedChats`],
  ['GET', `${S}/attention/agent/escalatedChats/{idConv}/messages`],
  ['GET', '/api/reports/consumerClients/csv'],
  ['GET', '/api/reports/conversations/csv'],
  ['GET', '/api/reports/humanAgentTyping/csv'],
  ['GET', '/api/reports/chats/csv'],
  ['GET', '/api/reports/integrationsLog/csv'],
  ['GET', '/api/reports/notificationsLog/csv'],
  // Human-agent settings: the supervisor's action on an agent, and the bulk split update.
  ['POST', '/api/actualizarEstadoAsesor'],
  ['POST', '/api/actualizarSplits'],
  // The supervisor's live queue (issue 20): the home page and 'Cola de chats', assign and move a waiting chat.
  ['GET', '/api/supervision/colaEnVivo'],
  ['POST', '/api/supervision/asignarChat'],
  ['POST', '/api/supervision/moverChat'],
  // The agent console's extras (issue 17): internal notes and the customer's earlier conversations.
  ['GET', '/api/conversaciones/{id}/notas'],
  ['POST', '/api/conversaciones/{id}/notas'],
  ['GET', '/api/conversaciones/{id}/anteriores'],
  ['GET', '/api/conversaciones/{id}/anteriores/{previousId}'],
  // Administration (issue 19): the accounts locked now, the staff access log, the automatic unlock.
  ['GET', '/api/users/locked'],
  ['GET', '/api/users/accessLog'],
  ['GET', '/api/autoUnlockMinutes'],
  ['POST', '/api/autoUnlockMinutes/byOrganization/{org}'],
  // LDAP sign-in (issue 19): whether the login page offers it, and each directory's settings and 'Probar'.
  ['GET', '/api/auth/ldap_directories'],
  ['GET', '/api/ldap/configuracion/{idOrg}'],
  ['PUT', '/api/ldap/configuracion/{idOrg}'],
  ['POST', '/api/ldap/probar/{idOrg}'],
  // Workspaces (issue 38): each workspace's thresholds, 'Probar', the files of an answer's elements, and the Watson import.
  ['PUT', '/api/workspaces/{id}/umbrales'],
  ['POST', '/api/workspaces/{id}/probar'],
  ['POST', '/api/answers/media'],
  ['POST', '/api/workspaces/{id}/watson-import'],
  // Notifications (issue 39): the organisation's SMTP and SMS channels with 'Probar conexión', a
  // template's preview and 'Enviar prueba', what the outbox gave up on with 'Reintentar', the
  // suppressed addresses, and the desktop app's report of a scheduled export that failed.
  ['GET', '/api/organization/{idOrg}/notificaciones/canales'],
  ['PUT', '/api/organization/{idOrg}/notificaciones/canales'],
  ['POST', '/api/organization/{idOrg}/notificaciones/canales/probar'],
  ['POST', '/config/previewTemplate'],
  ['POST', '/config/sendTestTemplate/{id}'],
  ['GET', '/api/organization/{idOrg}/notificaciones/pendientes'],
  ['POST', '/api/organization/{idOrg}/notificaciones/pendientes/{id}/reintentar'],
  ['GET', '/api/organization/{idOrg}/notificaciones/suprimidos'],
  ['DELETE', '/api/organization/{idOrg}/notificaciones/suprimidos'],
  ['POST', '/api/notificaciones/eventos/exportacion-fallida'],
  // Personalisation (issue 40): the dashboard design's kept versions and the restore of one.
  ['GET', '/api/organization/{idOrg}/dashboardDesign/versions'],
  ['POST', '/api/organization/{idOrg}/dashboardDesign/restoreVersion'],
  ['POST', '/api/organization/{idOrg}/designImage'],
  // The desktop app's staged rollout (issue 41).
  ['GET', '/api/updates/rollout'],
  ['PUT', '/api/updates/rollout'],
  // The health of every desk (issue 41).
  ['POST', '/api/desks/report'],
  ['GET', '/api/organization/{idOrg}/desks']
];

/** Entries whose shapes SPEC states in full; every other entry documents its choices in `note`. */
const FULLY_SPECIFIED = new Set([
  'changePasswordByExpiration',
  'channelTypes',
  'organizations',
  'organizationsActive',
  'createOrganization',
  'updateOrganization',
  'endMessagesClient',
  'updateEndMessage',
  'endMessages',
  'virtualAgents'
]);

const entries = Object.entries(endpoints) as [string, EndpointDef][];
const key = (method: string, path: string) => `${method} ${path}`;

function shapeKeys(schema: unknown): string[] | null {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : null;
}

describe('endpoint catalogue', () => {
  it('the hand-written lists have no repeats', () => {
    const all = [...SPEC_CALLS, ...CHOSEN_CALLS].map(([m, p]) => key(m, p));
    expect(new Set(all).size).toBe(all.length);
    expect(SPEC_CALLS.length).toBeGreaterThan(150);
  });

  it('has exactly one entry for every SPEC §7 call and every chosen path', () => {
    for (const [method, path] of [...SPEC_CALLS, ...CHOSEN_CALLS]) {
      const matches = entries.filter(([, d]) => d.method === method && d.path === path);
      expect(matches.map(([name]) => name), key(method, path)).toHaveLength(1);
    }
  });

  it('has no entry outside those lists', () => {
    const listed = new Set([...SPEC_CALLS, ...CHOSEN_CALLS].map(([m, p]) => key(m, p)));
    const extra = entries.filter(([, d]) => !listed.has(key(d.method, d.path))).map(([name, d]) => `${name}: ${key(d.method, d.path)}`);
    expect(extra).toEqual([]);
  });

  it('no two entries share method and path, and no two areas share an entry name', () => {
    const seen = entries.map(([, d]) => key(d.method, d.path));
    expect(new Set(seen).size).toBe(seen.length);
    const names = Object.values(endpointAreas).flatMap((area) => Object.keys(area));
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBe(entries.length);
  });

  it('every path starts with /api/ or /config/', () => {
    for (const [name, d] of entries) expect(d.path, name).toMatch(/^\/(api|config)\//);
  });

  it('path parameters and the params schema name the same keys', () => {
    for (const [name, d] of entries) {
      const inPath = pathParamNames(d.path).sort();
      if (inPath.length === 0) {
        expect(d.params, `${name} has params but no {param} in its path`).toBeUndefined();
        continue;
      }
      const keys = shapeKeys(d.params);
      expect(keys, `${name} params must be a z.object`).not.toBeNull();
      expect([...(keys ?? [])].sort(), name).toEqual(inPath);
    }
  });

  it('every org source names a real path parameter, query key or body key', () => {
    for (const [name, d] of entries) {
      if (!d.org) continue;
      const where = d.org.in === 'path' ? pathParamNames(d.path) : shapeKeys(d.org.in === 'query' ? d.query : d.body);
      expect(where, `${name}: org in ${d.org.in}`).not.toBeNull();
      expect(where, `${name}: org ${d.org.name}`).toContain(d.org.name);
    }
  });

  it('every chosen shape or path is documented in a note', () => {
    const undocumented = entries.filter(([name, d]) => !FULLY_SPECIFIED.has(name) && (d.note?.trim().length ?? 0) < 10).map(([name]) => name);
    expect(undocumented).toEqual([]);
    for (const [method, path] of CHOSEN_CALLS) {
      const def = entries.find(([, d]) => d.method === method && d.path === path)?.[1];
      expect(def?.note, key(method, path)).toMatch(/not shown/);
    }
  });

  it('viewer roles never write, and only sign-in calls are public', () => {
    for (const [name, d] of entries) {
      if (d.access === 'public') expect(d.path, name).toMatch(/^\/api\/auth/);
      if (d.method !== 'GET' && Array.isArray(d.access)) {
        expect(d.access, name).not.toContain(2);
        expect(d.access, name).not.toContain(4);
      }
    }
  });

  it('reports that download files answer csv, multimedia download answers binary', () => {
    for (const [name, d] of entries) {
      if (d.path.endsWith('/csv') || d.path === '/api/descargarHistoricoConexionAsesores') expect(d.response, name).toBe('csv');
    }
    expect(endpoints.downloadFile.response).toBe('binary');
  });

  it('every entry registers as a Fastify route without conflicts', async () => {
    const app = Fastify();
    for (const [, d] of entries) app.route({ method: d.method, url: toRoutePattern(d.path), handler: async () => ({}) });
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});

describe('statistics filter and paging schemas', () => {
  const base = { start: '2026-03-01', end: '2026-03-31' };

  it('accepts a valid range and applies the defaults', () => {
    const parsed = StatisticsFilter.parse({ ...base, channels: '1, 2,3', idOrg: '100' });
    expect(parsed).toMatchObject({ ...base, attention: 'attended', channels: [1, 2, 3], idOrg: 100 });
  });

  it('rejects an impossible date with a Spanish message', () => {
    const result = StatisticsFilter.safeParse({ start: '2026-13-01', end: '2026-13-02' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain('La fecha inicial no es una fecha válida');
    expect(StatisticsFilter.safeParse({ start: '2026-02-30', end: '2026-03-01' }).success).toBe(false);
  });

  it('rejects a date in another format', () => {
    const result = StatisticsFilter.safeParse({ start: '01/03/2026', end: '2026-03-02' });
    expect(result.error?.issues[0]?.message).toBe('La fecha inicial debe tener el formato yyyy-MM-dd');
  });

  it('rejects end before start', () => {
    const result = StatisticsFilter.safeParse({ start: '2026-03-02', end: '2026-03-01' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['end'], message: 'La fecha final debe ser igual o posterior a la fecha inicial' });
  });

  it('rejects lists that are not positive ids and an unknown attention', () => {
    expect(StatisticsFilter.safeParse({ ...base, splits: '1,x' }).success).toBe(false);
    expect(StatisticsFilter.safeParse({ ...base, agents: '0' }).success).toBe(false);
    expect(StatisticsFilter.safeParse({ ...base, attention: 'all' }).success).toBe(false);
    expect(StatisticsFilter.parse({ ...base, attention: 'notAttended', agents: ['3', '4'] })).toMatchObject({ attention: 'notAttended', agents: [3, 4] });
  });

  it('paging: defaults 1 and 10, size 0 and 501 and page 0 rejected', () => {
    expect(PageQuery.parse({})).toEqual({ page: 1, size: 10 });
    expect(PageQuery.parse({ page: '3', size: '500' })).toEqual({ page: 3, size: 500 });
    expect(PageQuery.safeParse({ size: '0' }).success).toBe(false);
    expect(PageQuery.safeParse({ size: '501' }).success).toBe(false);
    expect(PageQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(PagedStatisticsFilter.safeParse({ ...base, size: 0 }).success).toBe(false);
  });
});

describe('domain helpers', () => {
  it('maps the received agent status (SPEC §4)', () => {
    expect(toAgentStatus('Activo')).toBe('CONECTADO');
    expect(toAgentStatus('Pausa')).toBe('PAUSA');
    expect(toAgentStatus('Inactivo')).toBe('DESCONECTADO');
    expect(toAgentStatus(undefined)).toBe('DESCONECTADO');
  });

  it('parses the widget design whose colores and font come as JSON text', () => {
    const wire = { idVa: 1, colores: JSON.stringify(DEFAULT_WIDGET_THEME.colores), font: JSON.stringify(DEFAULT_WIDGET_THEME.font) };
    expect(WidgetDesignAnswer.parse(wire)).toEqual({ idVa: 1, ...DEFAULT_WIDGET_THEME });
    expect(WidgetDesignAnswer.safeParse({ ...wire, font: '{not json' }).success).toBe(false);
    expect(WidgetDesignAnswer.safeParse({ ...wire, colores: JSON.stringify({ header: 'red' }) }).success).toBe(false);
    // A reply validated once (objects instead of text) still parses.
    expect(WidgetDesignAnswer.parse(WidgetDesignAnswer.parse(wire))).toEqual({ idVa: 1, ...DEFAULT_WIDGET_THEME });
    expect(DEFAULT_WIDGET_THEME.colores.principal).toEqual({ background: '#1973bb', color: '#ffffff' });
  });
});
