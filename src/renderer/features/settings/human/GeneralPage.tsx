import { useState, type FormEvent } from 'react';
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { UpdateChatParameters, type ChatParameters } from '../../../../shared/domain/parameters';
import { MSG } from '../../../../shared/messages';
import { useNotify } from '../../../app/toasts';
import { DataState } from '../../../components/DataState';
import { SubmitButton, TextField } from '../../../components/TextField';
import { CheckGroupField } from '../../../components/settings/fields';
import { afterBlur, changed, checkWith, numberFrom, type FieldErrors } from '../../../components/settings/form';
import { PauseEventsSection } from './PauseEventsSection';
import { settingsTitle } from '../../../../shared/settings-screens';
import { callSettings } from '../../../components/settings/settings-client';
import { SettingsPage, SettingsSection } from '../../../components/settings/SettingsPage';
import { PARAMETERS_TEXT, WEEKDAYS } from './texts';
import { SETTINGS_TEXT } from '../../../components/settings/texts';
import { UnsavedChangesGuard } from '../../../components/settings/UnsavedChanges';
import { useSettingsLoad } from '../../../components/settings/use-settings-load';

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  wide: { gridColumn: '1 / -1' },
  actions: { gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }
});

interface ParameterValues {
  nroMaximoChatsAsesor: string;
  diasLaborales: number[];
  horaLaboralInicio: string;
  horaLaboralFin: string;
  tiempoInactividadCliente: string;
}

const BLANK: ParameterValues = { nroMaximoChatsAsesor: '', diasLaborales: [], horaLaboralInicio: '', horaLaboralFin: '', tiempoInactividadCliente: '' };

function valuesOf(p: ChatParameters): ParameterValues {
  return {
    nroMaximoChatsAsesor: String(p.nroMaximoChatsAsesor),
    diasLaborales: [...p.diasLaborales],
    horaLaboralInicio: p.horaLaboralInicio,
    horaLaboralFin: p.horaLaboralFin,
    tiempoInactividadCliente: String(p.tiempoInactividadCliente)
  };
}

/**
 * SPEC §2 configuracion/asesor-humano/general: the chat parameters (max chats per agent, working
 * days and hours, customer inactivity) and the pause events. The engine honours a saved parameter
 * from its next assignment on.
 */
export function GeneralPage() {
  return (
    <SettingsPage title={settingsTitle('general')}>
      <ParametersSection />
      <PauseEventsSection />
    </SettingsPage>
  );
}

function ParametersSection() {
  const styles = useStyles();
  const notify = useNotify();
  const load = useSettingsLoad('chatParameters');
  // An organisation without parameters answers 404: its form starts blank (the engine's defaults are not shown as if stored).
  const missing = load.status === 'rejected' && load.error?.status === 404;
  const [values, setValues] = useState<ParameterValues>(BLANK);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  // The stored parameters fill the form each time they arrive (loaded, or answered by a save).
  const [filledFrom, setFilledFrom] = useState<ChatParameters | null>(null);
  if (load.status === 'resolved' && load.data && load.data !== filledFrom) {
    setFilledFrom(load.data);
    setValues(valuesOf(load.data));
  }

  const set = <K extends keyof ParameterValues>(key: K, value: ParameterValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '', '': '' }));
  };

  const check = () =>
    checkWith(UpdateChatParameters, {
      nroMaximoChatsAsesor: numberFrom(values.nroMaximoChatsAsesor),
      diasLaborales: values.diasLaborales,
      horaLaboralInicio: values.horaLaboralInicio,
      horaLaboralFin: values.horaLaboralFin,
      tiempoInactividadCliente: numberFrom(values.tiempoInactividadCliente)
    });
  // What the page would lose on leaving: the form against what is stored (blank when nothing is).
  const dirty = changed(load.status === 'resolved' && load.data ? valuesOf(load.data) : BLANK, values);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = check();
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    const result = await callSettings('updateChatParameters', { body: checked.data });
    setSaving(false);
    if (!result.ok) {
      setErrors({ '': result.error.message });
      notify.error(MSG.parameters.maxChatsUpdateFailed);
      return;
    }
    load.update(() => result.data);
    setValues(valuesOf(result.data));
    notify.success(MSG.parameters.maxChatsUpdated);
  }

  const status = missing ? 'resolved' : load.status;
  return (
    <SettingsSection title={PARAMETERS_TEXT.section}>
      <DataState status={status} errorTitle={MSG.parameters.loadFailed} errorDetail={load.error?.message} empty={false} onRetry={load.reload}>
        <UnsavedChangesGuard when={dirty} />
        <form
          className={styles.form}
          onSubmit={(e) => void submit(e)}
          onBlur={(e) => {
            const field = e.target.getAttribute('name');
            if (field) setErrors((x) => afterBlur(x, check(), field));
          }}
          noValidate
          aria-label={PARAMETERS_TEXT.section}
        >
          {missing ? (
            <MessageBar className={styles.wide} intent="info">
              <MessageBarBody>{PARAMETERS_TEXT.notConfigured}</MessageBarBody>
            </MessageBar>
          ) : null}
          {errors[''] ? (
            <MessageBar className={styles.wide} intent="error" role="alert">
              <MessageBarBody>{errors['']}</MessageBarBody>
            </MessageBar>
          ) : null}
          <TextField
            label={PARAMETERS_TEXT.maxChats}
            name="nroMaximoChatsAsesor"
            value={values.nroMaximoChatsAsesor}
            onChange={(v) => set('nroMaximoChatsAsesor', v)}
            error={errors.nroMaximoChatsAsesor || undefined}
          />
          <TextField
            label={PARAMETERS_TEXT.inactivity}
            name="tiempoInactividadCliente"
            value={values.tiempoInactividadCliente}
            onChange={(v) => set('tiempoInactividadCliente', v)}
            error={errors.tiempoInactividadCliente || undefined}
          />
          <TextField label={PARAMETERS_TEXT.start} name="horaLaboralInicio" type="time" value={values.horaLaboralInicio} onChange={(v) => set('horaLaboralInicio', v)} error={errors.horaLaboralInicio || undefined} />
          <TextField label={PARAMETERS_TEXT.end} name="horaLaboralFin" type="time" value={values.horaLaboralFin} onChange={(v) => set('horaLaboralFin', v)} error={errors.horaLaboralFin || undefined} />
          <div className={styles.wide}>
            <CheckGroupField label={PARAMETERS_TEXT.workingDays} options={WEEKDAYS} value={values.diasLaborales} onChange={(v) => set('diasLaborales', v)} error={errors.diasLaborales || undefined} />
          </div>
          <div className={styles.actions}>
            <SubmitButton label={SETTINGS_TEXT.save} submitting={saving} />
          </div>
        </form>
      </DataState>
    </SettingsSection>
  );
}
