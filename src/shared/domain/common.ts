import { z } from 'zod';

/** Query/path ids arrive as strings; they must be positive integers. */
export const IdParam = z.coerce
  .number({ message: 'Debe ser un número' })
  .int({ message: 'Debe ser un número entero' })
  .positive({ message: 'Debe ser un número positivo' });

export const OrgQuery = z.object({ idOrg: IdParam.optional() });

/** A plain confirmation, for writes whose SPEC answer is only "success". */
export const SuccessResult = z.object({ success: z.boolean() });

export const ErrorBody = z.object({ statusCode: z.number().int(), error: z.string().optional(), message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;
