import { z } from 'zod';
import { PositiveInt, intBetween, requiredText } from './fields';

/**
 * SPEC §3 "Session expiry type": how a customer's idle web-chat session ends. closingTime is in
 * minutes (not shown in SPEC); clientMessage is what the customer reads when it closes.
 */
export const SessionExpirationType = z.object({ idSessionExpirationType: z.number().int(), clientMessage: z.string(), closingTime: z.number().int() });
export type SessionExpirationType = z.infer<typeof SessionExpirationType>;

export const UpdateSessionExpiration = z.object({
  idVa: PositiveInt,
  idSessionExpirationType: PositiveInt,
  clientMessage: requiredText('El mensaje al cliente', 1000),
  closingTime: intBetween('El tiempo de cierre', 1, 1440)
});
