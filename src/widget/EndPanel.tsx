import { useEffect, useRef, useState, type FormEvent } from 'react';
import { WIDGET_TEXTS as T } from './texts';
import { transcriptUrl } from './urls';

interface Props {
  endMessage: string | null;
  surveyPending: boolean;
  surveyAnswered: boolean;
  /** Issue 38: whether the virtual agent asks the survey (off: never asked, whatever the state says). */
  survey: boolean;
  /** Issue 38: the resume token when the virtual agent offers the transcript ('Descargar conversación'), else null. */
  transcriptToken: string | null;
  onSurvey: (satisfaction: number, nps: number) => Promise<string | null>;
  onNewChat: () => void;
}

function Scale({ name, from, to, value, onChange }: { name: string; from: number; to: number; value: number | null; onChange: (n: number) => void }) {
  const options: number[] = [];
  for (let n = from; n <= to; n++) options.push(n);
  return (
    <div className="scale">
      {options.map((n) => (
        <label key={n} htmlFor={`survey-${name}-${n}`}>
          <input type="radio" id={`survey-${name}-${n}`} name={name} value={n} checked={value === n} onChange={() => onChange(n)} />
          {n}
        </label>
      ))}
    </div>
  );
}

/** The end of the conversation: its end message, the satisfaction and NPS survey, the transcript, a new chat. */
export function EndPanel({ endMessage, surveyPending, surveyAnswered, survey, transcriptToken, onSurvey, onNewChat }: Props) {
  const [satisfaction, setSatisfaction] = useState<number | null>(null);
  const [nps, setNps] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  const transcript = transcriptUrl(transcriptToken);
  const thanks = useRef<HTMLParagraphElement>(null);

  useEffect(() => title.current?.focus(), []);
  useEffect(() => {
    if (surveyAnswered) thanks.current?.focus();
  }, [surveyAnswered]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (satisfaction === null || nps === null) {
      setError(satisfaction === null ? T.satisfactionMissing : T.npsMissing);
      document.getElementById(satisfaction === null ? 'survey-satisfaction-1' : 'survey-nps-0')?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    const refused = await onSurvey(satisfaction, nps);
    setBusy(false);
    setError(refused);
  }

  return (
    <section className="end" id="end-view" aria-labelledby="end-title">
      <h2 id="end-title" tabIndex={-1} ref={title}>
        {T.endTitle}
      </h2>
      {endMessage && <p id="end-message">{endMessage}</p>}
      {survey && surveyPending && !surveyAnswered && (
        <form id="survey-form" noValidate onSubmit={(e) => void submit(e)}>
          <h3>{T.surveyTitle}</h3>
          <fieldset>
            <legend>{T.satisfactionLegend}</legend>
            <Scale name="satisfaction" from={1} to={5} value={satisfaction} onChange={setSatisfaction} />
          </fieldset>
          <fieldset>
            <legend>{T.npsLegend}</legend>
            <Scale name="nps" from={0} to={10} value={nps} onChange={setNps} />
          </fieldset>
          {error && (
            <p className="error" id="survey-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="primary" id="survey-submit" disabled={busy}>
            {T.surveySubmit}
          </button>
        </form>
      )}
      {surveyAnswered && (
        <p className="thanks" id="survey-thanks" tabIndex={-1} role="status" ref={thanks}>
          {T.surveyThanks}
        </p>
      )}
      {transcript && (
        <a className="secondary" id="transcript-download" href={transcript} download>
          {T.downloadTranscript}
        </a>
      )}
      <button type="button" className="secondary" id="new-chat" onClick={onNewChat}>
        {T.newChat}
      </button>
    </section>
  );
}
