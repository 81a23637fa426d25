import { z } from 'zod';
import { INT4_MAX } from './fields';

/** Query/path ids arrive as strings; they must be positive integers within int4 (the id columns). */
export const IdParam = z.coerce
  .number({ message: 'Debe ser un número' })
  .int({ message: 'Debe ser un número entero' })
  .positive({ message: 'Debe ser un número positivo' })
  .max(INT4_MAX, { message: `Debe ser un número menor o igual a ${INT4_MAX}` });

export const OrgQuery = z.object({ idOrg: IdParam.optional() });

/** A plain confirmation, for writes whose SPEC answer is only "success". */
export const SuccessResult = z.object({ success: z.boolean() });

export const ErrorBody = z.object({ statusCode: z.number().int(), error: z.string().optional(), message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;
