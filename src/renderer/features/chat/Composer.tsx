import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Button, Caption1, Field, Spinner, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { Attach20Regular, Dismiss16Regular, Document16Regular, Send20Regular } from '@fluentui/react-icons';
import type { AgentChatView } from '../../../shared/chat-console';
import { MSG } from '../../../shared/messages';
import { useNotify } from '../../app/toasts';
import { EMPTY_DRAFT, composerFocusAtom, draftsAtom, uploadsAtom } from './atoms';
import { clearUploadErrorAtom, sendDraftAtom, updateDraftAtom, uploadFileAtom } from './actions';
import { TemplatePicker } from './TemplatePicker';
import { CHAT_TEXT } from './texts';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalM}`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`
  },
  notice: { color: tokens.colorNeutralForeground2 },
  staged: {
    display: 'inline-flex',
    alignItems: 'center',
    alignSelf: 'flex-start',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3
  },
  error: { color: tokens.colorPaletteRedForeground1 },
  textarea: { width: '100%' },
  tools: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  spacer: { flexGrow: 1 }
});

/**
 * The reply box of the chat in view: Enter sends, Shift+Enter adds a line. The text (and a staged
 * attachment) stays per chat when switching, and stays after a failed send. Closed for finished
 * chats and until an incoming chat is started.
 */
export function Composer({ chat }: { chat: AgentChatView }) {
  const styles = useStyles();
  const notify = useNotify();
  const id = chat.conversationId;
  const draft = useAtomValue(draftsAtom)[id] ?? EMPTY_DRAFT;
  const upload = useAtomValue(uploadsAtom)[id];
  const focusRequest = useAtomValue(composerFocusAtom);
  const updateDraft = useSetAtom(updateDraftAtom);
  const sendDraft = useSetAtom(sendDraftAtom);
  const uploadFile = useSetAtom(uploadFileAtom);
  const clearUploadError = useSetAtom(clearUploadErrorAtom);
  const [sending, setSending] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const focusSeen = useRef(focusRequest);

  const closed = chat.status !== 'ACTIVO';
  const uploading = upload === 'uploading';
  const empty = draft.text.trim() === '' && draft.attachment === null;

  useEffect(() => {
    if (focusRequest === focusSeen.current) return;
    focusSeen.current = focusRequest;
    textRef.current?.focus();
  }, [focusRequest]);

  async function submit() {
    if (closed || sending || uploading || empty) return;
    setSending(true);
    const failure = await sendDraft(id);
    setSending(false);
    if (failure) notify.error(failure);
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void submit();
  }

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const failure = await uploadFile({ conversationId: id, file });
    if (failure) notify.error(failure);
  }

  return (
    <form
      className={styles.form}
      aria-label={CHAT_TEXT.reply}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {closed && <Caption1 className={styles.notice}>{chat.status === 'FINALIZADO' ? CHAT_TEXT.finishedNotice : CHAT_TEXT.incomingNotice}</Caption1>}
      {draft.attachment && (
        <span className={styles.staged}>
          <Document16Regular aria-hidden />
          <Text size={200}>{draft.attachment.name}</Text>
          <Button
            size="small"
            appearance="transparent"
            icon={<Dismiss16Regular />}
            aria-label={CHAT_TEXT.removeAttachment(draft.attachment.name)}
            onClick={() => updateDraft({ conversationId: id, patch: { attachment: null } })}
          />
        </span>
      )}
      {uploading && <Spinner size="tiny" labelPosition="after" label={CHAT_TEXT.uploading} />}
      {upload === 'error' && (
        <Text size={200} className={styles.error} role="alert">
          {MSG.files.uploadFailed}
        </Text>
      )}
      <Field label={CHAT_TEXT.composer}>
        <Textarea
          ref={textRef}
          className={styles.textarea}
          value={draft.text}
          disabled={closed}
          resize="vertical"
          rows={2}
          placeholder={closed ? undefined : CHAT_TEXT.composerPlaceholder}
          onChange={(_, d) => updateDraft({ conversationId: id, patch: { text: d.value } })}
          onKeyDown={onKeyDown}
        />
      </Field>
      <div className={styles.tools}>
        <TemplatePicker conversationId={id} disabled={closed} />
        <Button
          icon={<Attach20Regular />}
          disabled={closed || uploading}
          onClick={() => {
            clearUploadError(id);
            fileRef.current?.click();
          }}
        >
          {CHAT_TEXT.attach}
        </Button>
        <input ref={fileRef} type="file" hidden tabIndex={-1} aria-hidden onChange={(e) => void onFile(e)} data-testid="adjunto" />
        <div className={styles.spacer} />
        <Button
          type="submit"
          appearance="primary"
          icon={sending ? <Spinner size="tiny" aria-hidden /> : <Send20Regular />}
          disabled={closed || sending || uploading || empty}
        >
          {CHAT_TEXT.send}
        </Button>
      </div>
    </form>
  );
}
