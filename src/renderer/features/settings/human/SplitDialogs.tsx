import { useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { UpdateSplits } from '../../../../shared/api/splits-bulk';
import { CreateSplit, UpdateSplit, type Split } from '../../../../shared/domain/split';
import { DUPLICATE_TEXT, nameTaken } from '../../../../shared/domain/unique-name';
import type { IpcResult } from '../../../../shared/ipc';
import { MSG } from '../../../../shared/messages';
import { useNotify } from '../../../app/toasts';
import { TextField } from '../../../components/TextField';
import { FormDialog } from '../../../components/settings/FormDialog';
import { SelectField, SwitchField, TextAreaField } from '../../../components/settings/fields';
import { checkWith, numberFrom, type FieldErrors } from '../../../components/settings/form';
import { callSettings } from '../../../components/settings/settings-client';
import { SETTINGS_TEXT } from '../../../components/settings/texts';
import { useSettingsForm } from '../../../components/settings/use-settings-form';
import type { Editing } from '../../../components/settings/use-settings-list';
import { SPLITS_TEXT } from './texts';

const useStyles = makeStyles({
  // Three across when they fit, fewer on a narrow window; the inputs shrink with their column (never past the dialog's edge).
  timers: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 150px), 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
    '& > *': { minWidth: 0 },
    '& .fui-Input': { minWidth: 0, width: '100%' }
  }
});

type TimerKey = 'timeInactivityAgent' | 'timeInactivityClient' | 'timeMaxInitConversation';
const TIMERS: readonly { key: TimerKey; label: string }[] = [
  { key: 'timeInactivityAgent', label: SPLITS_TEXT.agentInactivity },
  { key: 'timeInactivityClient', label: SPLITS_TEXT.clientInactivity },
  { key: 'timeMaxInitConversation', label: SPLITS_TEXT.maxInit }
];

export type SplitEditing = Editing<Split>;

interface SplitValues {
  codigoSplit: string;
  nombre: string;
  descripcion: string;
  activo: boolean;
  timeInactivityAgent: string;
  timeInactivityClient: string;
  timeMaxInitConversation: string;
}

function valuesOf(editing: SplitEditing): SplitValues {
  if (editing.mode === 'create') {
    return { codigoSplit: '', nombre: '', descripcion: '', activo: true, timeInactivityAgent: '', timeInactivityClient: '', timeMaxInitConversation: '' };
  }
  const s = editing.item;
  return {
    codigoSplit: s.codigoSplit,
    nombre: s.nombre,
    descripcion: s.descripcion,
    activo: s.activo,
    timeInactivityAgent: String(s.timeInactivityAgent),
    timeInactivityClient: String(s.timeInactivityClient),
    timeMaxInitConversation: String(s.timeMaxInitConversation)
  };
}

