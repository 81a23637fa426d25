import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import {
  Body1,
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  makeStyles,
  tokens
} from '@fluentui/react-components';
import type { AgentChatView, ConsoleMessage } from '../../../shared/chat-console';
import type { PreviousConversation, PreviousConversations } from '../../../shared/domain/console-extras';
import { formatDateTime } from '../../../shared/format';
import { loadState, type LoadState } from '../../app/load-state';
import { endMessagesAtom } from '../platform/atoms';
import { MessageBubble } from './MessageBubble';
import { displayMessages } from './messages';
import { CHAT_TEXT } from './texts';

const useStyles = makeStyles({
  panel: { flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, overflowY: 'auto' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium
  },
  facts: { flexGrow: 1, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  when: { fontWeight: tokens.fontWeightSemibold },
  detail: { color: tokens.colorNeutralForeground2 },
  transcript: { display: 'flex', flexDirection: 'column', maxHeight: '60vh', overflowY: 'auto', padding: 0, margin: 0, listStyle: 'none' }
});

function ending(c: PreviousConversation): string {
  if (c.state !== 'FINALIZADA') return CHAT_TEXT.previousUnderWay;
  return (c.endedBy && CHAT_TEXT.previousEndedBy[c.endedBy]) || CHAT_TEXT.previousFinished;
}

/** The customer's earlier conversations (same organisation, same identified customer), newest first, each readable. */
export function PreviousPanel({ chat }: { chat: AgentChatView }) {
  const styles = useStyles();
  const id = chat.conversationId;
  const open = chat.status !== 'FINALIZADO';
  const [list, setList] = useState<LoadState<PreviousConversations | null>>(loadState(open ? 'pending' : 'idle', null));
  const [reading, setReading] = useState<PreviousConversation | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    void window.atiende.chat.previous({ conversationId: id }).then((result) => {
      if (live) setList(result.ok ? loadState('resolved', result.data) : loadState('rejected', null));
    });
    return () => {
      live = false;
    };
  }, [id, open]);

  let body;
  if (!open) body = <Body1>{CHAT_TEXT.previousFinishedChat}</Body1>;
  else if (list.status === 'pending') body = <Spinner size="tiny" label={CHAT_TEXT.previousLoading} />;
  else if (list.status === 'rejected' || !list.data) body = <Body1 role="alert">{CHAT_TEXT.previousFailed}</Body1>;
  else if (!list.data.identified) body = <Body1>{CHAT_TEXT.previousAnonymous}</Body1>;
  else if (list.data.conversations.length === 0) body = <Body1>{CHAT_TEXT.previousNone}</Body1>;
  else {
    body = (
      <ul className={styles.list} aria-label={CHAT_TEXT.previousList}>
        {list.data.conversations.map((c) => {
          const when = formatDateTime(c.startedAt);
          const details = [c.canal, ending(c), c.finalReason ? CHAT_TEXT.previousReason(c.finalReason) : null, c.agentName ? CHAT_TEXT.previousAgent(c.agentName) : null];
          return (
            <li key={c.idConv} className={styles.item}>
              <div className={styles.facts}>
                <span className={styles.when}>{when}</span>
                <Caption1 className={styles.detail}>{details.filter(Boolean).join(' · ')}</Caption1>
              </div>
              <Button size="small" aria-label={CHAT_TEXT.previousReadLabel(when)} onClick={() => setReading(c)}>
                {CHAT_TEXT.previousRead}
              </Button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className={styles.panel}>
      {body}
      {reading && <TranscriptDialog conversationId={id} previous={reading} onClose={() => setReading(null)} />}
    </div>
  );
}

function TranscriptDialog({ conversationId, previous, onClose }: { conversationId: string; previous: PreviousConversation; onClose(): void }) {
  const styles = useStyles();
  const endMessages = useAtomValue(endMessagesAtom).data;
  const [messages, setMessages] = useState<LoadState<ConsoleMessage[]>>(loadState('pending', []));
  useEffect(() => {
    let live = true;
    void window.atiende.chat.previousMessages({ conversationId, previousId: previous.idConv }).then((result) => {
      if (!live) return;
      setMessages(result.ok ? loadState('resolved', result.data.map((m) => ({ ...m, pending: false }))) : loadState('rejected', []));
    });
    return () => {
      live = false;
    };
  }, [conversationId, previous.idConv]);

  const title = CHAT_TEXT.previousTitle(formatDateTime(previous.startedAt));
  const shown = displayMessages(messages.data, endMessages);
  return (
    <Dialog open onOpenChange={(_, d) => (d.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            {messages.status === 'pending' ? (
              <Spinner size="tiny" label={CHAT_TEXT.loadingMessages} />
            ) : messages.status === 'rejected' ? (
              <Body1 role="alert">{CHAT_TEXT.previousFailed}</Body1>
            ) : shown.length === 0 ? (
              <Body1>{CHAT_TEXT.previousMessagesEmpty}</Body1>
            ) : (
              <ul className={styles.transcript} aria-label={title}>
                {shown.map((m) => (
                  <li key={`${m.seq}`}>
                    <MessageBubble message={m} phase={m.tipoUsuario === 'BOT' ? 'bot' : 'human'} />
                  </li>
                ))}
              </ul>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {CHAT_TEXT.close}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
