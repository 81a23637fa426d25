import { useContext, useState, type ReactNode } from 'react';
import { Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles } from '@fluentui/react-components';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { SETTINGS_TEXT } from './texts';

const useStyles = makeStyles({ surface: { maxWidth: 'min(480px, calc(100vw - 32px))' }, action: { whiteSpace: 'nowrap' } });

/**
 * 'Hay cambios sin guardar. ¿Desea descartarlos?': asked before edits nobody saved are lost. Escape
 * or 'Seguir editando' keeps them (the safe answer is the one a stray key gives).
 */
export function DiscardChangesDialog({ onDiscard, onKeep }: { onDiscard(): void; onKeep(): void }) {
  const styles = useStyles();
  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && onKeep()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{SETTINGS_TEXT.unsavedTitle}</DialogTitle>
          <DialogContent>
            <Body1>{SETTINGS_TEXT.unsavedText}</Body1>
          </DialogContent>
          <DialogActions>
            <Button className={styles.action} appearance="secondary" onClick={onKeep}>
              {SETTINGS_TEXT.keepEditing}
            </Button>
            <Button className={styles.action} appearance="primary" onClick={onDiscard}>
              {SETTINGS_TEXT.discard}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * A dialog whose edits nobody saved yet: `leave()` (its Cancel/Close button, Escape, a click
 * outside) closes it at once when there is nothing to lose, and otherwise asks first with
 * `discardDialog`, which the dialog renders beside itself. `asking` is true while the question is
 * open, so the dialog ignores its own open-change events meanwhile. Nothing happens while `busy`
 * (a save under way).
 */
export function useDiscardGuard({ dirty, busy, onClose }: { dirty: boolean; busy: boolean; onClose(): void }): { leave(): void; asking: boolean; discardDialog: ReactNode } {
  const [asking, setAsking] = useState(false);
  function leave() {
    if (busy) return;
    if (dirty) setAsking(true);
    else onClose();
  }
  const discardDialog = asking ? (
    <DiscardChangesDialog
      onKeep={() => setAsking(false)}
      onDiscard={() => {
        setAsking(false);
        onClose();
      }}
    />
  ) : null;
  return { leave, asking, discardDialog };
}

/** react-router's blocker: a move to another page of the app waits for the answer. */
function RouteBlocker() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname);
  if (blocker.state !== 'blocked') return null;
  return <DiscardChangesDialog onDiscard={() => blocker.proceed()} onKeep={() => blocker.reset()} />;
}

/**
 * Guards a form that is edited on the page itself (not in a dialog): while `when`, leaving for
 * another page of the app asks first. One guard per page: a page with several forms passes
 * whether any of them has edits. No beforeunload warning: in the desktop app a prevented unload
 * would silently keep the window from closing. Outside a data router (a page rendered alone, as in
 * the unit tests) there is nothing to block.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  // Mounted only while there is something to lose: a router keeps one blocker at a time.
  return dataRouter && when ? <RouteBlocker /> : null;
}
