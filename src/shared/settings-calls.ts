/**
 * The catalogue entries the human-agent settings pages (configuracion/asesor-humano/*) call through
 * the 'settings:call' IPC channel: their reads and writes, nothing else. The main process refuses
 * any other entry, fills the organisation from the session and validates the query, the path
 * parameters and the body with the entry's own schemas before anything is sent; the renderer
 * validates the answer with the entry's response schema.
 */
import { z } from 'zod';
import { endpoints, type EndpointName, type Endpoints } from './api/catalogue';
import type { CallBody, CallParams, CallQuery, CallResponse } from './catalogue-call';
import { PositiveInt } from './domain/fields';

export const SETTINGS_CALLS = [
  // asesores: the organisation's agents, their splits, their live state, the supervisor's action
  'agents',
  'agentConnectionStates',
  'agentSplits',
  'createAgentSplit',
  'deleteAgentSplit',
  'setAgentStatus',
  // splits: the queues, their periods and derivations, one or many at once
  'splits',
  'createSplit',
  'updateSplit',
  'updateSplits',
  'deleteSplit',
  'createSplitSchedule',
  'updateSplitSchedule',
  'deleteSplitSchedule',
  'createSplitDerive',
  'updateSplitDerive',
  'deleteSplitDerive',
  // general: chat parameters and pause events
  'chatParameters',
  'updateChatParameters',
  'pauseEvents',
  'createPauseEvent',
  'updatePauseEvent',
  'deletePauseEvent',
  // causales-negocio and causales-finalizacion
  'businessReasons',
  'createBusinessReason',
  'updateBusinessReason',
  'deleteBusinessReason',
  'finalReasons',
  'createFinalReason',
  'updateFinalReason',
  'deleteFinalReason',
  // mensajes
  'endMessages',
  'updateEndMessage',
  // plantillas-respuesta
  'responseTemplates',
  'upsertResponseTemplate',
  'deleteResponseTemplate',
  // directorio-contactos: the contacts of a virtual agent, cities and departments to choose from
  'virtualAgents',
  'locationList',
  'directoryContacts',
  'createDirectoryContact',
  'updateDirectoryContact',
  'deleteDirectoryContact'
] as const satisfies readonly EndpointName[];

export type SettingsCall = (typeof SETTINGS_CALLS)[number];

export function isSettingsCall(value: unknown): value is SettingsCall {
  return typeof value === 'string' && (SETTINGS_CALLS as readonly string[]).includes(value);
}

type Def<C extends SettingsCall> = Endpoints[C];

export type SettingsQuery<C extends SettingsCall> = CallQuery<Def<C>>;
export type SettingsParams<C extends SettingsCall> = CallParams<Def<C>>;
export type SettingsBody<C extends SettingsCall> = CallBody<Def<C>>;
export type SettingsResponse<C extends SettingsCall> = CallResponse<Def<C>>;

export function settingsEndpoint<C extends SettingsCall>(call: C): Def<C> {
  return endpoints[call];
}

const Fields = z.record(z.string().max(40), z.unknown());

/**
 * 'settings:call': which entry, its query, its non-organisation path parameters and its body (the
 * main process validates each with the entry's schema). idOrg is for the platform-wide roles only
 * (1 and 2, SPEC §6); the main process refuses it from anyone else and otherwise uses the session's.
 */
export const SettingsCallArg = z.strictObject({
  call: z.enum(SETTINGS_CALLS, { message: 'La operación de configuración solicitada no existe' }),
  query: Fields.optional(),
  params: Fields.optional(),
  body: z.unknown().optional(),
  idOrg: PositiveInt.optional()
});
export type SettingsCallArg = z.input<typeof SettingsCallArg>;
