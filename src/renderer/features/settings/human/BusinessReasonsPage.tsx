import { ReasonsEditor } from './ReasonsEditor';
import { settingsTitle } from '../../../../shared/settings-screens';
import { REASONS_TEXT } from './texts';

/** SPEC §2 configuracion/asesor-humano/causales-negocio. */
export function BusinessReasonsPage() {
  return <ReasonsEditor kind="business" title={settingsTitle('businessReasons')} intro={REASONS_TEXT.businessIntro} />;
}
