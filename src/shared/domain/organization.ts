import { z } from 'zod';

export const Organization = z.object({
  idOrg: z.number().int(),
  name: z.string(),
  schemaName: z.string(),
  isActive: z.boolean(),
  organizationType: z.string()
});
export type Organization = z.infer<typeof Organization>;

export const VirtualAgent = z.object({ idVa: z.number().int(), name: z.string() });
export type VirtualAgent = z.infer<typeof VirtualAgent>;

/** GET /api/types/channels answers a types map: { channel1: 'Facebook', channel2: 'Whatsapp', channel3: 'Web' }. */
export const ChannelTypesMap = z.record(z.string().regex(/^channel\d+$/), z.string());
export type ChannelTypesMap = z.infer<typeof ChannelTypesMap>;

/** The client-side channel of SPEC §3: id from the key 'channelN', its label, and whether it is checked. */
export interface Channel {
  id: number;
  label: string;
  checked: boolean;
}

export function channelsFromTypesMap(map: ChannelTypesMap): Channel[] {
  return Object.entries(map)
    .map(([key, label]) => ({ id: Number(key.slice('channel'.length)), label, checked: true }))
    .sort((a, b) => a.id - b.id);
}
