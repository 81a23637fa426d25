import { useState } from 'react';
import { Button, Card, CardHeader, Checkbox, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, Dismiss20Regular, Edit20Regular } from '@fluentui/react-icons';
import type { Split } from '../../../../shared/domain/split';
import { formatNumber } from '../../../../shared/format';
import { MSG } from '../../../../shared/messages';
import { DataState } from '../../../components/DataState';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ConfirmDialog } from '../../../components/settings/ConfirmDialog';
import { settingsTitle } from '../../../../shared/settings-screens';
import { RowActions } from '../../../components/settings/RowActions';
import { BulkSplitsDialog, SplitDialog } from './SplitDialogs';
import { SplitDerivations } from './SplitDerivations';
import { SplitSchedules } from './SplitSchedules';
import { callSettings } from '../../../components/settings/settings-client';
import { SettingsPage, SettingsSection } from '../../../components/settings/SettingsPage';
import { SPLITS_TEXT } from './texts';
import { SETTINGS_TEXT } from '../../../components/settings/texts';
import { useSettingsList } from '../../../components/settings/use-settings-list';
import { useSettingsLoad } from '../../../components/settings/use-settings-load';

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
  const load = useSettingsLoad('splits');
  const [selected, setSelected] = useState<number[]>([]);
  const [bulk, setBulk] = useState(false);
  const [detailId, setDetailId] = useState<number | null>(null);
  const list = useSettingsList(load, {
    key: (s) => s.idSplit,
    created: 'prepend',
    asCreated: (s) => ({ ...s, horariosAtencion: [], derivaciones: [] }),
    remove: (s) => callSettings('deleteSplit', { query: { idSplit: s.idSplit } }),
    afterRemove: (split) => {
      // The platform removes the derivations both ways and the agents' links with the split.
      load.update((rows) => rows.map((s) => ({ ...s, derivaciones: s.derivaciones.filter((d) => d.split_derive !== split.idSplit) })));
      setSelected((ids) => ids.filter((id) => id !== split.idSplit));
      if (detailId === split.idSplit) setDetailId(null);
    },
    messages: MSG.splits
  });
  const splits = list.items;
  const detail = splits.find((s) => s.idSplit === detailId) ?? null;
  const chosen = splits.filter((s) => selected.includes(s.idSplit));

  const patch = (idSplit: number, change: Partial<Split>) => load.update((rows) => rows.map((s) => (s.idSplit === idSplit ? { ...s, ...change } : s)));

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
        <RowActions name={s.nombre} onEdit={() => list.edit(s)} onDelete={() => list.askDelete(s)}>
          <Button size="small" aria-label={SPLITS_TEXT.configure(s.nombre)} onClick={() => setDetailId(s.idSplit)}>
            {SPLITS_TEXT.configureShort}
          </Button>
        </RowActions>
      )
    }
  ];

  return (
    <SettingsPage
      title={settingsTitle('splits')}
      description={SPLITS_TEXT.intro}
      actions={
        <>
          <Button icon={<Edit20Regular />} disabled={chosen.length === 0} onClick={() => setBulk(true)}>
            {SPLITS_TEXT.bulk}
          </Button>
          <Button appearance="primary" icon={<Add20Regular />} onClick={list.create}>
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
      {list.editing ? <SplitDialog editing={list.editing} splits={splits} onClose={list.closeEditor} onSaved={list.saved} /> : null}
      {bulk && chosen.length > 0 ? (
        <BulkSplitsDialog
          splits={chosen}
          onClose={() => setBulk(false)}
          onSaved={(saved) => {
            for (const s of saved) list.replace(s);
            setSelected([]);
          }}
        />
      ) : null}
      {list.deleting ? (
        <ConfirmDialog
          title={SETTINGS_TEXT.confirmDelete(`el split ${list.deleting.nombre}`)}
          text={SPLITS_TEXT.deleteText(list.deleting.nombre)}
          error={list.deleteError}
          onConfirm={list.confirmDelete}
          onCancel={list.cancelDelete}
        />
      ) : null}
    </SettingsPage>
  );
}
