import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Badge, Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components';
import { endpoints } from '../../../../shared/api/catalogue';
import { END_MESSAGE_ORDER, type EndMessage } from '../../../../shared/domain/end-message';
import { endAcronymLabel } from '../../../../shared/labels';
import { MSG } from '../../../../shared/messages';
import { useNotify } from '../../../app/toasts';
import { DataState } from '../../../components/DataState';
import { SubmitButton } from '../../../components/TextField';
import { TextAreaField } from '../../../components/settings/fields';
import { checkWith } from '../../../components/settings/form';
import { settingsTitle } from '../../../../shared/settings-screens';
import { callSettings } from '../../../components/settings/settings-client';
import { SettingsPage } from '../../../components/settings/SettingsPage';
import { END_MESSAGES_TEXT } from './texts';
import { SETTINGS_TEXT } from '../../../components/settings/texts';
import { UnsavedChangesGuard } from '../../../components/settings/UnsavedChanges';
import { useSettingsLoad } from '../../../components/settings/use-settings-load';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, listStyle: 'none', margin: 0, padding: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', justifyContent: 'flex-end' }
});

/** SPEC §9 order (CCCNE, FCCC, FCCA, FCTIC, FCTIA, FCFHL); anything else after them. */
export function inSpecOrder(messages: readonly EndMessage[]): EndMessage[] {
  const rank = (m: EndMessage) => {
    const i = (END_MESSAGE_ORDER as readonly string[]).indexOf(m.acronym);
    return i < 0 ? END_MESSAGE_ORDER.length : i;
  };
  return [...messages].sort((a, b) => rank(a) - rank(b) || a.idEndTypeConversation - b.idEndTypeConversation);
}

/**
 * SPEC §2 configuracion/asesor-humano/mensajes: the end-of-conversation client messages in the
 * SPEC §9 order, the last flagged fin. Each is edited where it stands; the engine says the new text
 * the next time a conversation ends that way.
 */
export function EndMessagesPage() {
  const styles = useStyles();
  const load = useSettingsLoad('endMessages');
  const messages = useMemo(() => inSpecOrder(load.data ?? []), [load.data]);
  const [edited, setEdited] = useState<ReadonlySet<number>>(new Set());
  const markEdited = useCallback((id: number, dirty: boolean) => {
    setEdited((ids) => {
      if (ids.has(id) === dirty) return ids;
      const next = new Set(ids);
      if (dirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  return (
    <SettingsPage title={settingsTitle('endMessages')} description={END_MESSAGES_TEXT.intro}>
      <UnsavedChangesGuard when={edited.size > 0} />
      <DataState status={load.status} errorTitle={MSG.endMessages.loadFailed} errorDetail={load.error?.message} empty={messages.length === 0} onRetry={load.reload} level="h2">
        <ol className={styles.list} aria-label={END_MESSAGES_TEXT.list}>
          {messages.map((m) => (
            <li key={m.idEndTypeConversation}>
              <EndMessageCard message={m} onEdited={markEdited} onSaved={(saved) => load.update((list) => list.map((x) => (x.idEndTypeConversation === saved.idEndTypeConversation ? saved : x)))} />
            </li>
          ))}
        </ol>
      </DataState>
    </SettingsPage>
  );
}

function EndMessageCard({ message, onEdited, onSaved }: { message: EndMessage; onEdited(id: number, dirty: boolean): void; onSaved(message: EndMessage): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const [text, setText] = useState(message.clientMessage);
  useEffect(() => onEdited(message.idEndTypeConversation, text !== message.clientMessage), [onEdited, message.idEndTypeConversation, message.clientMessage, text]);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const check = checkWith(endpoints.updateEndMessage.body, { idEndTypeConversation: message.idEndTypeConversation, clientMessage: text });
    if (!check.ok) {
      setError(check.errors.clientMessage ?? check.first);
      return;
    }
    setSaving(true);
    const result = await callSettings('updateEndMessage', { body: check.data });
    setSaving(false);
    if (!result.ok) {
      // What was typed stays in the box; the reason shows under it.
      setError(result.error.message);
      notify.error(MSG.endMessages.updateFailed);
      return;
    }
    onSaved(result.data);
    setText(result.data.clientMessage);
    notify.success(MSG.endMessages.updated);
  }

  return (
    <Card>
      <CardHeader
        header={<Text weight="semibold">{endAcronymLabel(message.acronym)}</Text>}
        action={message.fin ? <Badge appearance="tint" color="brand">{END_MESSAGES_TEXT.finFlag}</Badge> : undefined}
      />
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label={END_MESSAGES_TEXT.message(message.acronym)}>
        <TextAreaField
          label={END_MESSAGES_TEXT.message(message.acronym)}
          name={`mensaje-${message.acronym}`}
          required
          value={text}
          onChange={(v) => {
            setText(v);
            setError(undefined);
          }}
          onBlur={() => {
            const check = checkWith(endpoints.updateEndMessage.body, { idEndTypeConversation: message.idEndTypeConversation, clientMessage: text });
            if (!check.ok) setError(check.errors.clientMessage ?? check.first);
          }}
          error={error}
        />
        <div className={styles.actions}>
          <SubmitButton label={SETTINGS_TEXT.save} submitting={saving} disabled={saving || text === message.clientMessage} />
        </div>
      </form>
    </Card>
  );
}