/** Creates a split (the page prepends it, with no schedules nor derivations yet) or edits one. */
export function SplitDialog({ editing, splits, onClose, onSaved }: { editing: SplitEditing; splits: readonly Split[]; onClose(): void; onSaved(split: Split): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const form = useSettingsForm<SplitValues>(() => valuesOf(editing));
  const { values } = form;
  const selfId = editing.mode === 'edit' ? editing.item.idSplit : undefined;

  const fields = () => ({
    nombre: values.nombre,
    descripcion: values.descripcion,
    activo: values.activo,
    timeInactivityAgent: numberFrom(values.timeInactivityAgent),
    timeInactivityClient: numberFrom(values.timeInactivityClient),
    timeMaxInitConversation: numberFrom(values.timeMaxInitConversation)
  });
  const checkCreate = () => checkWith(CreateSplit, { codigoSplit: values.codigoSplit, ...fields() });
  const checkUpdate = (idSplit: number) => checkWith(UpdateSplit, { idSplit, ...fields() });
  /**
   * What the loaded list already has, compared as the platform compares them: the name folded
   * (unique-name.ts), the code as typed (trimmed). A deleted split keeps its code: the platform says so.
   */
  const taken = (): FieldErrors => {
    const found: FieldErrors = {};
    if (nameTaken(splits, values.nombre, (s) => s.nombre, (s) => s.idSplit, selfId)) found.nombre = DUPLICATE_TEXT.split;
    const code = values.codigoSplit.trim();
    if (selfId === undefined && code !== '' && splits.some((s) => s.codigoSplit === code)) found.codigoSplit = DUPLICATE_TEXT.splitCode;
    return found;
  };

  /** The save, or null when the form refused it before sending (its messages then under the fields). */
  async function save(): Promise<IpcResult<Split> | null> {
    if (selfId === undefined) {
      const body = form.accept(checkCreate(), taken());
      return body && callSettings('createSplit', { body });
    }
    const body = form.accept(checkUpdate(selfId), taken());
    return body && callSettings('updateSplit', { body });
  }

  async function submit(): Promise<boolean> {
    const result = await save();
    if (result === null) return false;
    if (!result.ok) {
      notify.error(selfId === undefined ? MSG.splits.createFailed : MSG.splits.updateFailed);
      // A refusal for a name or code in use goes under its field; any other above the fields.
      form.refused(result.error, { name: 'nombre', code: 'codigoSplit' });
      return false;
    }
    onSaved(result.data);
    notify.success(selfId === undefined ? MSG.splits.created : MSG.splits.updated);
    return true;
  }

  return (
    <FormDialog
      title={editing.mode === 'create' ? SPLITS_TEXT.createTitle : SPLITS_TEXT.editTitle(editing.item.nombre)}
      formError={form.formError}
      dirty={form.dirty}
      onSubmit={submit}
      onClose={onClose}
      onBlurField={(field) => form.blurred(field, selfId === undefined ? checkCreate() : checkUpdate(selfId), taken())}
    >
      {editing.mode === 'create' ? <TextField label={SETTINGS_TEXT.code} name="codigoSplit" value={values.codigoSplit} onChange={(v) => form.set('codigoSplit', v)} error={form.error('codigoSplit')} /> : null}
      <TextField label={SETTINGS_TEXT.name} name="nombre" value={values.nombre} onChange={(v) => form.set('nombre', v)} error={form.error('nombre')} />
      <TextAreaField label={SETTINGS_TEXT.description} name="descripcion" value={values.descripcion} onChange={(v) => form.set('descripcion', v)} error={form.error('descripcion')} />
      <div className={styles.timers}>
        {TIMERS.map((t) => (
          <TextField key={t.key} label={t.label} name={t.key} value={values[t.key]} onChange={(v) => form.set(t.key, v)} error={form.error(t.key)} />
        ))}
      </div>
      <SwitchField label={SETTINGS_TEXT.active} checked={values.activo} onChange={(v) => form.set('activo', v)} />
    </FormDialog>
  );
}

/**
 * The bulk update ('Splits actualizados con éxito.' / 'Error al actualizar splits .'): the chosen
 * splits get the same state and timers at once, all or nothing; what is left blank keeps each
 * split's own value.
 */
export function BulkSplitsDialog({ splits, onClose, onSaved }: { splits: readonly Split[]; onClose(): void; onSaved(splits: Split[]): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const [state, setState] = useState<'' | 'on' | 'off'>('');
  const [timers, setTimers] = useState<Record<TimerKey, string>>({ timeInactivityAgent: '', timeInactivityClient: '', timeMaxInitConversation: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  async function submit(): Promise<boolean> {
    setFormError(undefined);
    const changes: Partial<Record<TimerKey, number | undefined>> = {};
    for (const { key } of TIMERS) if (timers[key].trim() !== '') changes[key] = numberFrom(timers[key]);
    if (state === '' && Object.keys(changes).length === 0) {
      setFormError(SPLITS_TEXT.bulkNothing);
      return false;
    }
    const body = {
      splits: splits.map((s) => ({
        idSplit: s.idSplit,
        nombre: s.nombre,
        descripcion: s.descripcion,
        activo: state === '' ? s.activo : state === 'on',
        timeInactivityAgent: s.timeInactivityAgent,
        timeInactivityClient: s.timeInactivityClient,
        timeMaxInitConversation: s.timeMaxInitConversation,
        ...changes
      }))
    };
    const check = checkWith(UpdateSplits, body);
    if (!check.ok) {
      // The body nests the fields (splits.N.<timer>): each timer's first refusal goes under its field.
      const timerErrors: FieldErrors = {};
      for (const [path, message] of Object.entries(check.byPath)) {
        const field = TIMERS.find((t) => path.endsWith(`.${t.key}`))?.key;
        if (field) timerErrors[field] ??= message;
      }
      setErrors(timerErrors);
      if (Object.keys(timerErrors).length === 0) setFormError(check.first);
      return false;
    }
    const result = await callSettings('updateSplits', { body: check.data });
    if (!result.ok) {
      notify.error(MSG.splits.bulkUpdateFailed);
      setFormError(result.error.message);
      return false;
    }
    onSaved(result.data);
    notify.success(MSG.splits.bulkUpdated);
    return true;
  }

  return (
    <FormDialog
      title={SPLITS_TEXT.bulkTitle(splits.length)}
      formError={formError}
      dirty={state !== '' || TIMERS.some((t) => timers[t.key] !== '')}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label={SPLITS_TEXT.bulkState}
        name="estado"
        required={false}
        hint={SPLITS_TEXT.bulkHint}
        placeholder={null}
        value={state}
        options={[
          { value: '', label: SPLITS_TEXT.bulkKeep },
          { value: 'on', label: SPLITS_TEXT.bulkActive },
          { value: 'off', label: SPLITS_TEXT.bulkInactive }
        ]}
        onChange={(v) => setState(v === 'on' || v === 'off' ? v : '')}
      />
      <div className={styles.timers}>
        {TIMERS.map((t) => (
          <TextField
            key={t.key}
            label={t.label}
            name={t.key}
            required={false}
            value={timers[t.key]}
            onChange={(v) => {
              setTimers((x) => ({ ...x, [t.key]: v }));
              setErrors((e) => ({ ...e, [t.key]: '' }));
            }}
            error={errors[t.key] || undefined}
          />
        ))}
      </div>
    </FormDialog>
  );
}
