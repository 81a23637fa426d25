import { ReasonsEditor } from './ReasonsEditor';
import { settingsTitle } from '../../../../shared/settings-screens';
import { REASONS_TEXT } from './texts';

/** SPEC §2 configuracion/asesor-humano/causales-finalizacion. */
export function FinalReasonsPage() {
  return <ReasonsEditor kind="final" title={settingsTitle('finalReasons')} intro={REASONS_TEXT.finalIntro} />;
}
