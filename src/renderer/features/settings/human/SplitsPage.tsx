import { useState } from 'react';
import { Button, Card, CardHeader, Checkbox, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, Dismiss20Regular, Edit20Regular } from '@fluentui/react-icons';
import type { Split } from '../../../../shared/domain/split';
import { formatNumber } from '../../../../shared/format';
import { MSG } from '../../../../shared/messages';
import { useNotify } from '../../../app/toasts';
import { DataState } from '../../../components/DataState';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ConfirmDialog } from './ConfirmDialog';
import { HUMAN_SETTINGS_PAGES } from './routes';
import { RowActions } from './RowActions';
import { BulkSplitsDialog, SplitDialog, type SplitEditing } from './SplitDialogs';
import { SplitDerivations } from './SplitDerivations';
import { SplitSchedules } from './SplitSchedules';
import { callSettings } from './settings-client';
import { SettingsPage, SettingsSection } from './SettingsPage';
import { SETTINGS_TEXT, SPLITS_TEXT } from './texts';
import { useSettingsLoad } from './use-settings-load';

const useStyles = makeStyles({
  detail: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalL },
  timers: { listStyleType: 'none', margin: 0, padding: 0, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 }
});

/**
 * SPEC §2 configuracion/asesor-humano/splits: the queues. A created split is prepended with empty
 * schedules and derivations; an edit replaces it; a delete removes it (and the derivations towards
 * it) only when the platform answers true. Each split's schedules and derivations open below the
 * list; several splits can be updated at once.
 */
export function SplitsPage() {
  const styles = useStyles();
  const notify = useNotify();
  const load = useSettingsLoad('splits');
  const splits = load.data ?? [];
  const [editing, setEditing] = useState<SplitEditing | null>(null);
  const [deleting, setDeleting] = useState<Split | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [bulk, setBulk] = useState(false);
  const [detailId, setDetailId] = useState<number | null>(null);
  const detail = splits.find((s) => s.idSplit === detailId) ?? null;
  const chosen = splits.filter((s) => selected.includes(s.idSplit));

  const replace = (saved: Split) => load.update((list) => list.map((s) => (s.idSplit === saved.idSplit ? saved : s)));
  const patch = (idSplit: number, change: Partial<Split>) => load.update((list) => list.map((s) => (s.idSplit === idSplit ? { ...s, ...change } : s)));

  async function remove(split: Split) {
    const result = await callSettings('deleteSplit', { query: { idSplit: split.idSplit } });
    if (result.ok && result.data === true) {
      // The platform removes the derivations both ways and the agents' links with the split.
      load.update((list) =>
        list.filter((s) => s.idSplit !== split.idSplit).map((s) => ({ ...s, derivaciones: s.derivaciones.filter((d) => d.split_derive !== split.idSplit) }))
      );
      setSelected((ids) => ids.filter((id) => id !== split.idSplit));
      if (detailId === split.idSplit) setDetailId(null);
      notify.success(MSG.splits.deleted);
      setDeleting(null);
      return;
    }
    notify.error(MSG.splits.deleteFailed);
    setDeleteError(result.ok ? null : result.error.message);
  }

  const columns: DataColumn<Split>[] = [
    { key: 'nombre', header: SETTINGS_TEXT.name, render: (s) => s.nombre },
    {
      key: 'seleccion',
      header: SPLITS_TEXT.bulkColumn,
      render: (s) => (
        <Checkbox
          aria-label={SPLITS_TEXT.select(s.nombre)}
          checked={selected.includes(s.idSplit)}
          onChange={(_, d) => setSelected((ids) => (d.checked ? [...ids, s.idSplit] : ids.filter((id) => id !== s.idSplit)))}
        />
      )
    },
    { key: 'codigo', header: SETTINGS_TEXT.code, render: (s) => s.codigoSplit },
    { key: 'activo', header: SETTINGS_TEXT.active, render: (s) => (s.activo ? SETTINGS_TEXT.yes : SETTINGS_TEXT.no) },
    { key: 'horarios', header: SPLITS_TEXT.schedulesCount, numeric: true, render: (s) => formatNumber(s.horariosAtencion.length) },
    { key: 'derivaciones', header: SPLITS_TEXT.derivationsCount, numeric: true, render: (s) => formatNumber(s.derivaciones.length) },
    {
      key: 'tiempos',
      header: SPLITS_TEXT.timers,
      render: (s) => (
        <ul className={styles.timers}>
          {SPLITS_TEXT.timerLines(formatNumber(s.timeInactivityAgent), formatNumber(s.timeInactivityClient), formatNumber(s.timeMaxInitConversation)).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )
    },
    {
      key: 'acciones',
      header: SETTINGS_TEXT.actions,
      render: (s) => (
        <RowActions
          name={s.nombre}
          onEdit={() => setEditing({ mode: 'edit', split: s })}
          onDelete={() => {
            setDeleteError(null);
            setDeleting(s);
          }}
        >
          <Button size="small" aria-label={SPLITS_TEXT.configure(s.nombre)} onClick={() => setDetailId(s.idSplit)}>
            {SPLITS_TEXT.configureShort}
          </Button>
        </RowActions>
      )
    }
  ];

  return (
    <SettingsPage
      title={HUMAN_SETTINGS_PAGES.splits.title}
      description={SPLITS_TEXT.intro}
      actions={
        <>
          <Button icon={<Edit20Regular />} disabled={chosen.length === 0} onClick={() => setBulk(true)}>
            {SPLITS_TEXT.bulk}
          </Button>
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => setEditing({ mode: 'create' })}>
            {SPLITS_TEXT.create}
          </Button>
        </>
      }
    >
      <DataState status={load.status} errorTitle={MSG.splits.loadFailed} errorDetail={load.error?.message} empty={splits.length === 0} onRetry={load.reload} level="h2">
        <DataTable caption={SPLITS_TEXT.list} captionHidden columns={columns} rows={splits} rowKey={(s) => String(s.idSplit)} />
      </DataState>
      {detail ? (
        <Card>
          <CardHeader
            header={<Text weight="semibold" size={500} as="h2">{SPLITS_TEXT.configure(detail.nombre)}</Text>}
            action={<Button appearance="subtle" icon={<Dismiss20Regular />} aria-label={SPLITS_TEXT.closeDetail} onClick={() => setDetailId(null)} />}
          />
          <div className={styles.detail}>
            <SettingsSection title={SPLITS_TEXT.schedules} level="h3">
              <SplitSchedules split={detail} onChange={(periods) => patch(detail.idSplit, { horariosAtencion: periods })} />
            </SettingsSection>
            <SettingsSection title={SPLITS_TEXT.derivations} level="h3">
              <SplitDerivations split={detail} splits={splits} onChange={(derives) => patch(detail.idSplit, { derivaciones: derives })} />
            </SettingsSection>
          </div>
        </Card>
      ) : null}
      {editing ? (
        <SplitDialog
          editing={editing}
          splits={splits}
          onClose={() => setEditing(null)}
          onSaved={(saved) => (editing.mode === 'create' ? load.update((list) => [{ ...saved, horariosAtencion: [], derivaciones: [] }, ...list]) : replace(saved))}
        />
      ) : null}
      {bulk && chosen.length > 0 ? (
        <BulkSplitsDialog
          splits={chosen}
          onClose={() => setBulk(false)}
          onSaved={(saved) => {
            for (const s of saved) replace(s);
            setSelected([]);
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={SETTINGS_TEXT.confirmDelete(`el split ${deleting.nombre}`)}
          text={SPLITS_TEXT.deleteText(deleting.nombre)}
          error={deleteError}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </SettingsPage>
  );
}
