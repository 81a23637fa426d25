import { z } from 'zod';

/** What the embedded platform's utility process tells the main process. */
export const PlatformMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), url: z.url({ protocol: /^http$/ }) }),
  z.object({ type: z.literal('failed'), message: z.string() })
]);
export type PlatformMessage = z.infer<typeof PlatformMessage>;

/** What the main process tells it. */
export const PlatformCommand = z.object({ type: z.literal('stop') });
export type PlatformCommand = z.infer<typeof PlatformCommand>;

/** The environment the utility process is started with. */
export const PlatformProcessEnv = z.object({
  ATIENDE_PLATFORM_DATA_DIR: z.string().min(1),
  ATIENDE_PLATFORM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** The migrations the build copied next to the entry. */
  ATIENDE_MIGRATIONS_DIR: z.string().min(1).optional()
});
