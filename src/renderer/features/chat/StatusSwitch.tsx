import { useState } from 'react';
import {
  Caption1,
  Menu,
  MenuButton,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  PresenceBadge,
  Text,
  makeStyles,
  tokens,
  type PresenceBadgeStatus
} from '@fluentui/react-components';
import type { AgentStatus } from '../../../shared/domain/chat';
import type { AgentStatusView } from '../../../shared/realtime';
import { formatDateTime } from '../../../shared/format';
import { useNotify } from '../../app/toasts';
import { PauseDialog } from './PauseDialog';
import { usePauseEvents } from './pause-events';
import { AGENT_STATUS_LABEL, CHAT_TEXT } from './texts';

const PRESENCE: Record<AgentStatus, PresenceBadgeStatus> = { CONECTADO: 'available', PAUSA: 'away', DESCONECTADO: 'offline' };

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  // On the console's header: its text colour.
  since: { color: 'inherit' }
});

/** Conectado / Pausa (with its pause event, required) / Desconectado, and since when (SPEC §4 agent status). */
export function StatusSwitch({ status }: { status: AgentStatusView | null }) {
  const styles = useStyles();
  const notify = useNotify();
  const [pausing, setPausing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [events, reloadEvents] = usePauseEvents(pausing || status?.status === 'PAUSA');

  if (!status) {
    return <Text>{CHAT_TEXT.statusPending}</Text>;
  }

  async function change(next: AgentStatus, pauseEventId: number | null): Promise<boolean> {
    setBusy(true);
    const result = await window.atiende.chat.setStatus({ status: next, pauseEventId });
    setBusy(false);
    if (!result.ok) {
      notify.error(result.error.message);
      return false;
    }
    return true;
  }

  const pauseName = status.status === 'PAUSA' ? events.data.find((e) => e.id === status.pauseEventId)?.nombre : undefined;
  const label = pauseName ? `${AGENT_STATUS_LABEL.PAUSA} — ${pauseName}` : AGENT_STATUS_LABEL[status.status];

  return (
    <div className={styles.root}>
      <Menu checkedValues={{ estado: [status.status] }}>
        <MenuTrigger disableButtonEnhancement>
          <MenuButton
            icon={<PresenceBadge status={PRESENCE[status.status]} outOfOffice={false} aria-hidden />}
            aria-label={`${CHAT_TEXT.statusLabel}: ${label}`}
            disabled={busy}
          >
            {label}
          </MenuButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList aria-label={CHAT_TEXT.statusLabel}>
            <MenuItemRadio name="estado" value="CONECTADO" onClick={() => status.status !== 'CONECTADO' && void change('CONECTADO', null)}>
              {AGENT_STATUS_LABEL.CONECTADO}
            </MenuItemRadio>
            <MenuItemRadio name="estado" value="PAUSA" onClick={() => setPausing(true)}>
              {`${AGENT_STATUS_LABEL.PAUSA}…`}
            </MenuItemRadio>
            <MenuItemRadio name="estado" value="DESCONECTADO" onClick={() => status.status !== 'DESCONECTADO' && void change('DESCONECTADO', null)}>
              {AGENT_STATUS_LABEL.DESCONECTADO}
            </MenuItemRadio>
          </MenuList>
        </MenuPopover>
      </Menu>
      <Caption1 className={styles.since}>{CHAT_TEXT.since(formatDateTime(status.since))}</Caption1>
      {pausing && (
        <PauseDialog
          events={events}
          current={status.status === 'PAUSA' ? status.pauseEventId : null}
          onRetry={reloadEvents}
          onCancel={() => setPausing(false)}
          onConfirm={async (pauseEventId) => {
            if (await change('PAUSA', pauseEventId)) setPausing(false);
          }}
        />
      )}
    </div>
  );
}
