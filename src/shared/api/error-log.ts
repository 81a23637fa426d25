import { z } from 'zod';
import { endpoint } from './endpoint';
import { IdParam } from '../domain/common';

export const ErrorLogBody = z.object({
  /** 'errorBoundary' for render errors (SPEC §7 "Other"), otherwise the failed path. */
  name: z.string().min(1).max(200),
  detail: z.string().max(20000),
  path: z.string().max(2000).optional(),
  idadviser: z.number().int().nonnegative().default(0),
  application: z.string().max(100).default('Dashboard')
});
export type ErrorLogBody = z.infer<typeof ErrorLogBody>;

export const errorLogEndpoints = {
  logErrorSocket: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: '/api/LogErrorSocket/{idOrg}',
    params: z.object({ idOrg: IdParam }),
    body: ErrorLogBody,
    response: z.object({ success: z.boolean() }),
    access: 'any',
    org: { in: 'path', name: 'idOrg' },
    note: 'Error reporting: render errors (name errorBoundary, idadviser 0, application Dashboard) and failed calls. Stored in error_log.'
  })
} as const;
