import { useState } from 'react';
import { Body1, Button, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwise20Regular } from '@fluentui/react-icons';
import type { NotificationType } from '../../../../shared/domain/notification';
import type { OutboxEntry } from '../../../../shared/domain/notify-channels';
import { formatDateTime } from '../../../../shared/format';
import { notificationEvent } from '../../../../shared/notifications/events';
import { useNotify } from '../../../app/toasts';
import { DataState } from '../../../components/DataState';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ConfirmDialog } from '../../../components/settings/ConfirmDialog';
import { callSettings } from '../../../components/settings/settings-client';
import { SettingsSection } from '../../../components/settings/SettingsPage';
import { SETTINGS_TEXT } from '../../../components/settings/texts';
import { useSettingsList } from '../../../components/settings/use-settings-list';
import { useSettingsLoad } from '../../../components/settings/use-settings-load';
import { EVENTS_TEXT, OUTBOX_TEXT, SUPPRESSIONS_TEXT } from './texts';

const useStyles = makeStyles({ hint: { color: tokens.colorNeutralForeground3 } });

/** The type's name as the organisation's catalogue gives it. */
export function typeName(types: readonly NotificationType[] | null, id: number): string {
  return types?.find((t) => t.typeNotificationId === id)?.name ?? EVENTS_TEXT.unknownType(id);
}

/** The event's label from the catalogue of events. */
export function eventLabel(code: string): string {
  return notificationEvent(code)?.label ?? EVENTS_TEXT.unknownEvent(code);
}

/**
 * The notifications the outbox gave up on ('FALLIDA') and those it still retries, with
 * 'Reintentar' on a failed one: back to the queue, its idempotency key unchanged, so what already
 * left is never sent twice.
 */
export function OutboxSection({ idOrg, types }: { idOrg: number | null; types: readonly NotificationType[] | null }) {
  const styles = useStyles();
  const notify = useNotify();
  const load = useSettingsLoad('outboxEntries', { idOrg });
  const [retrying, setRetrying] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const rows = load.data ?? [];

  async function retry(entry: OutboxEntry) {
    setRetrying(entry.id);
    setRefusal(null);
    const result = await callSettings('retryOutboxEntry', { params: { id: entry.id }, idOrg });
    setRetrying(null);
    if (!result.ok) {
      setRefusal(result.error.message);
      return notify.error(OUTBOX_TEXT.retryFailed);
    }
    load.update((list) => list.map((row) => (row.id === result.data.id ? result.data : row)));
    notify.success(OUTBOX_TEXT.retried);
  }

  const columns: DataColumn<OutboxEntry>[] = [
    { key: 'destinatario', header: OUTBOX_TEXT.recipient, render: (e) => e.destinatario },
    { key: 'evento', header: OUTBOX_TEXT.event, render: (e) => eventLabel(e.eventType) },
    { key: 'tipo', header: OUTBOX_TEXT.type, render: (e) => typeName(types, e.TypeNotification) },
    { key: 'estado', header: OUTBOX_TEXT.status, render: (e) => OUTBOX_TEXT.statuses[e.status] ?? e.status },
    { key: 'intentos', header: OUTBOX_TEXT.attempts, numeric: true, render: (e) => e.attempts },
    { key: 'error', header: OUTBOX_TEXT.lastError, render: (e) => e.lastError },
    { key: 'creada', header: OUTBOX_TEXT.createdAt, render: (e) => formatDateTime(e.createdAt) },
    { key: 'proximo', header: OUTBOX_TEXT.nextAttemptAt, render: (e) => (e.status === 'FALLIDA' ? '' : formatDateTime(e.nextAttemptAt)) },
    {
      key: 'acciones',
      header: SETTINGS_TEXT.actions,
      render: (e) =>
        e.status === 'FALLIDA' ? (
          <Button
            size="small"
            icon={retrying === e.id ? <Spinner size="tiny" aria-hidden /> : undefined}
            aria-label={OUTBOX_TEXT.retryLabel(e.destinatario)}
            disabledFocusable={retrying === e.id}
            onClick={() => void retry(e)}
          >
            {OUTBOX_TEXT.retry}
          </Button>
        ) : null
    }
  ];

  return (
    <SettingsSection
      title={OUTBOX_TEXT.section}
      actions={
        <Button icon={<ArrowClockwise20Regular />} onClick={load.refresh} disabled={load.status === 'pending'}>
          {OUTBOX_TEXT.refresh}
        </Button>
      }
    >
      <Body1 className={styles.hint}>{OUTBOX_TEXT.intro}</Body1>
      {refusal ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{refusal}</MessageBarBody>
        </MessageBar>
      ) : null}
      <DataState status={load.status} errorTitle={OUTBOX_TEXT.loadFailed} errorDetail={load.error?.message} empty={rows.length === 0} emptyDetail={OUTBOX_TEXT.empty} onRetry={load.reload}>
        <DataTable caption={OUTBOX_TEXT.list} captionHidden columns={columns} rows={rows} rowKey={(e) => String(e.id)} />
      </DataState>
    </SettingsSection>
  );
}

/** The addresses nothing is sent to any more (a permanent bounce), each lifted after confirming. */
export function SuppressionsSection({ idOrg }: { idOrg: number | null }) {
  const styles = useStyles();
  const load = useSettingsLoad('notificationSuppressions', { idOrg });
  const list = useSettingsList(load, {
    key: (s) => s.address,
    created: 'append',
    remove: (s) => callSettings('deleteNotificationSuppression', { query: { address: s.address }, idOrg }),
    messages: { deleted: SUPPRESSIONS_TEXT.lifted, deleteFailed: SUPPRESSIONS_TEXT.liftFailed }
  });
  type Suppressed = (typeof list.items)[number];

  const columns: DataColumn<Suppressed>[] = [
    { key: 'direccion', header: SUPPRESSIONS_TEXT.address, render: (s) => s.address },
    { key: 'motivo', header: SUPPRESSIONS_TEXT.reason, render: (s) => s.reason },
    { key: 'desde', header: SUPPRESSIONS_TEXT.since, render: (s) => formatDateTime(s.since) },
    {
      key: 'acciones',
      header: SETTINGS_TEXT.actions,
      render: (s) => (
        <Button size="small" aria-label={SUPPRESSIONS_TEXT.liftLabel(s.address)} onClick={() => list.askDelete(s)}>
          {SUPPRESSIONS_TEXT.lift}
        </Button>
      )
    }
  ];

  return (
    <SettingsSection title={SUPPRESSIONS_TEXT.section}>
      <Body1 className={styles.hint}>{SUPPRESSIONS_TEXT.intro}</Body1>
      <DataState
        status={load.status}
        errorTitle={SUPPRESSIONS_TEXT.loadFailed}
        errorDetail={load.error?.message}
        empty={list.items.length === 0}
        emptyDetail={SUPPRESSIONS_TEXT.empty}
        onRetry={load.reload}
      >
        <DataTable caption={SUPPRESSIONS_TEXT.list} captionHidden columns={columns} rows={list.items} rowKey={(s) => s.address} />
      </DataState>
      {list.deleting ? (
        <ConfirmDialog
          title={SUPPRESSIONS_TEXT.confirmTitle(list.deleting.address)}
          text={SUPPRESSIONS_TEXT.confirmText(list.deleting.address)}
          confirmLabel={SUPPRESSIONS_TEXT.lift}
          error={list.deleteError}
          onConfirm={list.confirmDelete}
          onCancel={list.cancelDelete}
        />
      ) : null}
    </SettingsSection>
  );
}
