import { useMemo } from 'react';
import { Body1, Button, Caption1, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { resolveEscalatedMessages } from '../../../../shared/domain/chat';
import { formatEscalatedTime } from '../../../../shared/format';
import { SENDER_LABELS, conversationLabel, labelOf } from '../../../../shared/labels';
import { MSG } from '../../../../shared/messages';
import { DataState } from '../../../components/DataState';
import { DATA_TEXT } from '../../../components/texts';
import { useAnalyticsQuery } from '../use-analytics-query';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxHeight: '60vh', overflowY: 'auto' },
  item: { padding: tokens.spacingHorizontalS, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3 },
  meta: { color: tokens.colorNeutralForeground2, display: 'block' },
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }
});

export const ESCALATED_DIALOG_TEXT = {
  title: (name: string) => `Conversación ${name}`,
  attachment: (name: string) => `Adjunto: ${name}`
} as const;

/**
 * The messages of one escalated chat (SPEC §3 escalated-chat message), oldest first, at the SPEC §9
 * time format; COMMAND messages become the end message whose acronym they carry. Shown in the
 * escalated chats' dialog and in the history's conversation page.
 */
export function EscalatedMessages({ idConv, idOrg, level = 'h3' }: { idConv: string; idOrg: number | null; level?: 'h2' | 'h3' }) {
  const styles = useStyles();
  const messages = useAnalyticsQuery('escalatedChatMessages', { params: { idConv }, idOrg });
  const endMessages = useAnalyticsQuery('endMessagesClient', { query: {}, idOrg });
  const status = messages.status === 'resolved' && endMessages.status !== 'resolved' && endMessages.status !== 'rejected' ? 'pending' : messages.status;
  const shown = useMemo(() => (messages.data ? resolveEscalatedMessages(messages.data, endMessages.data ?? []) : []), [messages.data, endMessages.data]);
  return (
    <DataState status={status} errorTitle={MSG.statistics.escalatedMessagesLoadFailed} errorDetail={messages.error?.message} empty={shown.length === 0} onRetry={messages.reload} level={level}>
      <ol className={styles.list}>
        {shown.map((m, i) => (
          <li key={i} className={styles.item}>
            <Caption1 className={styles.meta}>
              {labelOf(SENDER_LABELS, m.tipoUsuario)} · {formatEscalatedTime(m.fechaMensaje)}
            </Caption1>
            <Body1 className={styles.text}>{m.mensaje}</Body1>
            {m.adjunto ? <Caption1 className={styles.meta}>{ESCALATED_DIALOG_TEXT.attachment(m.adjunto.name)}</Caption1> : null}
          </li>
        ))}
      </ol>
    </DataState>
  );
}

/** One escalated chat's messages in a dialog (chats-escalados). */
export function EscalatedChatDialog({ idConv, customer, idOrg, onClose }: { idConv: string; customer: string | null; idOrg: number | null; onClose(): void }) {
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{ESCALATED_DIALOG_TEXT.title(conversationLabel(idConv, customer))}</DialogTitle>
          <DialogContent>
            <EscalatedMessages idConv={idConv} idOrg={idOrg} />
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {DATA_TEXT.close}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
