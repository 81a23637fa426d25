import { ReasonsEditor } from './ReasonsEditor';
import { HUMAN_SETTINGS_PAGES } from './routes';
import { REASONS_TEXT } from './texts';

/** SPEC §2 configuracion/asesor-humano/causales-negocio. */
export function BusinessReasonsPage() {
  return <ReasonsEditor kind="business" title={HUMAN_SETTINGS_PAGES.businessReasons.title} intro={REASONS_TEXT.businessIntro} />;
}
