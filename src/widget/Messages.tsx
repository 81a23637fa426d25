import { useLayoutEffect, useRef } from 'react';
import type { FileRef } from '../shared/domain/chat';
import type { LiveMessage } from '../shared/realtime';
import type { PendingMessage } from './chat';
import { fmt, WIDGET_TEXTS as T } from './texts';
import { fileUrl, safeUrl } from './urls';

/** The assistant's item types the widget draws (SPEC §3 response items). */
const ITEM = { link: 2, image: 3, document: 4, video: 5, options: 9 } as const;

interface Props {
  messages: readonly LiveMessage[];
  pending: readonly PendingMessage[];
  assistantName: string;
  agentName: string | null;
  token: string | null;
  ended: boolean;
  onOption: (option: string) => void;
}

function senderName(message: LiveMessage, assistantName: string, agentName: string | null): string {
  if (message.tipoUsuario === 'CLIENTE') return T.you;
  if (message.tipoUsuario === 'BOT') return assistantName;
  if (message.tipoUsuario === 'ASESOR') return agentName || T.agent;
  return T.system;
}

function Link({ href, text, testId }: { href: string | null; text: string; testId: string }) {
  if (!href) return <span>{text}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {text}
    </a>
  );
}

function FileView({ file, kind, token }: { file: FileRef; kind: number; token: string | null }) {
  const href = fileUrl(file.url, token);
  if ((kind === ITEM.image || file.contentType.startsWith('image/')) && href) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className="msg-image" data-testid="message-image">
        <img src={href} alt={file.name} loading="lazy" />
      </a>
    );
  }
  const label = kind === ITEM.video ? T.video : kind === ITEM.document ? T.document : T.attachment;
  return <Link href={href} text={fmt(label, { name: file.name })} testId="message-file" />;
}

function Items({ items, token, ended, onOption }: { items: NonNullable<LiveMessage['items']>; token: string | null; ended: boolean; onOption: (o: string) => void }) {
  return (
    <div className="msg-items">
      {items.map((item, i) => {
        if (item.itemType === ITEM.options) {
          return (
            <div key={i}>
              {item.itemValue && <p>{item.itemValue}</p>}
              <div className="options" role="group" aria-label={item.itemValue || T.options}>
                {(item.itemOptions ?? []).map((option, j) => (
                  <button key={j} type="button" className="option" data-testid="bot-option" disabled={ended} onClick={() => onOption(option)}>
                    {option}
                  </button>
                ))}
              </div>
            </div>
          );
        }
        if (item.itemFile && (item.itemType === ITEM.image || item.itemType === ITEM.document || item.itemType === ITEM.video)) {
          return (
            <p key={i}>
              <FileView file={item.itemFile} kind={item.itemType} token={token} />
            </p>
          );
        }
        if (item.itemType === ITEM.link && item.itemValue) {
          return (
            <p key={i}>
              <Link href={safeUrl(item.itemValue)} text={item.itemValue} testId="bot-link" />
            </p>
          );
        }
        if (item.itemValue) {
          return (
            <p key={i} className="msg-text">
              {item.itemValue}
            </p>
          );
        }
        return null;
      })}
    </div>
  );
}

function Time({ iso }: { iso: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return <time dateTime={date.toISOString()}>{date.toLocaleTimeString('es-CO', { hour: '2-digit', minute: '2-digit' })}</time>;
}

function StoredMessage({ message, name, token, ended, onOption }: { message: LiveMessage; name: string; token: string | null; ended: boolean; onOption: (o: string) => void }) {
  const named = message.tipoUsuario === 'ASESOR' || message.tipoUsuario === 'BOT';
  return (
    <li
      className={`msg msg--${message.tipoUsuario.toLowerCase()}`}
      data-testid="message"
      data-sender={message.tipoUsuario}
      data-seq={message.seq}
      data-client-id={message.clientId ?? undefined}
      data-status="sent"
    >
      <span className="sr-only">{`${name}: `}</span>
      {named && (
        <span className="msg-sender" aria-hidden="true">
          {name}
        </span>
      )}
      {message.items && message.items.length > 0 ? <Items items={message.items} token={token} ended={ended} onOption={onOption} /> : message.mensaje && <p className="msg-text">{message.mensaje}</p>}
      {message.adjunto && (
        <p>
          <FileView file={message.adjunto} kind={0} token={token} />
        </p>
      )}
      <Time iso={message.fechaMensaje} />
    </li>
  );
}

function Pending({ message }: { message: PendingMessage }) {
  return (
    <li className="msg msg--cliente msg--pending" data-testid="message" data-sender="CLIENTE" data-status={message.status} data-pending-id={message.clientId}>
      <span className="sr-only">{`${T.you}: `}</span>
      {message.text && <p className="msg-text">{message.text}</p>}
      {message.fileName && <p>{fmt(T.attachment, { name: message.fileName })}</p>}
      <span className="msg-status" data-testid="message-status">
        {message.status === 'sending' ? T.sending : fmt(T.notSent, { error: message.error ?? T.genericError })}
      </span>
    </li>
  );
}

/** The conversation: stored messages by seq, then the customer's unacknowledged ones. Follows the newest unless the customer scrolled up. */
export function Messages({ messages, pending, assistantName, agentName, token, ended, onOption }: Props) {
  const list = useRef<HTMLOListElement>(null);
  const nearBottom = useRef(true);
  const pendingCount = useRef(pending.length);

  useLayoutEffect(() => {
    const el = list.current;
    const sent = pending.length > pendingCount.current;
    pendingCount.current = pending.length;
    if (el && (nearBottom.current || sent)) el.scrollTop = el.scrollHeight;
  }, [messages, pending]);

  return (
    <div className="messages-log" role="log" aria-live="polite" aria-relevant="additions" aria-label={T.messages}>
      <ol
        className="messages"
        id="messages"
        ref={list}
        tabIndex={0}
        aria-label={T.messages}
        onScroll={(e) => {
          const el = e.currentTarget;
          nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
      >
        {messages.map((m) => (
          <StoredMessage key={m.seq} message={m} name={senderName(m, assistantName, agentName)} token={token} ended={ended} onOption={onOption} />
        ))}
        {pending.map((p) => (
          <Pending key={p.clientId} message={p} />
        ))}
      </ol>
    </div>
  );
}
