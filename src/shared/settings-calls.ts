/**
 * The catalogue entries the settings pages (configuracion/*) call through the 'settings:call' IPC
 * channel: their reads and writes, nothing else — the entries flagged `ipc: ['settings']`. The main
 * process refuses any other entry, fills the organisation from the session and validates the query,
 * the path parameters and the body with the entry's own schemas before anything is sent; the
 * renderer validates the answer with the entry's response schema.
 */
import { z } from 'zod';
import { endpoints, type Endpoints } from './api/catalogue';
import { ipcCalls, type CallBody, type CallParams, type CallQuery, type CallResponse, type IpcCallOf } from './catalogue-call';
import { PositiveInt } from './domain/fields';

/** Every entry flagged `ipc: ['settings', …]` in src/shared/api (tests/unit/ipc-allow-lists.test.ts pins the set). */
export const SETTINGS_CALLS = ipcCalls('settings');

export type SettingsCall = IpcCallOf<'settings'>;

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
