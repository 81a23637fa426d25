import { useState } from 'react';
import { Badge, Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowForward20Regular, CheckmarkCircle20Regular, Chat20Regular } from '@fluentui/react-icons';
import type { AgentChatView } from '../../../shared/chat-console';
import { useNotify } from '../../app/toasts';
import { TransferDialog } from './TransferDialog';
import { FinishDialog } from './FinishDialog';
import { CHAT_STATUS_LABEL, CHAT_TEXT } from './texts';

const useStyles = makeStyles({ actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' } });

/** Iniciar chat on an incoming chat; Transferir and Finalizar on an active one. */
export function ChatActions({ chat }: { chat: AgentChatView }) {
  const styles = useStyles();
  const notify = useNotify();
  const [accepting, setAccepting] = useState(false);
  const [dialog, setDialog] = useState<'transfer' | 'finish' | null>(null);

  async function accept() {
    setAccepting(true);
    const result = await window.atiende.chat.accept({ conversationId: chat.conversationId });
    setAccepting(false);
    if (!result.ok) notify.error(result.error.message);
  }

  if (chat.status === 'ENTRANTE') {
    return (
      <div className={styles.actions}>
        <Button appearance="primary" icon={accepting ? <Spinner size="tiny" aria-hidden /> : <Chat20Regular />} disabled={accepting} onClick={() => void accept()}>
          {CHAT_TEXT.accept}
        </Button>
      </div>
    );
  }
  if (chat.status === 'FINALIZADO') {
    return (
      <div className={styles.actions}>
        <Badge appearance="tint" color="subtle" size="large">
          {CHAT_STATUS_LABEL.FINALIZADO}
        </Badge>
      </div>
    );
  }
  return (
    <div className={styles.actions}>
      {chat.transfering && (
        <Badge appearance="tint" color="warning" size="large" icon={<Spinner size="extra-tiny" aria-hidden />} role="status">
          {CHAT_TEXT.transfering}
        </Badge>
      )}
      <Button icon={<ArrowForward20Regular />} disabled={chat.transfering} onClick={() => setDialog('transfer')}>
        {CHAT_TEXT.transfer}
      </Button>
      <Button appearance="primary" icon={<CheckmarkCircle20Regular />} disabled={chat.transfering} onClick={() => setDialog('finish')}>
        {CHAT_TEXT.finish}
      </Button>
      {dialog === 'transfer' && <TransferDialog key={chat.conversationId} chat={chat} onClose={() => setDialog(null)} />}
      {dialog === 'finish' && <FinishDialog key={chat.conversationId} chat={chat} onClose={() => setDialog(null)} />}
    </div>
  );
}
