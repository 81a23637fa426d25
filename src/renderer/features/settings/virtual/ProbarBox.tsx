import { useState, type FormEvent } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { TryWorkspaceInput, type TryWorkspaceResult } from '../../../../shared/domain/workspace';
import { checkWith } from '../../../components/settings/form';
import { callSettings } from '../../../components/settings/settings-client';
import { SettingsSection } from '../../../components/settings/SettingsPage';
import { Messages } from '../../../../widget/Messages';
import { previewMessage } from './AnswerPreview';
import { WORKSPACES_TEXT } from './workspaces-texts';

const T = WORKSPACES_TEXT.probar;

const useStyles = makeStyles({
  form: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end', flexWrap: 'wrap' },
  input: { flexGrow: 1, minWidth: '240px' },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`, margin: `${tokens.spacingVerticalS} 0` },
  answer: { maxWidth: '380px', '& .messages': { listStyle: 'none', margin: 0, padding: 0 }, '& p': { margin: 0 }, '& time': { display: 'none' }, '& .sr-only': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' } }
});

/** A confidence (0…1) as a percentage, es-CO. */
export const confidenceText = (n: number) => `${(n * 100).toLocaleString('es-CO', { maximumFractionDigits: 1 })} %`;

/**
 * 'Probar': a sentence tried with the workspace's real assistant (its trained model and its
 * thresholds) — the intent it reads, its confidence and the answer it would give. Records nothing.
 */
export function ProbarBox({ workspaceId, idOrg, assistantName }: { workspaceId: number; idOrg: number | null; assistantName: string }) {
  const styles = useStyles();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<TryWorkspaceResult | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkWith(TryWorkspaceInput, { text });
    if (!checked.ok) return setError(checked.errors.text ?? checked.first);
    setError(undefined);
    setBusy(true);
    setFailure(null);
    const answer = await callSettings('tryWorkspace', { params: { id: workspaceId }, body: checked.data, idOrg });
    setBusy(false);
    if (!answer.ok) return setFailure(`${T.failed}: ${answer.error.message}`);
    setResult(answer.data);
  }

  return (
    <SettingsSection title={T.title} level="h3">
      <p>{T.hint}</p>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <Field className={styles.input} label={T.sentence} required validationMessage={error} validationState={error ? 'error' : 'none'}>
          <Input name="text" value={text} onChange={(_, d) => setText(d.value)} />
        </Field>
        <Button type="submit" appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" aria-hidden /> : undefined}>
          {busy ? T.trying : T.button}
        </Button>
      </form>
      {failure ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      ) : null}
      {result ? (
        <div role="status" aria-label={T.reading} data-testid="probar-result">
          <dl className={styles.facts}>
            <dt>{T.reading}</dt>
            <dd>{T.kinds[result.kind]}</dd>
            <dt>{T.intent}</dt>
            <dd>{result.intent ?? T.noIntent}</dd>
            <dt>{T.confidence}</dt>
            <dd>{result.confidence === null ? '—' : confidenceText(result.confidence)}</dd>
          </dl>
          {result.escalates ? <p>{T.escalates}</p> : null}
          <p>{T.answer}</p>
          <div className={styles.answer}>
            <Messages messages={[previewMessage(result.items)]} pending={[]} assistantName={assistantName} agentName={null} token={null} ended onOption={() => undefined} />
          </div>
        </div>
      ) : null}
    </SettingsSection>
  );
}
