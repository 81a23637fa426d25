import { z } from 'zod';
import { PositiveInt } from './fields';

/**
 * The feature toggles of a virtual agent (issue 38), by id. Each one changes what the platform and
 * the widget do at once: the platform reads it on every request (no cache), the widget when it opens.
 * The ids are stored (virtual_agent_features.id_feature): never renumber one.
 */
export const FEATURES = [
  { idFeature: 1, key: 'entryForm', name: 'Formulario de entrada' },
  { idFeature: 2, key: 'escalation', name: 'Escalamiento a un asesor' },
  { idFeature: 3, key: 'attachments', name: 'Adjuntos del cliente' },
  { idFeature: 4, key: 'survey', name: 'Encuesta de satisfacción' },
  { idFeature: 5, key: 'transcript', name: 'Descarga de la conversación' }
] as const;

export type FeatureKey = (typeof FEATURES)[number]['key'];
/** What each feature does when on, shown under its toggle. */
export const FEATURE_DESCRIPTIONS: Record<FeatureKey, string> = {
  entryForm: 'El cliente diligencia el formulario de entrada antes de iniciar el chat.',
  escalation: 'El asistente puede transferir la conversación a la cola de un asesor.',
  attachments: 'El cliente puede adjuntar archivos en el chat.',
  survey: 'Al finalizar, se pide al cliente la encuesta de satisfacción.',
  transcript: 'Al finalizar, el cliente puede descargar la conversación.'
};

/** A feature's id by its key. */
export const FEATURE_ID: Record<FeatureKey, number> = Object.fromEntries(FEATURES.map((f) => [f.key, f.idFeature])) as Record<FeatureKey, number>;
/** A feature nobody has switched is on (new virtual agents get every feature on). */
export const FEATURE_DEFAULT_STATUS = true;

/** The toggles as the widget reads them (WidgetConfig.features): every feature by key. */
export const WidgetFeatures = z.object(Object.fromEntries(FEATURES.map((f) => [f.key, z.boolean()])) as Record<FeatureKey, z.ZodBoolean>);
export type WidgetFeatures = z.infer<typeof WidgetFeatures>;
/** Every feature on: what a virtual agent starts with. */
export const ALL_FEATURES_ON: WidgetFeatures = Object.fromEntries(FEATURES.map((f) => [f.key, true])) as WidgetFeatures;

/** SPEC §3 "Feature": idFeature, status; the name is shown on the toggle. */
export const Feature = z.object({ idFeature: z.number().int(), name: z.string(), status: z.boolean() });
export type Feature = z.infer<typeof Feature>;
export const UpdateFeatureStatus = z.object({ idFeature: PositiveInt, status: z.boolean({ message: 'El estado debe ser verdadero o falso' }) });
export type UpdateFeatureStatus = z.infer<typeof UpdateFeatureStatus>;
