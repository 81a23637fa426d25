import { useEffect, useEffectEvent, useState } from 'react';
import { Body1, Button, Caption1, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, FolderOpen20Regular, Play20Regular } from '@fluentui/react-icons';
import { formatDateTime, formatNumber } from '../../../shared/format';
import type { IpcError } from '../../../shared/ipc';
import { MSG } from '../../../shared/messages';
import {
  CSV_DELIMITERS,
  CSV_DELIMITER_LABELS,
  DEFAULT_CSV_DELIMITER,
  REPORT_DOWNLOADS,
  REPORT_DOWNLOAD_IDS,
  REPORT_FORMATS,
  REPORT_FORMAT_LABELS,
  ScheduleInput,
  type CsvDelimiter,
  type ReportDownloadId,
  type ReportFormat,
  type ReportSchedule
} from '../../../shared/report-downloads';
import type { LoadStatus } from '../../app/load-state';
import { useNotify } from '../../app/toasts';
import { DataState } from '../../components/DataState';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { ConfirmDialog } from '../../components/settings/ConfirmDialog';
import { FormDialog } from '../../components/settings/FormDialog';
import { IconAction, RowActions } from '../../components/settings/RowActions';
import { SelectField } from '../../components/settings/fields';
import { SettingsPage } from '../../components/settings/SettingsPage';
import { REPORT_PAGES } from '../../../shared/report-pages';

export const SCHEDULES_TEXT = {
  description: 'La aplicación escribe cada reporte en la carpeta elegida a la hora indicada mientras está abierta; si estaba cerrada, lo escribe al abrirla.',
  add: 'Programar reporte',
  table: 'Reportes programados',
  report: 'Reporte',
  attention: 'Atención',
  attended: 'Atendidos',
  notAttended: 'No atendidos',
  frequency: 'Frecuencia',
  daily: 'Diario (el día anterior)',
  weekly: 'Semanal (los 7 días anteriores)',
  weekday: 'Día de la semana',
  hour: 'Hora',
  folder: 'Carpeta',
  format: 'Formato',
  delimiter: 'Separador del CSV',
  chooseFolder: 'Seleccionar carpeta',
  lastRun: 'Último resultado',
  never: 'Aún no se ha ejecutado',
  ok: (rows: string, at: string) => `Escrito el ${at}: ${rows} filas`,
  failed: (at: string, why: string) => `Falló el ${at}: ${why}`,
  runNow: (name: string) => `Ejecutar ahora ${name}`,
  ran: 'Reporte escrito en la carpeta',
  created: 'Reporte programado',
  updated: 'Programación actualizada',
  deleted: 'Programación eliminada',
  newTitle: 'Programar reporte',
  editTitle: 'Editar programación',
  deleteTitle: 'Eliminar programación',
  deleteText: (name: string) => `¿Eliminar la programación de «${name}»? Los archivos ya escritos se conservan.`,
  loadFailed: 'Error al obtener los reportes programados'
} as const;

const WEEKDAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

const useStyles = makeStyles({
  folder: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  grow: { flexGrow: 1 },
  // The result's sentence above the file's path, not run into it.
  lastRun: { display: 'flex', flexDirection: 'column' },
  path: { overflowWrap: 'anywhere' },
  failed: { color: tokens.colorPaletteRedForeground1 }
});

function when(s: ReportSchedule): string {
  const hour = hourLabel(s.hour);
  return s.frequency === 'daily' ? `Todos los días a las ${hour}` : `Cada ${(WEEKDAYS[(s.weekday ?? 1) - 1] ?? '').toLowerCase()} a las ${hour}`;
}

function reportName(s: Pick<ReportSchedule, 'report' | 'query'>): string {
  const base = REPORT_DOWNLOADS[s.report].label;
  if (s.report !== 'humanAgentChats') return base;
  return `${base} (${s.query.attention === 'notAttended' ? SCHEDULES_TEXT.notAttended : SCHEDULES_TEXT.attended})`.toString();
}

function LastRun({ schedule }: { schedule: ReportSchedule }) {
  const styles = useStyles();
  const run = schedule.lastRun;
  if (!run) return <Caption1>{SCHEDULES_TEXT.never}</Caption1>;
  const at = formatDateTime(run.at);
  return run.ok ? (
    <div className={styles.lastRun}>
      <Body1>{SCHEDULES_TEXT.ok(formatNumber(run.rows ?? 0), at)}</Body1>
      <Caption1 className={styles.path}>{run.path}</Caption1>
    </div>
  ) : (
    <Body1 className={styles.failed}>{SCHEDULES_TEXT.failed(at, run.error ?? MSG.reports.loadFailed)}</Body1>
  );
}

interface Draft {
  report: ReportDownloadId | '';
  attention: 'attended' | 'notAttended';
  frequency: 'daily' | 'weekly' | '';
  weekday: string;
  hour: string;
  folder: string;
  format: ReportFormat;
  delimiter: CsvDelimiter;
}

const EMPTY: Draft = { report: '', attention: 'attended', frequency: 'daily', weekday: '', hour: '6', folder: '', format: 'csv', delimiter: DEFAULT_CSV_DELIMITER };

