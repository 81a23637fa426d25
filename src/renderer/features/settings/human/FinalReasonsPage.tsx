import { ReasonsEditor } from './ReasonsEditor';
import { HUMAN_SETTINGS_PAGES } from './routes';
import { REASONS_TEXT } from './texts';

/** SPEC §2 configuracion/asesor-humano/causales-finalizacion. */
export function FinalReasonsPage() {
  return <ReasonsEditor kind="final" title={HUMAN_SETTINGS_PAGES.finalReasons.title} intro={REASONS_TEXT.finalIntro} />;
}
