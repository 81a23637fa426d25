import { PresenceBadge, makeStyles, tokens, type PresenceBadgeStatus } from '@fluentui/react-components';
import type { AgentStatus } from '../../shared/domain/chat';
import { AGENT_STATUS_LABELS, agentStatusOf } from '../../shared/labels';

/** The console's presence colours: Conectado green, Pausa amber, Desconectado grey. */
const PRESENCE: Record<AgentStatus, PresenceBadgeStatus> = { CONECTADO: 'available', PAUSA: 'away', DESCONECTADO: 'offline' };

const useStyles = makeStyles({ root: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS } });

/** An agent's state in a table (statistics, history): its word, with the presence dot the console shows. */
export function AgentStatusBadge({ estado }: { estado: string }) {
  const styles = useStyles();
  const status = agentStatusOf(estado);
  return (
    <span className={styles.root}>
      <PresenceBadge status={PRESENCE[status]} outOfOffice={false} size="small" aria-hidden />
      {AGENT_STATUS_LABELS[status]}
    </span>
  );
}
