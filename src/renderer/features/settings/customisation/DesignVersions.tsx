import { useState } from 'react';
import { Badge, Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowCounterclockwise20Regular } from '@fluentui/react-icons';
import type { DashboardDesignVersion } from '../../../../shared/domain/dashboard-design';
import { formatDateTime } from '../../../../shared/format';
import { MSG } from '../../../../shared/messages';
import { useNotify } from '../../../app/toasts';
import { DataState } from '../../../components/DataState';
import { DataTable } from '../../../components/DataTable';
import { ConfirmDialog } from '../../../components/settings/ConfirmDialog';
import { callSettings } from '../../../components/settings/settings-client';
import { SettingsSection } from '../../../components/settings/SettingsPage';
import { useSettingsLoad } from '../../../components/settings/use-settings-load';
import { DASHBOARD_TEXT as T } from './texts';

const useStyles = makeStyles({ hint: { display: 'block', marginBottom: tokens.spacingVerticalM, color: tokens.colorNeutralForeground2 } });

/**
 * The kept versions of the design (the last ten, newest first: dashboardDesignVersions), each with
 * its date and author; 'Restaurar' asks first, then restoreDashboardDesign makes it a new version,
 * pushed to every signed-in user. `onRestored`: the form starts again from the design now in force.
 * `generation` changes when the page saved something, so the list asks again.
 */
export function DesignVersions({ idOrg, generation, onRestored }: { idOrg: number | null; generation: number; onRestored(): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const versions = useSettingsLoad('dashboardDesignVersions', { idOrg }, { liveKey: generation });
  const [restoring, setRestoring] = useState<DashboardDesignVersion | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const items = versions.data?.items ?? [];
  const newest = items[0]?.version;

  async function restore(version: DashboardDesignVersion) {
    const result = await callSettings('restoreDashboardDesign', { body: { version: version.version }, idOrg });
    if (!result.ok) {
      setRefusal(result.error.message);
      notify.error(MSG.dashboard.versionRestoreFailed);
      return;
    }
    setRestoring(null);
    setRefusal(null);
    notify.success(MSG.dashboard.versionRestored);
    onRestored();
  }

  return (
    <SettingsSection title={T.versions}>
      <Body1 className={styles.hint}>{T.versionsHint}</Body1>
      <DataState status={versions.status} errorTitle={MSG.dashboard.versionsLoadFailed} errorDetail={versions.error?.message} empty={items.length === 0} emptyDetail={T.versionsEmpty} onRetry={versions.reload}>
        <DataTable
          caption={T.versionsCaption}
          captionHidden
          rows={items}
          rowKey={(v) => String(v.version)}
          columns={[
            { key: 'version', header: T.version, numeric: true, render: (v) => v.version },
            { key: 'fecha', header: T.date, render: (v) => formatDateTime(v.fechaCreacion) },
            { key: 'autor', header: T.author, render: (v) => v.creadoPor ?? T.unknownAuthor },
            {
              key: 'acciones',
              header: T.restore,
              render: (v) =>
                v.version === newest ? (
                  <Badge appearance="tint" color="success">
                    {T.current}
                  </Badge>
                ) : (
                  <Button size="small" icon={<ArrowCounterclockwise20Regular />} aria-label={T.restoreLabel(v.version)} onClick={() => setRestoring(v)}>
                    {T.restore}
                  </Button>
                )
            }
          ]}
        />
      </DataState>
      {restoring ? (
        <ConfirmDialog
          title={T.restoreTitle(restoring.version)}
          text={T.restoreText}
          confirmLabel={T.restore}
          error={refusal}
          onConfirm={() => restore(restoring)}
          onCancel={() => {
            setRestoring(null);
            setRefusal(null);
          }}
        />
      ) : null}
    </SettingsSection>
  );
}
