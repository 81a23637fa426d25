import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import type { PauseEvent } from '../../../shared/domain/parameters';
import type { LoadState } from '../../app/load-state';
import { SubmitButton } from '../../components/TextField';
import { ChoiceField, LoadedOptions } from './DialogOptions';
import { CHAT_TEXT } from './texts';

/** Choosing Pausa: the pause event is required. */
export function PauseDialog({
  events,
  current,
  onRetry,
  onCancel,
  onConfirm
}: {
  events: LoadState<PauseEvent[]>;
  current: number | null;
  onRetry(): void;
  onCancel(): void;
  onConfirm(pauseEventId: number): Promise<void>;
}) {
  const [choice, setChoice] = useState(current === null ? '' : String(current));
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const id = Number(choice);
    if (choice === '' || !events.data.some((ev) => ev.id === id)) {
      setError(CHAT_TEXT.pauseEventRequired);
      return;
    }
    setSubmitting(true);
    await onConfirm(id);
    setSubmitting(false);
  }

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogBody>
            <DialogTitle>{CHAT_TEXT.pauseTitle}</DialogTitle>
            <DialogContent>
              <LoadedOptions state={events} onRetry={onRetry} emptyText={CHAT_TEXT.noPauseEvents}>
                <ChoiceField
                  label={CHAT_TEXT.pauseEvent}
                  value={choice}
                  error={error}
                  options={events.data.map((ev) => ({ value: String(ev.id), label: ev.nombre }))}
                  onChange={(value) => {
                    setChoice(value);
                    setError(undefined);
                  }}
                />
              </LoadedOptions>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onCancel}>
                {CHAT_TEXT.cancel}
              </Button>
              <SubmitButton label={CHAT_TEXT.confirm} submitting={submitting} disabled={submitting || events.status !== 'resolved'} />
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
