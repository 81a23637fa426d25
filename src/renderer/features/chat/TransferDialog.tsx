import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import type { AgentChatView } from '../../../shared/chat-console';
import type { TransferSplit } from '../../../shared/domain/split';
import { MSG } from '../../../shared/messages';
import { loadState, type LoadState } from '../../app/load-state';
import { useNotify } from '../../app/toasts';
import { SubmitButton } from '../../components/TextField';
import { ChoiceField, LoadedOptions } from './DialogOptions';
import { CHAT_TEXT } from './texts';

/** Transferir: the splits this chat may go to (GET obtenerSplitsDisponiblesTraslado), one chosen, confirmed. */
export function TransferDialog({ chat, onClose }: { chat: AgentChatView; onClose(): void }) {
  const notify = useNotify();
  const [splits, setSplits] = useState<LoadState<TransferSplit[]>>(loadState('pending', []));
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const { conversationId } = chat;

  /** Asks for the splits; the state says pending already (at start, or set by 'Reintentar'). */
  function fetchSplits() {
    void window.atiende.chat.transferSplits({ conversationId }).then((result) => {
      if (result.ok) setSplits(loadState('resolved', result.data));
      else {
        setSplits(loadState('rejected', []));
        notify.error(MSG.transfers.splitsLoadFailed);
      }
    });
  }
  const fetchOnOpen = useEffectEvent(fetchSplits);
  useEffect(() => fetchOnOpen(), []);

  function retry() {
    setSplits(loadState('pending', []));
    fetchSplits();
  }

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
              <LoadedOptions state={splits} onRetry={retry} emptyText={CHAT_TEXT.noTransferSplits}>
                <ChoiceField
                  label={CHAT_TEXT.transferSplit}
                  value={choice}
                  error={error}
                  disabled={submitting}
                  options={splits.data.map((s) => ({ value: String(s.idSplit), label: `${s.nombre} (${CHAT_TEXT.connectedAgents(s.agentesConectados)})` }))}
                  onChange={(value) => {
                    setChoice(value);
                    setError(undefined);
                  }}
                />
              </LoadedOptions>
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
