import { z } from 'zod';
import { endpoint } from './endpoint';
import { IdParam } from '../domain/common';
import { Counter, NO_NUL, hasNoNul } from '../domain/fields';

export const ErrorLogBody = z.object({
  /** 'errorBoundary' for render errors (SPEC §7 "Other"), otherwise the failed path. */
  name: z.string().min(1).max(200).refine(hasNoNul, NO_NUL),
  detail: z.string().max(20000).refine(hasNoNul, NO_NUL),
  path: z.string().max(2000).refine(hasNoNul, NO_NUL).optional(),
  idadviser: Counter.default(0),
  application: z.string().max(100).refine(hasNoNul, NO_NUL).default('Dashboard')
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
