import { useEffect, useRef, type KeyboardEvent } from 'react';
import { WIDGET_TEXTS as T } from './texts';

interface Props {
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** '¿Finalizar el chat?': focus on 'Sí, finalizar', Tab stays inside, Escape cancels. */
export function LeaveDialog({ busy, onConfirm, onCancel }: Props) {
  const yes = useRef<HTMLButtonElement>(null);
  const no = useRef<HTMLButtonElement>(null);
  useEffect(() => yes.current?.focus(), []);

  function keyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Tab') {
      event.preventDefault();
      (document.activeElement === yes.current ? no : yes).current?.focus();
    }
  }

  return (
    <div className="dialog" id="leave-confirm" role="alertdialog" aria-modal="true" aria-labelledby="leave-confirm-title" aria-describedby="leave-confirm-body" onKeyDown={keyDown}>
      <div className="dialog-box">
        <h2 id="leave-confirm-title">{T.leaveTitle}</h2>
        <p id="leave-confirm-body">{T.leaveBody}</p>
        <div className="dialog-actions">
          <button type="button" className="secondary" id="leave-confirm-no" ref={no} onClick={onCancel}>
            {T.leaveNo}
          </button>
          <button type="button" className="primary" id="leave-confirm-yes" ref={yes} disabled={busy} onClick={onConfirm}>
            {T.leaveYes}
          </button>
        </div>
      </div>
    </div>
  );
}
