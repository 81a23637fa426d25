import { UpdateChatParameters, type ChatParameters } from '../../../../shared/domain/parameters';
import { MSG } from '../../../../shared/messages';
import { checkWith, numberFrom } from '../../../components/settings/form';
import { RecordScreen, recordScreen } from '../../../components/settings/RecordScreen';
import { callSettings } from '../../../components/settings/settings-client';
import { SettingsPage } from '../../../components/settings/SettingsPage';
import { settingsTitle } from '../../../../shared/settings-screens';
import { PauseEventsSection } from './PauseEventsSection';
import { PARAMETERS_TEXT, WEEKDAYS } from './texts';

/**
 * The chat parameters of configuracion/asesor-humano/general, a record of the kit: max chats per
 * agent, working days and hours, customer inactivity, saved as a whole. The engine honours a saved
 * parameter from its next assignment on. An organisation without parameters answers 404: its form
 * starts blank (the engine's defaults are not shown as if stored).
 */
export const chatParametersRecord = recordScreen({
  title: PARAMETERS_TEXT.section,
  calls: { load: 'chatParameters', save: 'updateChatParameters' },
  load: () => callSettings('chatParameters'),
  missing: { status: 404, notice: PARAMETERS_TEXT.notConfigured },
  blank: { nroMaximoChatsAsesor: '', diasLaborales: [] as number[], horaLaboralInicio: '', horaLaboralFin: '', tiempoInactividadCliente: '' },
  valuesOf: (p: ChatParameters) => ({
    nroMaximoChatsAsesor: String(p.nroMaximoChatsAsesor),
    diasLaborales: [...p.diasLaborales],
    horaLaboralInicio: p.horaLaboralInicio,
    horaLaboralFin: p.horaLaboralFin,
    tiempoInactividadCliente: String(p.tiempoInactividadCliente)
  }),
  check: (values) =>
    checkWith(UpdateChatParameters, {
      nroMaximoChatsAsesor: numberFrom(values.nroMaximoChatsAsesor),
      diasLaborales: values.diasLaborales,
      horaLaboralInicio: values.horaLaboralInicio,
      horaLaboralFin: values.horaLaboralFin,
      tiempoInactividadCliente: numberFrom(values.tiempoInactividadCliente)
    }),
  fields: [
    { kind: 'text', name: 'nroMaximoChatsAsesor', label: PARAMETERS_TEXT.maxChats },
    { kind: 'text', name: 'tiempoInactividadCliente', label: PARAMETERS_TEXT.inactivity },
    { kind: 'text', name: 'horaLaboralInicio', label: PARAMETERS_TEXT.start, type: 'time' },
    { kind: 'text', name: 'horaLaboralFin', label: PARAMETERS_TEXT.end, type: 'time' },
    { kind: 'checks', name: 'diasLaborales', label: PARAMETERS_TEXT.workingDays, options: WEEKDAYS, wide: true }
  ],
  save: (body) => callSettings('updateChatParameters', { body }),
  messages: { loadFailed: MSG.parameters.loadFailed, updated: MSG.parameters.maxChatsUpdated, updateFailed: MSG.parameters.maxChatsUpdateFailed }
});

/**
 * SPEC §2 configuracion/asesor-humano/general: the chat parameters (the record above) and the pause
 * events (PauseEventsSection, a list inside the page).
 */
export function GeneralPage() {
  return (
    <SettingsPage title={settingsTitle('general')}>
      <RecordScreen descriptor={chatParametersRecord} />
      <PauseEventsSection />
    </SettingsPage>
  );
}
