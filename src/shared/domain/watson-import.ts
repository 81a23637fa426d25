import { z } from 'zod';
import { IdParam } from './common';
import { PositiveInt, QueryBool } from './fields';

/**
 * Importing an IBM Watson Assistant v1 workspace export into a workspace (issue 38). The request's
 * body is the export file itself (its bytes, UTF-8 with or without a byte-order mark, up to
 * WATSON_IMPORT_MAX_BYTES); the query says whether it is only a dry run.
 */

/** The largest export accepted: the route's body limit, exactly (a larger one answers 413). */
export const WATSON_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The 413 text of the import route: a file over 10 MB. */
export const WATSON_TOO_LARGE_TEXT = 'El archivo de Watson supera el tamaño máximo de 10 MB';

export const WatsonImportQuery = z.object({
  idOrg: IdParam.optional(),
  /** true: read and compare only, write nothing. Absent: a dry run (applying is asked for explicitly). */
  dryRun: QueryBool.optional()
});

const Count = z.number().int().nonnegative();

/** Something a node holds that the import cannot carry over (listed, never silently dropped). */
export const WatsonNotCarried = z.object({ nodeId: z.string(), what: z.string() });
/** A reference of a node to a node (or an intent) the export does not have. */
export const WatsonMissingRef = z.object({ nodeId: z.string(), field: z.enum(['parent', 'previous_sibling', 'next_step', 'intent']), ref: z.string() });

/** The answer of a dry run and of an applied import (the same reading; `applied` says whether it was written). */
export const WatsonImportResult = z.object({
  workspaceId: z.number().int(),
  dryRun: z.boolean(),
  /** The import was written (false on a dry run, and when nothing differed from what is stored). */
  applied: z.boolean(),
  /** Nodes and intents the export holds. */
  nodes: Count,
  intents: Count,
  counts: z.object({ byNodeType: z.record(z.string(), Count), byResponseType: z.record(z.string(), Count) }),
  /** dialog_node ids not in the workspace yet. */
  added: z.array(z.string()),
  /** dialog_node ids in the workspace whose name, intent, examples, escalation or answer differ from the export. */
  updated: z.array(z.string()),
  /** dialog_node ids in the workspace exactly as the export has them. */
  unchanged: z.array(z.string()),
  notCarried: z.array(WatsonNotCarried),
  missingRefs: z.array(WatsonMissingRef)
});
export type WatsonImportResult = z.infer<typeof WatsonImportResult>;

/** The longest base64 text of a file of at most WATSON_IMPORT_MAX_BYTES. */
export const WATSON_IMPORT_MAX_BASE64 = Math.ceil(WATSON_IMPORT_MAX_BYTES / 3) * 4;

/**
 * 'settings:importWatson': the export's bytes (base64: they cross the Electron IPC and the browser
 * host's WebSocket bridge alike) for a workspace, as a dry run or applied. idOrg: roles 1–2 only.
 */
export const WatsonImportArg = z.strictObject({
  workspaceId: PositiveInt,
  dryRun: z.boolean(),
  data: z
    .string()
    .min(1, { message: 'El archivo está vacío' })
    .max(WATSON_IMPORT_MAX_BASE64, { message: WATSON_TOO_LARGE_TEXT })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'El archivo no se pudo leer' }),
  idOrg: PositiveInt.optional()
});
export type WatsonImportArg = z.input<typeof WatsonImportArg>;
