import { z } from 'zod';
import { Timestamp } from './fields';

export const INTEGRATION_STATUSES = ['success', 'failed'] as const;

/**
 * The field separator of a CSV download: ';' is what Excel in Spanish (Colombian Windows, whose
 * decimal mark is ',') splits on when the file is double-clicked; ',' is the RFC 4180 default the
 * platform answers when a client does not ask (the desktop app always asks, ';' unless the user
 * chose ','). Either way a field holding the separator, a quote or a line break is quoted.
 */
export const CSV_DELIMITERS = [';', ','] as const;
export const CsvDelimiter = z.enum(CSV_DELIMITERS, { message: "El separador debe ser ';' o ','" });
export type CsvDelimiter = z.infer<typeof CsvDelimiter>;

/** Rows of the reports. SPEC §3 names the page wrappers; the row fields are not shown and chosen here. */

/** One customer entry (the access log's entriesConsumers). */
export const AccessLogEntry = z.object({
  id: z.number().int(),
  fecha: Timestamp,
  identificacion: z.string(),
  tipoIdentificacion: z.string(),
  nombre: z.string(),
  canal: z.string(),
  idVa: z.number().int()
});
export type AccessLogEntry = z.infer<typeof AccessLogEntry>;

/** One conversation of the virtual assistant (the history report); idConv links to its interactions. */
export const ConversationRow = z.object({
  idConv: z.string(),
  fechaInicio: Timestamp,
  fechaFin: Timestamp.nullable(),
  canal: z.string(),
  idVa: z.number().int(),
  cliente: z.string().nullable(),
  interacciones: z.number().int().nonnegative(),
  escalado: z.boolean()
});
export type ConversationRow = z.infer<typeof ConversationRow>;

/** One human-agent chat (attended or not attended). Durations are seconds. */
export const AgentChatRow = z.object({
  idConv: z.string(),
  fechaEntrada: Timestamp,
  fechaAsignacion: Timestamp.nullable(),
  fechaFin: Timestamp.nullable(),
  canal: z.string(),
  split: z.string().nullable(),
  asesor: z.string().nullable(),
  estado: z.string(),
  duracion: z.number().int().nonnegative().nullable(),
  causalesNegocio: z.array(z.string()),
  causalFin: z.string().nullable(),
  /** The customer's name (null when not identified): the lists name a chat by it and a short id. */
  cliente: z.string().nullable().default(null)
});
export type AgentChatRow = z.infer<typeof AgentChatRow>;

/**
 * SPEC §3 "Causal report row" as the service sends it: the client joins businessCausal with
 * ';\n', strips the UTC tag of dateConection and adds a row id.
 */
export const CausalReportRow = z.object({
  idConv: z.string(),
  dateConection: z.string(),
  businessCausal: z.array(z.string()),
  endCausal: z.string().nullable(),
  agent: z.string(),
  split: z.string().nullable(),
  /** Ours, beside SPEC §3's fields: the customer's name (null when not identified). */
  cliente: z.string().nullable().default(null)
});
export type CausalReportRow = z.infer<typeof CausalReportRow>;

/** One call of the assistant to an external integration. */
export const IntegrationLogEntry = z.object({
  id: z.number().int(),
  fecha: Timestamp,
  service: z.string(),
  status: z.enum(INTEGRATION_STATUSES),
  idConv: z.string().nullable(),
  durationMs: z.number().int().nonnegative(),
  detail: z.string()
});
export type IntegrationLogEntry = z.infer<typeof IntegrationLogEntry>;
