import { z } from 'zod';
import { FileRef } from './chat';
import { Timestamp } from './fields';

/** SPEC §3 "Each response item". */
export const ResponseItem = z.object({
  itemType: z.number().int(),
  itemValue: z.string().nullable(),
  itemOptions: z.array(z.string()).nullable(),
  itemFile: FileRef.nullable()
});
export type ResponseItem = z.infer<typeof ResponseItem>;

/** The decoded requestData: a text and a context that can hold attached files. */
export const InteractionRequest = z.object({
  text: z.string(),
  context: z.object({ fileArrayAttachment: z.array(FileRef).optional() }).passthrough()
});
/** The decoded responseAnswer. */
export const InteractionResponse = z.object({ responseItems: z.array(ResponseItem) });

/**
 * SPEC §3 "Chat interaction record": requestData and responseAnswer travel as JSON text and are
 * decoded with InteractionRequest / InteractionResponse.
 */
export const InteractionRecord = z.object({
  id: z.number().int(),
  interactionTime: Timestamp,
  requestData: z.string(),
  responseAnswer: z.string()
});
export type InteractionRecord = z.infer<typeof InteractionRecord>;

/** SPEC §3: an item of type 9 with no value shows as 'Opciones'. */
export const OPTIONS_ITEM_TYPE = 9;
export function responseItemText(item: ResponseItem): string {
  if (item.itemType === OPTIONS_ITEM_TYPE && !item.itemValue) return 'Opciones';
  return item.itemValue ?? '';
}
