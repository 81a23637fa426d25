import { z } from 'zod';

/** A published version as the feed's latest*.yml names it (semver, as electron-updater reads it). */
export const ReleaseVersion = z
  .string({ message: 'La versión es obligatoria' })
  .trim()
  .regex(/^\d{1,5}\.\d{1,5}\.\d{1,5}(?:-[0-9A-Za-z.-]{1,40})?$/, { message: 'La versión no es válida (por ejemplo 1.4.0)' });

/** PUT /api/updates/rollout: the share of desks (0–100 %) that may take the published version, or the rollout paused. */
export const UpdateRolloutBody = z.strictObject({
  version: ReleaseVersion,
  percentage: z
    .number({ message: 'El porcentaje debe ser un número' })
    .int({ message: 'El porcentaje debe ser un número entero' })
    .min(0, { message: 'El porcentaje debe estar entre 0 y 100' })
    .max(100, { message: 'El porcentaje debe estar entre 0 y 100' }),
  paused: z.boolean({ message: 'Indique si el despliegue está en pausa' })
});
export type UpdateRolloutBody = z.infer<typeof UpdateRolloutBody>;

/** The feed's published version (null while UPDATES_DIR holds no latest*.yml) and its rollout as desks are served it. */
export const UpdateRollout = z.object({
  published: z
    .object({
      version: z.string(),
      releaseDate: z.string().nullable(),
      /** The channel files that publish it (latest.yml, latest-mac.yml, latest-linux.yml). */
      channels: z.array(z.string())
    })
    .nullable(),
  /** The share served as stagingPercentage while not paused (100: every desk). */
  percentage: z.number().int(),
  paused: z.boolean(),
  updatedAt: z.string().nullable()
});
export type UpdateRollout = z.infer<typeof UpdateRollout>;
