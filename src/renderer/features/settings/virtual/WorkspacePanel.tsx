import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { UpdateWorkspaceThresholds, type Workspace, type WorkspaceUpdateSummary } from '../../../../shared/domain/workspace';
import { MSG } from '../../../../shared/messages';
import { useNotify } from '../../../app/toasts';
import { checkWith, type FieldErrors } from '../../../components/settings/form';
import { callSettings } from '../../../components/settings/settings-client';
import { SettingsSection } from '../../../components/settings/SettingsPage';
import { ProbarBox } from './ProbarBox';
import { WORKSPACES_TEXT } from './workspaces-texts';

const T = WORKSPACES_TEXT.panel;

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'start', flexWrap: 'wrap' },
  field: { width: '200px' },
  save: { marginTop: '26px' },
  tools: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', marginBottom: tokens.spacingVerticalS }
});

/** A threshold typed in a box ('0,65' or '0.65'): the number, or NaN/undefined for the schema to refuse in Spanish. */
export function thresholdFrom(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The answer and options thresholds of a workspace: checked in Spanish, saved; a refused save keeps what was typed. */
export function ThresholdsForm({ workspace, idOrg, onSaved }: { workspace: Workspace; idOrg: number | null; onSaved(w: Workspace): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const [values, setValues] = useState({ answerThreshold: String(workspace.answerThreshold), optionsThreshold: String(workspace.optionsThreshold) });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const check = () => checkWith(UpdateWorkspaceThresholds, { answerThreshold: thresholdFrom(values.answerThreshold), optionsThreshold: thresholdFrom(values.optionsThreshold) });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = check();
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setRefusal(null);
    setBusy(true);
    const result = await callSettings('updateWorkspaceThresholds', { params: { id: workspace.id }, body: checked.data, idOrg });
    setBusy(false);
    if (!result.ok) {
      setRefusal(result.error.message);
      return notify.error(MSG.workspaces.updateFailed);
    }
    onSaved(result.data);
    notify.success(T.thresholdsSaved);
  }

  const field = (name: 'answerThreshold' | 'optionsThreshold', label: string) => (
    <Field className={styles.field} label={label} required validationMessage={errors[name]} validationState={errors[name] ? 'error' : 'none'}>
      <Input name={name} inputMode="decimal" value={values[name]} onChange={(_, d) => setValues((v) => ({ ...v, [name]: d.value }))} />
    </Field>
  );

  return (
    <SettingsSection title={T.thresholds} level="h3">
      <p>{T.thresholdsHint}</p>
      {refusal ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{refusal}</MessageBarBody>
        </MessageBar>
      ) : null}
      <form className={styles.row} onSubmit={(e) => void submit(e)} noValidate aria-label={T.thresholds}>
        {field('answerThreshold', T.answerThreshold)}
        {field('optionsThreshold', T.optionsThreshold)}
        <Button className={styles.save} type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" aria-hidden /> : undefined}>
          {T.saveThresholds}
        </Button>
      </form>
    </SettingsSection>
  );
}

/** 'Sincronizar': the workspace re-read and SPEC §3's update summary shown. */
function SyncButton({ workspace, idOrg }: { workspace: Workspace; idOrg: number | null }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<WorkspaceUpdateSummary | null>(null);
  async function sync() {
    setBusy(true);
    const result = await callSettings('syncWorkspaceAnswers', { params: { id: workspace.id }, idOrg });
    setBusy(false);
    if (!result.ok) return notify.error(T.syncFailed);
    setSummary(result.data);
  }
  return (
    <div>
      <Button onClick={() => void sync()} disabled={busy} icon={busy ? <Spinner size="tiny" aria-hidden /> : undefined}>
        {T.sync}
      </Button>
      {summary ? (
        <div role="status" aria-label={T.syncTitle}>
          <p>{summary.workspaceUpdateResponse}</p>
          <p>
            {T.newNodes}: {summary.listNewResponseNodes.length === 0 ? T.none : summary.listNewResponseNodes.map((n) => n.nodeName).join(', ')}
          </p>
        </div>
      ) : null}
    </div>
  );
}

/**
 * One workspace of the virtual agent below its answers: its tools (sync, and `importTool`, the
 * Watson import's mount point), its thresholds and 'Probar'.
 */
export function WorkspacePanel({
  workspace,
  idOrg,
  assistantName,
  importTool,
  onSaved
}: {
  workspace: Workspace;
  idOrg: number | null;
  assistantName: string;
  importTool: ReactNode;
  onSaved(w: Workspace): void;
}) {
  const styles = useStyles();
  return (
    <SettingsSection title={T.title(workspace.name)}>
      {workspace.description ? <p>{workspace.description}</p> : null}
      <div className={styles.tools}>
        <SyncButton workspace={workspace} idOrg={idOrg} />
        {importTool}
      </div>
      <ThresholdsForm key={`${workspace.id}-${workspace.answerThreshold}-${workspace.optionsThreshold}`} workspace={workspace} idOrg={idOrg} onSaved={onSaved} />
      <ProbarBox workspaceId={workspace.id} idOrg={idOrg} assistantName={assistantName} />
    </SettingsSection>
  );
}
