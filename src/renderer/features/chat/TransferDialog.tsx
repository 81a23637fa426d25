import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Select,
  Spinner
} from '@fluentui/react-components';
import type { AgentChatView } from '../../../shared/chat-console';
import type { TransferSplit } from '../../../shared/domain/split';
import { MSG } from '../../../shared/messages';
import { loadState, type LoadState } from '../../app/load-state';
import { useNotify } from '../../app/toasts';
import { SubmitButton } from '../../components/TextField';
import { CHAT_TEXT } from './texts';

/** Transferir: the splits this chat may go to (GET obtenerSplitsDisponiblesTraslado), one chosen, confirmed. */
export function TransferDialog({ chat, onClose }: { chat: AgentChatView; onClose(): void }) {
  const notify = useNotify();
  const [splits, setSplits] = useState<LoadState<TransferSplit[]>>(loadState('pending', []));
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const { conversationId } = chat;

  const load = useCallback(() => {
    setSplits(loadState('pending', []));
    void window.atiende.chat.transferSplits({ conversationId }).then((result) => {
      if (result.ok) setSplits(loadState('resolved', result.data));
      else {
        setSplits(loadState('rejected', []));
        notify.error(MSG.transfers.splitsLoadFailed);
      }
    });
  }, [conversationId, notify]);

  useEffect(() => load(), [load]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const idSplit = Number(choice);
    if (choice === '' || !splits.data.some((s) => s.idSplit === idSplit)) {
      setError(CHAT_TEXT.transferSplitRequired);
      return;
    }
    setSubmitting(true);
    const result = await window.atiende.chat.transfer({ conversationId, idSplit });
    setSubmitting(false);
    if (!result.ok) {
      notify.error(result.error.message);
      return;
    }
    notify.success(CHAT_TEXT.transferred);
    onClose();
  }

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && !submitting && onClose()}>
      <DialogSurface>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogBody>
            <DialogTitle>{CHAT_TEXT.transferTitle}</DialogTitle>
            <DialogContent>
              {splits.status === 'pending' ? (
                <Spinner size="small" label={CHAT_TEXT.loadingOptions} />
              ) : splits.status === 'rejected' ? (
                <Button onClick={load}>{CHAT_TEXT.retry}</Button>
              ) : splits.data.length === 0 ? (
                <Body1>{CHAT_TEXT.noTransferSplits}</Body1>
              ) : (
                <Field label={CHAT_TEXT.transferSplit} required validationMessage={error} validationState={error ? 'error' : 'none'}>
                  <Select
                    value={choice}
                    disabled={submitting}
                    onChange={(_, d) => {
                      setChoice(d.value);
                      setError(undefined);
                    }}
                  >
                    <option value="">{CHAT_TEXT.choose}</option>
                    {splits.data.map((s) => (
                      <option key={s.idSplit} value={String(s.idSplit)}>
                        {`${s.nombre} (${CHAT_TEXT.connectedAgents(s.agentesConectados)})`}
                      </option>
                    ))}
                  </Select>
                </Field>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose} disabled={submitting}>
                {CHAT_TEXT.cancel}
              </Button>
              <SubmitButton
                label={submitting ? CHAT_TEXT.transfering : CHAT_TEXT.transfer}
                submitting={submitting}
                disabled={submitting || splits.status !== 'resolved' || splits.data.length === 0}
              />
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
