import { z } from 'zod';

/** SPEC §3 "End message". */
export const EndMessage = z.object({
  acronym: z.string(),
  clientMessage: z.string(),
  idEndTypeConversation: z.number().int(),
  fin: z.boolean()
});
export type EndMessage = z.infer<typeof EndMessage>;

/** SPEC §9: the order the end-of-conversation messages are shown in; the last is flagged fin. */
export const END_MESSAGE_ORDER = ['CCCNE', 'FCCC', 'FCCA', 'FCTIC', 'FCTIA', 'FCFHL'] as const;
