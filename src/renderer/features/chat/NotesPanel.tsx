import { useEffect, useState } from 'react';
import { Body1, Button, Caption1, Field, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { LockClosed16Regular, Note20Regular } from '@fluentui/react-icons';
import type { AgentChatView } from '../../../shared/chat-console';
import { NOTE_MAX, NoteText, type ConversationNote } from '../../../shared/domain/console-extras';
import { formatDateTime } from '../../../shared/format';
import { loadState, type LoadState } from '../../app/load-state';
import { useNotify } from '../../app/toasts';
import { CHAT_TEXT } from './texts';

const useStyles = makeStyles({
  panel: { flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, overflowY: 'auto' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  note: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    borderLeft: `3px solid ${tokens.colorPaletteMarigoldBorderActive}`,
    backgroundColor: tokens.colorPaletteYellowBackground1
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, color: tokens.colorNeutralForeground2 },
  text: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: tokens.fontSizeBase300 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  spacer: { flexGrow: 1 },
  counter: { color: tokens.colorNeutralForeground2, fontVariantNumeric: 'tabular-nums' }
});

/**
 * The internal notes of a chat: for the agent and its supervisors only (the platform never sends
 * them to the customer). Loaded when the tab opens; a new note is added once the platform stored it.
 */
export function NotesPanel({ chat }: { chat: AgentChatView }) {
  const styles = useStyles();
  const notify = useNotify();
  const id = chat.conversationId;
  const [notes, setNotes] = useState<LoadState<ConversationNote[]>>(loadState('pending', []));
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    void window.atiende.chat.notes({ conversationId: id }).then((result) => {
      if (!live) return;
      setNotes(result.ok ? loadState('resolved', result.data) : loadState('rejected', []));
    });
    return () => {
      live = false;
    };
  }, [id]);

  async function save() {
    const valid = NoteText.safeParse(text);
    if (!valid.success) {
      setError(valid.error.issues[0]?.message ?? CHAT_TEXT.noteRequired);
      return;
    }
    setError(null);
    setSaving(true);
    const result = await window.atiende.chat.addNote({ conversationId: id, text: valid.data });
    setSaving(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    setNotes((current) => loadState('resolved', [...current.data.filter((n) => n.id !== result.data.id), result.data]));
    setText('');
    notify.success(CHAT_TEXT.noteSaved);
  }

  const length = text.trim().length;
  return (
    <div className={styles.panel}>
      <MessageBar intent="warning" icon={<LockClosed16Regular />}>
        <MessageBarBody>
          <MessageBarTitle>{CHAT_TEXT.notesInternal}</MessageBarTitle>
          {CHAT_TEXT.notesIntro}
        </MessageBarBody>
      </MessageBar>
      {notes.status === 'pending' ? (
        <Spinner size="tiny" label={CHAT_TEXT.notesLoading} />
      ) : notes.status === 'rejected' ? (
        <Body1 role="alert">{CHAT_TEXT.notesFailed}</Body1>
      ) : notes.data.length === 0 ? (
        <Body1>{CHAT_TEXT.notesEmpty}</Body1>
      ) : (
        <ul className={styles.list} aria-label={CHAT_TEXT.notesList}>
          {notes.data.map((note) => (
            <li key={note.id} className={styles.note}>
              <Caption1 className={styles.head}>
                <Note20Regular aria-hidden />
                {CHAT_TEXT.noteBy(note.authorName, formatDateTime(note.createdAt))}
              </Caption1>
              <p className={styles.text}>{note.text}</p>
            </li>
          ))}
        </ul>
      )}
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field label={CHAT_TEXT.noteField} hint={CHAT_TEXT.notesInternal} validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'}>
          <Textarea
            value={text}
            rows={3}
            resize="vertical"
            placeholder={CHAT_TEXT.notePlaceholder}
            onChange={(_, d) => {
              setText(d.value);
              if (error) setError(null);
            }}
          />
        </Field>
        <div className={styles.actions}>
          <Caption1 className={styles.counter} aria-label={CHAT_TEXT.charCountLabel(length, NOTE_MAX)}>
            {CHAT_TEXT.charCount(length, NOTE_MAX)}
          </Caption1>
          <div className={styles.spacer} />
          <Button type="submit" appearance="primary" disabled={saving} icon={saving ? <Spinner size="tiny" aria-hidden /> : undefined}>
            {CHAT_TEXT.noteSave}
          </Button>
        </div>
      </form>
    </div>
  );
}
