import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { bannerText } from './banner';
import type { WidgetBoot } from './boot';
import type { WidgetChat } from './chat';
import type { EmbedView, FrameBridge } from './embed';
import { Composer } from './Composer';
import { EndPanel } from './EndPanel';
import { EntryForm } from './EntryForm';
import { Header } from './Header';
import { LeaveDialog } from './LeaveDialog';
import { Messages } from './Messages';
import { WIDGET_TEXTS as T } from './texts';
import { useChat } from './use-chat';

/**
 * The customer's web chat: entry form, conversation with the assistant and the agent, end and survey.
 *
 * Stable hooks for end-to-end tests (ids; data-testid where a test needs to find many):
 * - #widget-header, #widget-assistant-name, #widget-organization-name, #widget-avatar
 * - #state-banner (role=status; data-state = BOT | EN_COLA | ASIGNADA | ACTIVA | FINALIZADA)
 * - #connection-status (only while the socket is down)
 * - Entry form: #entry-view, #entry-form, #entry-fields, one control per field #field-{idField}
 *   (data-testid="entry-field-{idField}", data-field-type), its error #field-{idField}-error
 *   (data-testid="field-error-{idField}"), #entry-error (role=alert), #entry-submit ('Iniciar chat')
 * - Conversation: #chat-view, #messages (an <ol> inside the role=log region) whose items are
 *   li[data-testid="message"] with data-sender (CLIENTE | BOT | ASESOR | SISTEMA), data-seq,
 *   data-client-id and data-status ('sending' while unacked — 'Enviando…' in
 *   [data-testid="message-status"] — 'sent', or 'error'); [data-testid="bot-option"],
 *   [data-testid="bot-link"], [data-testid="message-file"], [data-testid="message-image"];
 *   #typing-indicator (role=status: 'El asesor está escribiendo…')
 * - Actions: #ask-agent ('Hablar con un asesor', with the assistant only), #leave-button ('Finalizar chat'),
 *   #leave-confirm (role=alertdialog) with #leave-confirm-yes / #leave-confirm-no
 * - Composer: #composer, #composer-input (Enter sends, Shift+Enter new line), #composer-file,
 *   #composer-attachment + #composer-attachment-name + #composer-attachment-remove, #composer-send,
 *   #composer-counter (from 90 % of the limit), #composer-error (role=alert)
 * - End: #end-view, #end-title, #end-message, #survey-form with radios #survey-satisfaction-1…5 and
 *   #survey-nps-0…10, #survey-submit, #survey-error, #survey-thanks, #transcript-download ('Descargar conversación'), #new-chat
 * The virtual agent's feature toggles (config.features, issue 38) hide the entry form (the chat starts at
 * once), 'Hablar con un asesor', the attach button, the survey, and offer the transcript.
 * The resume data is kept in sessionStorage under 'atiende.widget.{org}.{va}'.
 * Embedded in a host page (issue 40, `embed`: the bridge to the loader), it is kept in localStorage
 * under 'atiende.widget.{org}.{va}@{host origin}', the header has #widget-minimize ('Minimizar
 * chat'), and the host page's prefill reaches the entry form.
 */
const noEmbed = () => () => undefined;
const NOT_EMBEDDED: EmbedView = { prefill: null, launcher: false };

export function WidgetApp({ boot, chat, embed = null }: { boot: WidgetBoot; chat: WidgetChat; embed?: FrameBridge | null }) {
  const snap = useChat(chat);
  const embedding = useSyncExternalStore(embed?.subscribe ?? noEmbed, embed?.getView ?? (() => NOT_EMBEDDED));
  const config = boot.config;
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [focusEntry, setFocusEntry] = useState(false);
  // Whether this page started the chat (then the composer takes the focus; a resumed chat leaves it where it is).
  const [startedHere, setStartedHere] = useState(false);
  const leaveButton = useRef<HTMLButtonElement>(null);
  const state = snap.state;
  const ended = state?.state === 'FINALIZADA';
  // Issue 38: the virtual agent's toggles as the platform gave them when the page opened (it enforces them regardless).
  const features = config.features;

  useEffect(() => {
    chat.resume();
    return () => chat.close();
  }, [chat]);

  const closeLeave = (restoreFocus: boolean) => {
    setConfirmLeave(false);
    if (restoreFocus) requestAnimationFrame(() => leaveButton.current?.focus());
  };

  return (
    <div className="widget" id="widget" data-testid="widget">
      <Header config={config} onMinimize={embed && embedding.launcher ? () => embed.minimize() : null} />
      <div className="banner" id="state-banner" role="status" data-testid="state-banner" data-state={state?.state}>
        {bannerText(snap, config.assistantName)}
      </div>
      {!snap.online && (
        <div className="connection" id="connection-status" role="status">
          {T.offline}
        </div>
      )}
      <main>
        {snap.view === 'entry' ? (
          <EntryForm
            config={config}
            starting={snap.starting}
            error={snap.entryError}
            focusFirst={focusEntry}
            prefill={embedding.prefill}
            onStart={(answers) => {
              setStartedHere(true);
              chat.start(answers);
            }}
          />
        ) : (
          <section className="view" id="chat-view" aria-label={T.pageTitle}>
            <Messages
              messages={snap.messages}
              pending={snap.pending}
              assistantName={config.assistantName}
              agentName={state?.agentName ?? null}
              token={snap.token}
              ended={ended}
              onOption={(option) => void chat.send(option, null)}
            />
            <p className="typing" id="typing-indicator" role="status">
              {snap.agentTyping ? T.agentTyping : ''}
            </p>
            {!ended && (
              <div className="actions">
                {state?.state === 'BOT' && features.escalation && (
                  <button type="button" className="step" id="ask-agent" onClick={() => void chat.send(T.askAgentText, null)}>
                    {T.askAgent}
                  </button>
                )}
                <button type="button" className="secondary" id="leave-button" ref={leaveButton} onClick={() => setConfirmLeave(true)}>
                  {T.leave}
                </button>
              </div>
            )}
            {ended ? (
              <EndPanel
                endMessage={state.endMessage}
                surveyPending={state.surveyPending}
                surveyAnswered={snap.surveyAnswered}
                survey={features.survey}
                transcriptToken={features.transcript ? snap.token : null}
                onSurvey={(satisfaction, nps) => chat.answerSurvey(satisfaction, nps)}
                onNewChat={() => {
                  chat.newChat();
                  setFocusEntry(true);
                }}
              />
            ) : (
              <Composer
                error={snap.composerError}
                maxUploadBytes={boot.maxUploadBytes}
                attachments={features.attachments}
                // With the entry form off the chat starts by itself (chat.ts): the composer is where the customer goes.
                autoFocus={startedHere || !features.entryForm}
                onError={(message) => chat.setComposerError(message)}
                onTyped={(hasText) => chat.typed(hasText)}
                onSend={(text, file) => chat.send(text, file)}
              />
            )}
          </section>
        )}
      </main>
      {confirmLeave && !ended && snap.view === 'chat' && (
        <LeaveDialog
          busy={snap.leaving}
          onCancel={() => closeLeave(true)}
          onConfirm={() =>
            void chat.leave().then((ok) => {
              if (!ok) closeLeave(true);
            })
          }
        />
      )}
    </div>
  );
}
