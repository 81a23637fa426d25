import { useState, type FormEvent } from 'react';
import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { CreateSplitSchedule, UpdateSplitSchedule, type Split, type SplitSchedule } from '../../../../shared/domain/split';
import { MSG } from '../../../../shared/messages';
import { findOverlap, type StoredPeriod } from '../../../../shared/schedule-periods';
import { useNotify } from '../../../app/toasts';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { SubmitButton, TextField } from '../../../components/TextField';
import { ConfirmDialog } from '../../../components/settings/ConfirmDialog';
import { FormDialog } from '../../../components/settings/FormDialog';
import { RowActions } from '../../../components/settings/RowActions';
import { SelectField } from '../../../components/settings/fields';
import { afterBlur, changed, checkWith, numberFrom, type FieldErrors } from '../../../components/settings/form';
import { callSettings } from '../../../components/settings/settings-client';
import { SPLITS_TEXT, WEEKDAYS, weekdayName } from './texts';
import { SETTINGS_TEXT } from '../../../components/settings/texts';
import { UnsavedChangesGuard } from '../../../components/settings/UnsavedChanges';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  add: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: tokens.spacingHorizontalM, alignItems: 'start' },
  addButton: { alignSelf: 'end' }
});

const DAY_OPTIONS = WEEKDAYS.map((d) => ({ value: String(d.value), label: d.label }));

interface PeriodValues {
  dia: string;
  horaInicio: string;
  horaFin: string;
}

const BLANK: PeriodValues = { dia: '', horaInicio: '', horaFin: '' };

export function periodLabel(p: { dia: number; horaInicio: string; horaFin: string }): string {
  return SPLITS_TEXT.period(weekdayName(p.dia), p.horaInicio, p.horaFin);
}

function sortPeriods(list: readonly SplitSchedule[]): SplitSchedule[] {
  return [...list].sort((a, b) => a.dia - b.dia || a.horaInicio.localeCompare(b.horaInicio) || a.id_hours_by_splits - b.id_hours_by_splits);
}

/**
 * A period checked before it is sent: the catalogue's rules (weekday, 'HH:mm', end after start) and
 * the platform's own, shared: it must not overlap another period of the same split and day.
 */
function checkPeriod(split: Split, values: PeriodValues, editingId: number | null): { ok: true; period: SplitSchedule | Omit<SplitSchedule, 'id_hours_by_splits'> } | { ok: false; errors: FieldErrors } {
  const fields = { id_split: split.idSplit, dia: numberFrom(values.dia), horaInicio: values.horaInicio, horaFin: values.horaFin };
  const check = editingId === null ? checkWith(CreateSplitSchedule, fields) : checkWith(UpdateSplitSchedule, { id_hours_by_splits: editingId, ...fields });
  if (!check.ok) return { ok: false, errors: values.dia === '' ? { ...check.errors, dia: SPLITS_TEXT.dayRequired } : check.errors };
  const stored: StoredPeriod[] = split.horariosAtencion.map((p) => ({ id: p.id_hours_by_splits, dia: p.dia, horaInicio: p.horaInicio, horaFin: p.horaFin }));
  const clash = findOverlap(stored, check.data, editingId);
  if (clash) return { ok: false, errors: { horaInicio: SPLITS_TEXT.overlap(periodLabel(clash)) } };
  return { ok: true, period: check.data };
}