function draftOf(s: ReportSchedule): Draft {
  return {
    report: s.report,
    attention: s.query.attention === 'notAttended' ? 'notAttended' : 'attended',
    frequency: s.frequency,
    weekday: s.weekday === null ? '' : String(s.weekday),
    hour: String(s.hour),
    folder: s.folder,
    format: s.format,
    delimiter: s.delimiter
  };
}

/** The schedule the draft describes, or the Spanish message of the first field that is not right (by field). */
function validate(draft: Draft): { ok: true; input: ScheduleInput } | { ok: false; errors: Partial<Record<keyof Draft, string>> } {
  const input = {
    report: draft.report === '' ? undefined : draft.report,
    query: draft.report === 'humanAgentChats' ? { attention: draft.attention } : {},
    frequency: draft.frequency === '' ? undefined : draft.frequency,
    weekday: draft.frequency === 'weekly' && draft.weekday !== '' ? Number(draft.weekday) : null,
    hour: draft.hour === '' ? undefined : Number(draft.hour),
    folder: draft.folder,
    idOrg: null,
    format: draft.format,
    delimiter: draft.delimiter
  };
  const parsed = ScheduleInput.safeParse(input);
  if (parsed.success) return { ok: true, input: input as ScheduleInput };
  const errors: Partial<Record<keyof Draft, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'report') as keyof Draft;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

function ScheduleDialog({ editing, onSaved, onClose }: { editing: ReportSchedule | null; onSaved(s: ReportSchedule): void; onClose(): void }) {
  const styles = useStyles();
  const [draft, setDraft] = useState<Draft>(() => (editing ? draftOf(editing) : EMPTY));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  async function chooseFolder() {
    const result = await window.atiende.reports.chooseFolder();
    if (result.ok && result.data) set('folder', result.data.path);
    else if (!result.ok) setFormError(result.error.message);
  }

  async function submit(): Promise<boolean> {
    const checked = validate(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return false;
    }
    setErrors({});
    const result = await window.atiende.reports.saveSchedule({ ...(editing ? { id: editing.id } : {}), schedule: checked.input });
    if (!result.ok) {
      setFormError(result.error.message);
      return false;
    }
    onSaved(result.data);
    return true;
  }

  return (
    <FormDialog title={editing ? SCHEDULES_TEXT.editTitle : SCHEDULES_TEXT.newTitle} formError={formError} onSubmit={submit} onClose={onClose}>
      <SelectField
        label={SCHEDULES_TEXT.report}
        value={draft.report}
        options={REPORT_DOWNLOAD_IDS.map((id) => ({ value: id, label: REPORT_DOWNLOADS[id].label }))}
        onChange={(v) => set('report', v as ReportDownloadId)}
        error={errors.report}
      />
      {draft.report === 'humanAgentChats' ? (
        <SelectField
          label={SCHEDULES_TEXT.attention}
          value={draft.attention}
          placeholder={null}
          options={[
            { value: 'attended', label: SCHEDULES_TEXT.attended },
            { value: 'notAttended', label: SCHEDULES_TEXT.notAttended }
          ]}
          onChange={(v) => set('attention', v === 'notAttended' ? 'notAttended' : 'attended')}
        />
      ) : null}
      <SelectField
        label={SCHEDULES_TEXT.frequency}
        value={draft.frequency}
        placeholder={null}
        options={[
          { value: 'daily', label: SCHEDULES_TEXT.daily },
          { value: 'weekly', label: SCHEDULES_TEXT.weekly }
        ]}
        onChange={(v) => set('frequency', v === 'weekly' ? 'weekly' : 'daily')}
        error={errors.frequency}
      />
      {draft.frequency === 'weekly' ? (
        <SelectField
          label={SCHEDULES_TEXT.weekday}
          value={draft.weekday}
          options={WEEKDAYS.map((day, i) => ({ value: String(i + 1), label: day }))}
          onChange={(v) => set('weekday', v)}
          error={errors.weekday}
        />
      ) : null}
      <SelectField
        label={SCHEDULES_TEXT.hour}
        value={draft.hour}
        placeholder={null}
        options={Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: hourLabel(h) }))}
        onChange={(v) => set('hour', v)}
        error={errors.hour}
      />
      <SelectField
        label={SCHEDULES_TEXT.format}
        value={draft.format}
        placeholder={null}
        options={REPORT_FORMATS.map((f) => ({ value: f, label: REPORT_FORMAT_LABELS[f] }))}
        onChange={(v) => set('format', v === 'xlsx' ? 'xlsx' : 'csv')}
      />
      {/* A workbook has no separator: the choice is the CSV's only. */}
      {draft.format === 'csv' ? (
        <SelectField
          label={SCHEDULES_TEXT.delimiter}
          value={draft.delimiter}
          placeholder={null}
          options={CSV_DELIMITERS.map((d) => ({ value: d, label: CSV_DELIMITER_LABELS[d] }))}
          onChange={(v) => set('delimiter', v === ',' ? ',' : ';')}
        />
      ) : null}
      <div className={styles.folder}>
        <Field className={styles.grow} label={SCHEDULES_TEXT.folder} required validationMessage={errors.folder} validationState={errors.folder ? 'error' : 'none'}>
          <Input value={draft.folder} readOnly />
        </Field>
        <Button icon={<FolderOpen20Regular />} onClick={() => void chooseFolder()}>
          {SCHEDULES_TEXT.chooseFolder}
        </Button>
      </div>
    </FormDialog>
  );
}

