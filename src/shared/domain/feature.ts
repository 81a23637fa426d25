import { z } from 'zod';
import { PositiveInt } from './fields';

/** SPEC §3 "Feature": idFeature, status; the name is shown on the toggle. */
export const Feature = z.object({ idFeature: z.number().int(), name: z.string(), status: z.boolean() });
export type Feature = z.infer<typeof Feature>;
export const UpdateFeatureStatus = z.object({ idFeature: PositiveInt, status: z.boolean({ message: 'El estado debe ser verdadero o falso' }) });
