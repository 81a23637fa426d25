import { z } from 'zod';
import { UpdatePhase } from '../updates';
import { NO_NUL, hasNoNul } from './fields';

/** A desk reports at most this many errors of each source at once, each cut to DESK_ERROR_MAX_CHARS. */
export const DESK_ERRORS_PER_REPORT = 20;
export const DESK_ERROR_MAX_CHARS = 2000;
/** A report body larger than this answers 413. */
export const DESK_REPORT_MAX_BYTES = 64 * 1024;
/** A desk silent for longer than this while its agent is on shift (Conectado or Pausa) is flagged. */
export const DESK_SILENT_MINUTES = 15;
/** Desks report when they connect and every few minutes. */
export const DESK_REPORT_INTERVAL_MS = 5 * 60 * 1000;

const Line = (max: number) => z.string().trim().min(1).max(max).refine(hasNoNul, NO_NUL);
const DeskError = z.strictObject({ at: z.iso.datetime({ offset: true }), message: z.string().max(DESK_ERROR_MAX_CHARS).refine(hasNoNul, NO_NUL) });

/** POST /api/desks/report: what a desktop says of itself (issue 41). */
export const DeskReportBody = z.strictObject({
  deskId: z.uuid({ message: 'El identificador del puesto no es válido' }),
  appVersion: Line(40),
  os: z.enum(['win32', 'darwin', 'linux', 'other']),
  osVersion: Line(80),
  uptimeSeconds: z.number().int().min(0).max(10 * 365 * 86400),
  update: z.strictObject({ phase: UpdatePhase, version: Line(40).nullable() }),
  rendererErrors: z.array(DeskError).max(DESK_ERRORS_PER_REPORT),
  mainErrors: z.array(DeskError).max(DESK_ERRORS_PER_REPORT),
  platformRestarts: z.number().int().min(0).max(100000)
});
export type DeskReportBody = z.infer<typeof DeskReportBody>;

/** One desk as the 'Salud de los puestos' screen lists it. */
export const DeskHealth = z.object({
  deskId: z.string(),
  user: z.object({ idUser: z.number().int(), name: z.string(), email: z.string(), role: z.number().int() }).nullable(),
  appVersion: z.string(),
  os: z.string(),
  osVersion: z.string(),
  uptimeSeconds: z.number().int(),
  updatePhase: z.string(),
  updateVersion: z.string().nullable(),
  platformRestarts: z.number().int(),
  lastSeen: z.string(),
  errors24h: z.number().int(),
  /** Silent past DESK_SILENT_MINUTES while its agent is on shift. */
  silent: z.boolean()
});
export type DeskHealth = z.infer<typeof DeskHealth>;
export const DeskHealthList = z.object({ items: z.array(DeskHealth), versions: z.array(z.object({ version: z.string(), desks: z.number().int() })) });
export type DeskHealthList = z.infer<typeof DeskHealthList>;