/**
 * The administrator's scheduled exports (issue 5): which report, CSV or Excel, daily or weekly at
 * an hour, into which folder (picked in the main process's folder dialog), and how the last run
 * went; create, edit, run now and delete.
 */
export function SchedulesPage() {
  const notify = useNotify();
  const [state, setState] = useState<{ status: LoadStatus; list: ReportSchedule[]; error: IpcError | null }>({ status: 'pending', list: [], error: null });
  const [dialog, setDialog] = useState<{ editing: ReportSchedule | null } | null>(null);
  const [deleting, setDeleting] = useState<ReportSchedule | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [running, setRunning] = useState<string | null>(null);

  /** Asks for the schedules; the state says pending already (at start, or set by 'Reintentar'). */
  function fetchSchedules() {
    void window.atiende.reports.schedules().then((result) =>
      setState(result.ok ? { status: 'resolved', list: result.data, error: null } : { status: 'rejected', list: [], error: result.error })
    );
  }
  const fetchOnOpen = useEffectEvent(fetchSchedules);

  useEffect(() => {
    fetchOnOpen();
    // A run in the background (the timer, or 'run now') changes the last results.
    return window.atiende.on('reports:schedules', (list) => setState({ status: 'resolved', list, error: null }));
  }, []);

  function retry() {
    setState({ status: 'pending', list: [], error: null });
    fetchSchedules();
  }

  async function runNow(s: ReportSchedule) {
    setRunning(s.id);
    const result = await window.atiende.reports.runSchedule({ id: s.id });
    setRunning(null);
    if (!result.ok) notify.error(result.error.message);
    else if (result.data.lastRun?.ok) notify.success(SCHEDULES_TEXT.ran);
    else notify.error(result.data.lastRun?.error ?? MSG.reports.loadFailed);
  }

  async function remove(s: ReportSchedule) {
    const result = await window.atiende.reports.deleteSchedule({ id: s.id });
    if (!result.ok) {
      setDeleteError(result.error.message);
      return;
    }
    setDeleting(null);
    setState((prev) => ({ ...prev, list: prev.list.filter((x) => x.id !== s.id) }));
    notify.success(SCHEDULES_TEXT.deleted);
  }

  const columns: DataColumn<ReportSchedule>[] = [
    { key: 'reporte', header: SCHEDULES_TEXT.report, render: (s) => reportName(s) },
    { key: 'cuando', header: SCHEDULES_TEXT.frequency, render: (s) => when(s) },
    { key: 'formato', header: SCHEDULES_TEXT.format, render: (s) => REPORT_FORMAT_LABELS[s.format] },
    { key: 'carpeta', header: SCHEDULES_TEXT.folder, render: (s) => s.folder },
    { key: 'ultimo', header: SCHEDULES_TEXT.lastRun, render: (s) => <LastRun schedule={s} /> },
    {
      key: 'acciones',
      header: 'Acciones',
      render: (s) => (
        <RowActions name={reportName(s)} onEdit={() => setDialog({ editing: s })} onDelete={() => setDeleting(s)}>
          <IconAction label={SCHEDULES_TEXT.runNow(reportName(s))} icon={<Play20Regular />} disabled={running === s.id} onClick={() => void runNow(s)} />
        </RowActions>
      )
    }
  ];

  return (
    <SettingsPage
      title={REPORT_PAGES.schedules.title}
      description={SCHEDULES_TEXT.description}
      actions={
        <Button appearance="primary" icon={<Add20Regular />} onClick={() => setDialog({ editing: null })}>
          {SCHEDULES_TEXT.add}
        </Button>
      }
    >
      <DataState status={state.status} errorTitle={SCHEDULES_TEXT.loadFailed} errorDetail={state.error?.message} empty={state.list.length === 0} onRetry={retry} level="h2">
        <DataTable caption={SCHEDULES_TEXT.table} columns={columns} rows={state.list} rowKey={(s) => s.id} />
      </DataState>
      {dialog ? (
        <ScheduleDialog
          editing={dialog.editing}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setState((prev) => ({
              ...prev,
              status: 'resolved',
              list: dialog.editing ? prev.list.map((s) => (s.id === saved.id ? saved : s)) : [saved, ...prev.list.filter((s) => s.id !== saved.id)]
            }));
            notify.success(dialog.editing ? SCHEDULES_TEXT.updated : SCHEDULES_TEXT.created);
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={SCHEDULES_TEXT.deleteTitle}
          text={SCHEDULES_TEXT.deleteText(reportName(deleting))}
          error={deleteError}
          onConfirm={() => remove(deleting)}
          onCancel={() => {
            setDeleting(null);
            setDeleteError(null);
          }}
        />
      ) : null}
    </SettingsPage>
  );
}
