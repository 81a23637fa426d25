import { memo } from 'react';
import { Button, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import type { AgentDirectoryContact } from '../../../shared/domain/directory';
import { DEFAULT_IDENTIFICATION_TYPE } from '../../../shared/domain/directory';
import { CHAT_TEXT } from './texts';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`
  },
  name: { margin: 0 },
  pair: { display: 'contents' },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`, margin: 0 },
  term: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
  messages: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  message: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS, fontSize: tokens.fontSizeBase200 },
  messageText: { flexGrow: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }
});

/** One directory contact: identification (default type 'CÉDULA CIUDADANIA'), contact data, and its predefined messages. */
export const ContactCard = memo(function ContactCard({
  contact,
  onInsert
}: {
  contact: AgentDirectoryContact;
  /** null: no active chat to insert into. */
  onInsert: ((text: string) => void) | null;
}) {
  const styles = useStyles();
  const type = contact.tipoIdentificacion.trim() || DEFAULT_IDENTIFICATION_TYPE;
  const facts: [string, string][] = [
    [CHAT_TEXT.identification, `${type} ${contact.identificacion}`.trim()],
    [CHAT_TEXT.email, contact.email],
    [CHAT_TEXT.phone, contact.telefono],
    [CHAT_TEXT.city, contact.ciudad],
    [CHAT_TEXT.department, contact.departamento]
  ];
  return (
    <li className={styles.card}>
      <Subtitle2 as="h3" className={styles.name}>
        {contact.nombre}
      </Subtitle2>
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <div key={term} className={styles.pair}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.value}>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      {contact.listadoMensajes.length > 0 && (
        <ul className={styles.messages} aria-label={CHAT_TEXT.predefinedMessages}>
          {contact.listadoMensajes.map((text, i) => (
            <li key={i} className={styles.message}>
              <span className={styles.messageText}>{text}</span>
              <Button size="small" disabled={!onInsert} aria-label={CHAT_TEXT.insertMessage(text)} onClick={() => onInsert?.(text)}>
                {CHAT_TEXT.insert}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
});
