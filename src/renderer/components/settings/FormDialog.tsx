import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { SubmitButton } from '../TextField';
import { SETTINGS_TEXT } from './texts';
import { useDiscardGuard } from './UnsavedChanges';
import { onFieldBlur } from './use-settings-form';

const useStyles = makeStyles({
  // Never wider than the window; Fluent's DialogBody already keeps the dialog within its height
  // (1024×640 included) and lets the fields scroll between the title and the buttons.
  surface: { maxWidth: 'min(640px, calc(100vw - 32px))', width: '100%' },
  /** An editor with something beside its fields (a template's variables and preview). */
  wide: { maxWidth: 'min(1180px, calc(100vw - 32px))' },
  fields: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    overflowY: 'auto',
    // Room for the focus outline and the validation messages of the fields at the scroll edges.
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXS}`,
    margin: `0 calc(-1 * ${tokens.spacingHorizontalXS})`
  }
});

/**
 * A create or edit form in a modal dialog. `onSubmit` validates and saves; it resolves true when
 * the save succeeded and the dialog closes. A refused or failed save keeps the dialog open with everything typed, and
 * `formError` (a rule that is not one field's) shows above the fields. While `dirty` (something
 * typed and not saved), Cancel, Escape and a click outside ask before discarding it. `onBlurField`
 * hears each named field the user leaves, so the form can say at once what is wrong with it.
 */
export function FormDialog({
  title,
  submitLabel = SETTINGS_TEXT.save,
  formError,
  dirty = false,
  onSubmit,
  onClose,
  onBlurField,
  wide = false,
  children
}: {
  title: string;
  submitLabel?: string;
  formError?: string;
  dirty?: boolean;
  onSubmit(): Promise<boolean>;
  /** Cancel, Escape, or a save that succeeded. */
  onClose(): void;
  onBlurField?(name: string): void;
  /** Room for a part beside the fields (up to 1180 px, never wider than the window). */
  wide?: boolean;
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

  const { leave, asking, discardDialog } = useDiscardGuard({ dirty, busy: submitting, onClose });

  return (
    <>
      <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && !asking && leave()}>
        <DialogSurface className={mergeClasses(styles.surface, wide && styles.wide)}>
          <form onSubmit={(e) => void submit(e)} onBlur={onFieldBlur((field) => onBlurField?.(field))} noValidate aria-label={title}>
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
                <Button appearance="secondary" disabledFocusable={submitting} onClick={leave}>
                  {SETTINGS_TEXT.cancel}
                </Button>
                <SubmitButton label={submitLabel} submitting={submitting} disabled={false} />
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
      {discardDialog}
    </>
  );
}
