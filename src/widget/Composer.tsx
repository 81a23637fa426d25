import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MessageText } from '../shared/realtime';
import type { SendOutcome } from './chat';
import { fmt, WIDGET_TEXTS as T } from './texts';

/** The longest message the platform stores (the shared contract's MessageText). */
export const MAX_MESSAGE = MessageText.maxLength ?? Number.POSITIVE_INFINITY;
/** The counter shows from here on, before the customer reaches the limit. */
export const COUNTER_FROM = Math.floor(MAX_MESSAGE * 0.9);
const number = new Intl.NumberFormat('es-CO');

interface Props {
  error: string | null;
  maxUploadBytes: number;
  /** Issue 38: whether the virtual agent lets the customer attach files (off: no attach button). */
  attachments: boolean;
  autoFocus: boolean;
  onError: (message: string | null) => void;
  onTyped: (hasText: boolean) => void;
  onSend: (text: string, file: File | null) => Promise<SendOutcome>;
}

/**
 * The customer's composer: Enter sends, Shift+Enter starts a line. A text over the limit is
 * refused with its Spanish message and kept as typed (never cut); a message the platform refused
 * before storing it (429, too many messages) comes back here with the reason.
 */
export function Composer({ error, maxUploadBytes, attachments, autoFocus, onError, onTyped, onSend }: Props) {
  const [draft, setDraft] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const length = draft.trim().length;
  const showCounter = length >= COUNTER_FROM;
  const over = length > MAX_MESSAGE;

  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  // The box grows with the text up to its CSS max-height, then scrolls (CSSOM, which the page's CSP allows).
  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + 2}px`;
  }, [draft]);

  function clearFile() {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = draft.trim();
    if (text === '' && !file) {
      onError(T.emptyMessage);
      input.current?.focus();
      return;
    }
    if (!MessageText.safeParse(text).success) {
      onError(fmt(T.tooLongMessage, { count: number.format(text.length), max: number.format(MAX_MESSAGE) }));
      input.current?.focus();
      return;
    }
    onError(null);
    const sending = file;
    setDraft('');
    clearFile();
    input.current?.focus();
    void onSend(text, sending).then((outcome) => {
      if (outcome.kind !== 'returned') return;
      if (text) setDraft((current) => (current ? `${text}\n${current}` : text));
      if (sending) setFile((current) => current ?? sending);
    });
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      form.current?.requestSubmit();
    }
  }

  function chosen(list: FileList | null) {
    const picked = list?.[0] ?? null;
    onError(null);
    if (!picked) return clearFile();
    if (picked.size > maxUploadBytes) {
      clearFile();
      onError(T.fileTooLarge);
      return;
    }
    setFile(picked);
  }

  const describedBy = [error ? 'composer-error' : null, showCounter ? 'composer-counter' : null].filter(Boolean).join(' ') || undefined;
  return (
    <form className="composer" id="composer" ref={form} noValidate onSubmit={submit}>
      {file && (
        <div className="attachment" id="composer-attachment">
          <span id="composer-attachment-name">{fmt(T.attachmentSelected, { name: file.name })}</span>
          <button
            type="button"
            id="composer-attachment-remove"
            onClick={() => {
              clearFile();
              input.current?.focus();
            }}
          >
            {T.removeAttachment}
          </button>
        </div>
      )}
      <div className="composer-row">
        {attachments && (
          <label className="attach" title={T.attach}>
            <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M21.44 11.05l-9.19 9.19a6 6 0 0 1-8.49-8.49l9.19-9.19a4 4 0 0 1 5.66 5.66l-9.2 9.19a2 2 0 0 1-2.83-2.83l8.49-8.48" />
            </svg>
            <span className="sr-only">{T.attach}</span>
            <input type="file" id="composer-file" ref={fileInput} onChange={(e) => chosen(e.target.files)} />
          </label>
        )}
        <label htmlFor="composer-input" className="sr-only">
          {T.messageLabel}
        </label>
        <textarea
          id="composer-input"
          ref={input}
          rows={1}
          placeholder={T.messagePlaceholder}
          aria-describedby={describedBy}
          aria-invalid={over ? true : undefined}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            // What the customer was told no longer describes what they are writing.
            if (error) onError(null);
            onTyped(e.target.value.trim() !== '');
          }}
          onKeyDown={keyDown}
        />
        <button type="submit" className="primary" id="composer-send">
          {T.send}
        </button>
      </div>
      {showCounter && (
        <p className={over ? 'counter counter--over' : 'counter'} id="composer-counter" data-testid="composer-counter">
          {fmt(T.counter, { count: number.format(length), max: number.format(MAX_MESSAGE) })}
        </p>
      )}
      {error && (
        <p className="error" id="composer-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
