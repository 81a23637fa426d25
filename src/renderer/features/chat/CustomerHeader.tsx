import { Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import type { AgentChatView } from '../../../shared/chat-console';
import { formatDateTime } from '../../../shared/format';
import { ChatActions } from './ChatActions';
import { WaitTime } from './wait-time';
import { CHAT_TEXT } from './texts';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`
  },
  top: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalL },
  name: { margin: 0, flexGrow: 1 },
  wait: { color: tokens.colorPaletteMarigoldForeground2, fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightSemibold },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
    gap: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalL}`,
    margin: 0
  },
  fact: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  term: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase100 },
  value: { margin: 0, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' }
});

const NONE = '—';

/** The customer's data (from the entry form) and where the chat came from. */
export function CustomerHeader({ chat }: { chat: AgentChatView }) {
  const styles = useStyles();
  const { customer } = chat;
  const identification = [customer.tipoIdentificacion, customer.identificacion].filter((v) => v && v.trim() !== '').join(' ');
  const facts: [string, string][] = [
    [CHAT_TEXT.identification, identification || NONE],
    [CHAT_TEXT.email, customer.email || NONE],
    [CHAT_TEXT.phone, customer.telefono || NONE],
    [CHAT_TEXT.split, chat.split?.nombre ?? NONE],
    [CHAT_TEXT.channel, chat.canal || NONE],
    [CHAT_TEXT.entered, formatDateTime(chat.fechaEntrada) || NONE]
  ];
  return (
    <div className={styles.header}>
      <div className={styles.top}>
        <Subtitle1 as="h2" id="conversacion-cliente" className={styles.name}>
          {customer.nombre || CHAT_TEXT.customerFallback}
        </Subtitle1>
        {chat.status === 'ENTRANTE' && <WaitTime since={chat.fechaEntrada} className={styles.wait} />}
        <ChatActions chat={chat} />
      </div>
      <dl className={styles.facts} aria-label={CHAT_TEXT.customerData}>
        {facts.map(([term, value]) => (
          <div key={term} className={styles.fact}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
