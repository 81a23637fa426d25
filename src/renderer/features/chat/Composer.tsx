import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Button, Caption1, Field, Spinner, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { Attach20Regular, Dismiss16Regular, Document16Regular, Send20Regular } from '@fluentui/react-icons';
import type { AgentChatView } from '../../../shared/chat-console';
import type { ResponseTemplate } from '../../../shared/domain/response-template';
import { MSG } from '../../../shared/messages';
import { MessageText } from '../../../shared/realtime';
import { useNotify } from '../../app/toasts';
import { EMPTY_DRAFT, composerFocusAtom, draftsAtom, uploadsAtom } from './atoms';
import { clearUploadErrorAtom, sendDraftAtom, updateDraftAtom, uploadFileAtom } from './actions';
import { ConsoleFooter, FooterTool } from './ConsoleFooter';
import { TemplatePicker } from './TemplatePicker';
import { SlashMenu, slashOptionId } from './SlashMenu';
import { applyTemplate, filterTemplates, slashToken } from './slash';
import { useTemplates } from './templates';
import { useTypingSignal } from './typing';
import { CHAT_TEXT } from './texts';

/** The longest message the platform takes (MessageText in src/shared/realtime.ts). */
export const MESSAGE_MAX = MessageText.maxLength ?? 4000;
/** The counter shows from here on (90 % of the limit). */
export const COUNTER_FROM = Math.floor(MESSAGE_MAX * 0.9);

const useStyles = makeStyles({
  // On the footer's background (ConsoleFooter): the footer's text colour.
  notice: { color: 'inherit' },
  onFooter: { color: 'inherit' },
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
  field: { position: 'relative' },
  meta: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS },
  hint: { flexGrow: 1, color: 'inherit' },
  counter: { flexShrink: 0, color: 'inherit', fontVariantNumeric: 'tabular-nums' },
  over: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  tools: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  spacer: { flexGrow: 1 }
});

/**
 * The reply box of the chat in view: Enter sends, Shift+Enter adds a line. The text (and a staged
 * attachment) stays per chat when switching, and stays after a failed send. Closed for finished
 * chats and until an incoming chat is started. A '/' word searches the response templates (a
 * combobox); near the length limit a counter shows, and a longer text is refused, never cut.
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
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const { templates, ensureLoaded } = useTemplates();
  const typing = useTypingSignal(id, chat.status !== 'ACTIVO');

  const closed = chat.status !== 'ACTIVO';
  const uploading = upload === 'uploading';
  const empty = draft.text.trim() === '' && draft.attachment === null;
  const length = draft.text.trim().length;
  const over = length - MESSAGE_MAX;

  const token = !closed && caret !== null ? slashToken(draft.text, caret) : null;
  const slashOpen = token !== null && dismissed !== token.start;
  const matches = slashOpen && templates.status === 'resolved' ? filterTemplates(templates.data, token.query) : [];
  const activeIndex = Math.min(active, Math.max(matches.length - 1, 0));
  const activeMatch = matches[activeIndex];

  useEffect(() => {
    if (slashOpen) ensureLoaded();
  }, [slashOpen, ensureLoaded]);

  useEffect(() => {
    if (focusRequest === focusSeen.current) return;
    focusSeen.current = focusRequest;
    textRef.current?.focus();
  }, [focusRequest]);

  function follow(text: string, at: number | null) {
    setCaret(at);
    if (dismissed !== null && slashToken(text, at ?? 0)?.start !== dismissed) setDismissed(null);
  }

  function choose(template: ResponseTemplate) {
    if (!token || caret === null) return;
    const next = applyTemplate(draft.text, token, caret, template.templateContent);
    updateDraft({ conversationId: id, patch: { text: next.text } });
    setCaret(next.caret);
    setActive(0);
    typing.typed(next.text);
    requestAnimationFrame(() => {
      const el = textRef.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(next.caret, next.caret);
    });
  }

  async function submit() {
    if (closed || sending || uploading || empty || over > 0) return;
    typing.stop();
    setSending(true);
    const failure = await sendDraft(id);
    setSending(false);
    if (failure) notify.error(failure);
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.nativeEvent.isComposing) return;
    if (slashOpen && token) {
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        setDismissed(token.start);
        return;
      }
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        if (matches.length > 0) setActive((activeIndex + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
        return;
      }
      if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey && activeMatch) {
        e.preventDefault();
        choose(activeMatch);
        return;
      }
    }
    if (e.key !== 'Enter' || e.shiftKey) return;
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
    <ConsoleFooter
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
      <Field label={{ children: CHAT_TEXT.composer, className: styles.onFooter }} className={styles.field}>
        {slashOpen && <SlashMenu id={listId} templates={templates} matches={matches} active={activeIndex} onChoose={choose} />}
        <Textarea
          ref={textRef}
          className={styles.textarea}
          value={draft.text}
          disabled={closed}
          resize="vertical"
          rows={2}
          placeholder={closed ? undefined : CHAT_TEXT.composerPlaceholder}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={slashOpen}
          aria-controls={slashOpen ? listId : undefined}
          aria-activedescendant={slashOpen && activeMatch ? slashOptionId(listId, activeMatch.idTemplate) : undefined}
          aria-invalid={over > 0 || undefined}
          aria-describedby={`${listId}-meta`}
          onChange={(e, d) => {
            updateDraft({ conversationId: id, patch: { text: d.value } });
            follow(d.value, e.target.selectionStart);
            setActive(0);
            typing.typed(d.value);
          }}
          onSelect={(e) => follow(draft.text, e.currentTarget.selectionStart)}
          onBlur={() => setCaret(null)}
          onKeyDown={onKeyDown}
        />
      </Field>
      <div className={styles.meta} id={`${listId}-meta`}>
        {over > 0 ? (
          <Text size={200} className={styles.over} role="alert">
            {CHAT_TEXT.tooLong(MESSAGE_MAX, over)}
          </Text>
        ) : (
          <Caption1 className={styles.hint}>{closed ? '' : CHAT_TEXT.slashHint}</Caption1>
        )}
        {length >= COUNTER_FROM && (
          <Caption1 className={over > 0 ? styles.over : styles.counter} aria-label={CHAT_TEXT.charCountLabel(length, MESSAGE_MAX)} data-testid="contador">
            {CHAT_TEXT.charCount(length, MESSAGE_MAX)}
          </Caption1>
        )}
      </div>
      <div className={styles.tools}>
        <TemplatePicker conversationId={id} disabled={closed} />
        <FooterTool
          icon={<Attach20Regular />}
          disabled={closed || uploading}
          onClick={() => {
            clearUploadError(id);
            fileRef.current?.click();
          }}
        >
          {CHAT_TEXT.attach}
        </FooterTool>
        <input ref={fileRef} type="file" hidden tabIndex={-1} aria-hidden onChange={(e) => void onFile(e)} data-testid="adjunto" />
        <div className={styles.spacer} />
        <Button
          type="submit"
          appearance="primary"
          icon={sending ? <Spinner size="tiny" aria-hidden /> : <Send20Regular />}
          disabled={closed || sending || uploading || empty || over > 0}
        >
          {CHAT_TEXT.send}
        </Button>
      </div>
    </ConsoleFooter>
  );
}
