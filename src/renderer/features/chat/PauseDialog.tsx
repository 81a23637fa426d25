import { useState, type FormEvent } from 'react';
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
import type { PauseEvent } from '../../../shared/domain/parameters';
import type { LoadState } from '../../app/load-state';
import { SubmitButton } from '../../components/TextField';
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
              {events.status === 'pending' || events.status === 'idle' ? (
                <Spinner size="small" label={CHAT_TEXT.loadingOptions} />
              ) : events.status === 'rejected' ? (
                <Button onClick={onRetry}>{CHAT_TEXT.retry}</Button>
              ) : events.data.length === 0 ? (
                <Body1>{CHAT_TEXT.noPauseEvents}</Body1>
              ) : (
                <Field label={CHAT_TEXT.pauseEvent} required validationMessage={error} validationState={error ? 'error' : 'none'}>
                  <Select
                    value={choice}
                    onChange={(_, d) => {
                      setChoice(d.value);
                      setError(undefined);
                    }}
                  >
                    <option value="">{CHAT_TEXT.choose}</option>
                    {events.data.map((ev) => (
                      <option key={ev.id} value={String(ev.id)}>
                        {ev.nombre}
                      </option>
                    ))}
                  </Select>
                </Field>
              )}
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
