import { useState } from 'react';
import { Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { SETTINGS_TEXT } from './texts';

const useStyles = makeStyles({ content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } });

/**
 * A delete asks first (Fluent Dialog, a modal alert): Escape or 'Cancelar' keeps everything; the
 * dialog stays until the platform answers, so a failure can be read beside what was being deleted.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel = SETTINGS_TEXT.delete,
  error,
  onConfirm,
  onCancel
}: {
  title: string;
  text: string;
  confirmLabel?: string;
  /** Why the last attempt failed (the platform's words), shown above the question. */
  error?: string | null;
  /** Resolves when the platform answered; the caller closes the dialog. */
  onConfirm(): Promise<void>;
  onCancel(): void;
}) {
  const [busy, setBusy] = useState(false);
  const styles = useStyles();
  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && !busy && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>
            {error ? (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            ) : null}
            <Body1>{text}</Body1>
          </DialogContent>
          <DialogActions>
            {/* disabledFocusable: a focused button that turned disabled would drop the focus out of the dialog. */}
            <Button appearance="secondary" disabledFocusable={busy} onClick={onCancel}>
              {SETTINGS_TEXT.cancel}
            </Button>
            <Button
              appearance="primary"
              disabledFocusable={busy}
              icon={busy ? <Spinner size="tiny" aria-hidden /> : undefined}
              onClick={() => {
                setBusy(true);
                void onConfirm().finally(() => setBusy(false));
              }}
            >
              {confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
