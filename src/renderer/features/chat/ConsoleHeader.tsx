import { useAtom } from 'jotai';
import { Badge, ToggleButton, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { BookContacts20Regular } from '@fluentui/react-icons';
import type { ConsoleState } from '../../../shared/chat-console';
import { useWornColours } from '../design/worn';
import { directoryOpenAtom } from './atoms';
import { StatusSwitch } from './StatusSwitch';
import { ConnectionBadge } from './ConnectionBadge';
import { CHAT_TEXT } from './texts';

export const DIRECTORY_ID = 'directorio-contactos';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2
  },
  title: { margin: 0 },
  spacer: { flexGrow: 1 }
});

/** The agent's bar (the console's header, wearing the design): status switch, connection state, the queue, and the directory toggle. */
export function ConsoleHeader({ state }: { state: ConsoleState }) {
  const styles = useStyles();
  const [directoryOpen, setDirectoryOpen] = useAtom(directoryOpenAtom);
  // colores.asesorHumano.header, made readable: the title and the captions take its text colour.
  const bar = useWornColours().consoleHeader;
  return (
    <div className={styles.bar} style={{ backgroundColor: bar.background, color: bar.color }} data-testid="cabecera-consola">
      <Title3 as="h1" className={styles.title}>
        {CHAT_TEXT.pageTitle}
      </Title3>
      <StatusSwitch status={state.agentStatus} />
      <ConnectionBadge connection={state.connection} />
      <Badge appearance="tint" color="informative" size="large" aria-label={CHAT_TEXT.waitingLabel(state.waiting)} data-testid="en-cola">
        {CHAT_TEXT.waiting(state.waiting)}
      </Badge>
      <div className={styles.spacer} />
      <ToggleButton
        checked={directoryOpen}
        icon={<BookContacts20Regular />}
        aria-expanded={directoryOpen}
        aria-controls={directoryOpen ? DIRECTORY_ID : undefined}
        onClick={() => setDirectoryOpen((open) => !open)}
      >
        {CHAT_TEXT.directory}
      </ToggleButton>
    </div>
  );
}
