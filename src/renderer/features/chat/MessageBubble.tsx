import { memo } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ConsoleMessage } from '../../../shared/chat-console';
import { formatEscalatedTime } from '../../../shared/format';
import { AttachmentChip } from './AttachmentChip';
import { useWornColours } from '../design/worn';
import { CHAT_TEXT, SENDER_LABEL } from './texts';

const useStyles = makeStyles({
  row: { display: 'flex', padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}` },
  bot: { backgroundColor: tokens.colorNeutralBackground3 },
  start: { justifyContent: 'flex-start' },
  end: { justifyContent: 'flex-end' },
  centre: { justifyContent: 'center' },
  bubble: {
    maxWidth: 'min(75%, 640px)',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow2
  },
  botBubble: { backgroundColor: tokens.colorNeutralBackground1, color: tokens.colorNeutralForeground1, border: `1px solid ${tokens.colorNeutralStroke2}` },
  system: {
    maxWidth: '80%',
    textAlign: 'center',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground4,
    color: tokens.colorNeutralForeground1,
    fontStyle: 'italic'
  },
  sender: { fontSize: tokens.fontSizeBase100, fontWeight: tokens.fontWeightSemibold },
  text: { margin: 0, fontSize: tokens.fontSizeBase300, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  meta: { fontSize: tokens.fontSizeBase100, alignSelf: 'flex-end' }
});

/** One message: the customer and the assistant on the left, the agent on the right, system notices centred. */
export const MessageBubble = memo(function MessageBubble({ message, phase }: { message: ConsoleMessage; phase: 'bot' | 'human' }) {
  const styles = useStyles();
  // The design worn here: the app's, or the editor preview's draft.
  const bubbles = useWornColours();
  const system = message.tipoMensaje === 'COMMAND' || message.tipoUsuario === 'SISTEMA';
  const meta = message.pending ? CHAT_TEXT.sending : formatEscalatedTime(message.fechaMensaje);
  const sender = message.tipoMensaje === 'COMMAND' ? CHAT_TEXT.endMessage : SENDER_LABEL[message.tipoUsuario];

  let align = styles.start;
  let bubbleClass = styles.bubble;
  let colours: { background: string; color: string } | undefined;
  if (system) {
    align = styles.centre;
    bubbleClass = styles.system;
  } else if (message.tipoUsuario === 'ASESOR') {
    align = styles.end;
    colours = bubbles.asesor;
  } else if (message.tipoUsuario === 'CLIENTE') {
    colours = bubbles.cliente;
  } else {
    bubbleClass = mergeClasses(styles.bubble, styles.botBubble);
  }

  return (
    <div className={mergeClasses(styles.row, align, phase === 'bot' && styles.bot)} data-sender={message.tipoUsuario}>
      <div className={bubbleClass} style={colours ? { backgroundColor: colours.background, color: colours.color } : undefined}>
        <span className={styles.sender}>{sender}</span>
        {message.mensaje !== '' && <p className={styles.text}>{message.mensaje}</p>}
        {message.adjunto && <AttachmentChip file={message.adjunto} />}
        <span className={styles.meta}>{meta}</span>
      </div>
    </div>
  );
});
