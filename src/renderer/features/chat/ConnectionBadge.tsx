import { Badge, Caption1, makeStyles, tokens, type BadgeProps } from '@fluentui/react-components';
import type { ConnectionState } from '../../../shared/chat-console';
import { CONNECTION_LABEL } from './texts';

const COLOR: Record<ConnectionState, BadgeProps['color']> = {
  online: 'success',
  connecting: 'warning',
  offline: 'danger',
  unauthorized: 'danger'
};

const useStyles = makeStyles({ root: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS } });

/** The chat link's state, announced when it changes. */
export function ConnectionBadge({ connection }: { connection: ConnectionState }) {
  const styles = useStyles();
  return (
    <span className={styles.root} role="status" aria-live="polite">
      <Caption1>Conexión:</Caption1>
      <Badge appearance="tint" color={COLOR[connection]} size="large" data-testid="conexion">
        {CONNECTION_LABEL[connection]}
      </Badge>
    </span>
  );
}
