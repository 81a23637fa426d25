import { z } from 'zod';
import { NO_NUL, PositiveInt, hasNoNul, optionalText } from './fields';

export const Organization = z.object({
  idOrg: z.number().int(),
  name: z.string(),
  schemaName: z.string(),
  isActive: z.boolean(),
  organizationType: z.string()
});
export type Organization = z.infer<typeof Organization>;

/** The texts of an organisation's form (SPEC §8 gives only the toasts). */
export const ORGANIZATION_TEXT = {
  nameRequired: 'El nombre es obligatorio',
  schemaRequired: 'El esquema es obligatorio',
  schemaFormat: 'El esquema solo admite minúsculas, números y _, y empieza por una letra',
  typeRequired: 'El tipo de organización es obligatorio'
} as const;

/** POST /api/organizations: name, schema name (a technical identifier, unique), type and whether it is active. */
export const CreateOrganization = z.object({
  name: z.string().trim().min(1, { message: ORGANIZATION_TEXT.nameRequired }).max(120, { message: 'El nombre no puede superar 120 caracteres' }).refine(hasNoNul, NO_NUL),
  schemaName: z
    .string()
    .trim()
    .min(1, { message: ORGANIZATION_TEXT.schemaRequired })
    .max(63, { message: 'El esquema no puede superar 63 caracteres' })
    .regex(/^[a-z][a-z0-9_]*$/, { message: ORGANIZATION_TEXT.schemaFormat }),
  organizationType: z
    .string()
    .trim()
    .min(1, { message: ORGANIZATION_TEXT.typeRequired })
    .max(60, { message: 'El tipo de organización no puede superar 60 caracteres' })
    .refine(hasNoNul, NO_NUL),
  isActive: z.boolean()
});
/** PUT /api/organizations: the same fields of an existing organisation. */
export const UpdateOrganization = CreateOrganization.extend({ idOrg: PositiveInt });

/** GET /api/organizations: an optional search on name, schema or type. */
export const OrganizationsQuery = z.object({ search: optionalText('La búsqueda', 120).optional() });

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