/** The attention periods of one split (horariosAtencion): several per day, none overlapping. */
export function SplitSchedules({ split, onChange }: { split: Split; onChange(periods: SplitSchedule[]): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const [values, setValues] = useState<PeriodValues>(BLANK);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<SplitSchedule | null>(null);
  const [deleting, setDeleting] = useState<SplitSchedule | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const set = (key: keyof PeriodValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    // An overlap is reported under the start time: any change of the period clears it.
    setErrors((e) => ({ ...e, [key]: '', horaInicio: '', '': '' }));
  };

  async function add(e: FormEvent) {
    e.preventDefault();
    const check = checkPeriod(split, values, null);
    if (!check.ok) return setErrors(check.errors);
    setAdding(true);
    const result = await callSettings('createSplitSchedule', { body: check.period });
    setAdding(false);
    if (!result.ok) {
      setErrors({ '': result.error.message });
      return notify.error(MSG.schedules.createFailed);
    }
    onChange(sortPeriods([...split.horariosAtencion, result.data]));
    setValues(BLANK);
    notify.success(MSG.schedules.created);
  }

  async function remove(period: SplitSchedule) {
    const result = await callSettings('deleteSplitSchedule', { query: { codigoRegistro: period.id_hours_by_splits } });
    if (result.ok && result.data === true) {
      onChange(split.horariosAtencion.filter((p) => p.id_hours_by_splits !== period.id_hours_by_splits));
      notify.success(MSG.schedules.deleted);
      setDeleting(null);
      return;
    }
    notify.error(MSG.schedules.deleteFailed);
    setDeleteError(result.ok ? null : result.error.message);
  }

  const columns: DataColumn<SplitSchedule>[] = [
    { key: 'dia', header: SPLITS_TEXT.day, render: (p) => weekdayName(p.dia) },
    { key: 'inicio', header: SPLITS_TEXT.startTime, render: (p) => p.horaInicio },
    { key: 'fin', header: SPLITS_TEXT.endTime, render: (p) => p.horaFin },
    {
      key: 'acciones',
      header: SETTINGS_TEXT.actions,
      render: (p) => (
        <RowActions
          name={periodLabel(p)}
          onEdit={() => setEditing(p)}
          onDelete={() => {
            setDeleteError(null);
            setDeleting(p);
          }}
        />
      )
    }
  ];

  return (
    <div className={styles.box}>
      {split.horariosAtencion.length === 0 ? (
        <Body1>{SPLITS_TEXT.noSchedules}</Body1>
      ) : (
        <DataTable caption={SPLITS_TEXT.schedulesOf(split.nombre)} captionHidden columns={columns} rows={split.horariosAtencion} rowKey={(p) => String(p.id_hours_by_splits)} />
      )}
      <UnsavedChangesGuard when={changed(BLANK, values)} />
      <form
        className={styles.add}
        onSubmit={(e) => void add(e)}
        noValidate
        aria-label={SPLITS_TEXT.addSchedule}
        onBlur={(e) => {
          const field = e.target.getAttribute('name');
          // Only once something was typed: tabbing through the empty form says nothing.
          if (field && changed(BLANK, values)) setErrors((x) => afterBlur(x, checkPeriod(split, values, null), field));
        }}
      >
        <PeriodFields values={values} errors={errors} onChange={set} />
        <div className={styles.addButton}>
          <SubmitButton label={SPLITS_TEXT.addSchedule} submitting={adding} />
        </div>
      </form>
      {errors[''] ? (
        <Body1 role="alert">{errors['']}</Body1>
      ) : null}
      {editing ? (
        <EditPeriodDialog
          split={split}
          period={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => onChange(sortPeriods(split.horariosAtencion.map((p) => (p.id_hours_by_splits === saved.id_hours_by_splits ? saved : p))))}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={SETTINGS_TEXT.confirmDelete(`el horario ${periodLabel(deleting)}`)}
          text={SPLITS_TEXT.deleteScheduleText(periodLabel(deleting))}
          error={deleteError}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}

function PeriodFields({ values, errors, onChange }: { values: PeriodValues; errors: FieldErrors; onChange(key: keyof PeriodValues, value: string): void }) {
  return (
    <>
      <SelectField label={SPLITS_TEXT.day} name="dia" value={values.dia} options={DAY_OPTIONS} onChange={(v) => onChange('dia', v)} error={errors.dia || undefined} />
      <TextField label={SPLITS_TEXT.startTime} name="horaInicio" type="time" value={values.horaInicio} onChange={(v) => onChange('horaInicio', v)} error={errors.horaInicio || undefined} />
      <TextField label={SPLITS_TEXT.endTime} name="horaFin" type="time" value={values.horaFin} onChange={(v) => onChange('horaFin', v)} error={errors.horaFin || undefined} />
    </>
  );
}

function EditPeriodDialog({ split, period, onClose, onSaved }: { split: Split; period: SplitSchedule; onClose(): void; onSaved(period: SplitSchedule): void }) {
  const notify = useNotify();
  const [start] = useState<PeriodValues>(() => ({ dia: String(period.dia), horaInicio: period.horaInicio, horaFin: period.horaFin }));
  const [values, setValues] = useState<PeriodValues>(start);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  async function submit(): Promise<boolean> {
    setFormError(undefined);
    const check = checkPeriod(split, values, period.id_hours_by_splits);
    if (!check.ok) {
      setErrors(check.errors);
      return false;
    }
    const result = await callSettings('updateSplitSchedule', { body: { ...check.period, id_hours_by_splits: period.id_hours_by_splits } });
    if (!result.ok) {
      notify.error(MSG.schedules.updateFailed);
      setFormError(result.error.message);
      return false;
    }
    onSaved(result.data);
    notify.success(MSG.schedules.updated);
    return true;
  }

  return (
    <FormDialog
      title={SPLITS_TEXT.editScheduleTitle(periodLabel(period))}
      formError={formError}
      dirty={changed(start, values)}
      onSubmit={submit}
      onClose={onClose}
      onBlurField={(field) => setErrors((e) => afterBlur(e, checkPeriod(split, values, period.id_hours_by_splits), field))}
    >
      <PeriodFields
        values={values}
        errors={errors}
        onChange={(key, value) => {
          setValues((v) => ({ ...v, [key]: value }));
          setErrors({});
        }}
      />
    </FormDialog>
  );
}
