import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { SubmitButton } from '../../../components/TextField';
import { SETTINGS_TEXT } from './texts';

const useStyles = makeStyles({
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  surface: { maxWidth: '640px', width: '100%' }
});

/**
 * A create or edit form in a modal dialog. `onSubmit` validates and saves; it resolves true when
 * the save succeeded and the dialog closes. A refused or failed save keeps the dialog open with everything typed, and
 * `formError` (a rule that is not one field's) shows above the fields.
 */
export function FormDialog({
  title,
  submitLabel = SETTINGS_TEXT.save,
  formError,
  onSubmit,
  onClose,
  children
}: {
  title: string;
  submitLabel?: string;
  formError?: string;
  onSubmit(): Promise<boolean>;
  /** Cancel, Escape, or a save that succeeded. */
  onClose(): void;
  children: ReactNode;
}) {
  const styles = useStyles();
  const [submitting, setSubmitting] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    const close = await onSubmit().catch(() => false);
    setSubmitting(false);
    if (close) onClose();
  }

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && !submitting && onClose()}>
      <DialogSurface className={styles.surface}>
        <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.fields}>
              {formError ? (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{formError}</MessageBarBody>
                </MessageBar>
              ) : null}
              {children}
            </DialogContent>
            <DialogActions>
              {/* Never disabled while saving (a focused button that turns disabled drops the focus out of the dialog): a second submit is ignored. */}
              <Button appearance="secondary" disabledFocusable={submitting} onClick={onClose}>
                {SETTINGS_TEXT.cancel}
              </Button>
              <SubmitButton label={submitLabel} submitting={submitting} disabled={false} />
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
