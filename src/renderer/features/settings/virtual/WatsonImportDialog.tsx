import { useId, useRef, useState, type ChangeEvent } from 'react';
import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Field,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Spinner,
  Subtitle2,
  makeStyles,
  tokens
} from '@fluentui/react-components';
import { ArrowUpload20Regular } from '@fluentui/react-icons';
import { WATSON_IMPORT_MAX_BYTES, WatsonImportResult } from '../../../../shared/domain/watson-import';
import type { IpcError, IpcResult } from '../../../../shared/ipc';
import { MSG } from '../../../../shared/messages';
import { useNotify } from '../../../app/toasts';
import { WATSON_TEXT as T } from './watson-texts';

export interface WatsonImportDialogProps {
  /** The workspace the export goes into. */
  workspaceId: number;
  /**
   * Its virtual agent (the screen's scope; the platform finds it from the workspace and retrains its
   * assistant). The screen keys the dialog by workspace (`key={workspaceId}`) so another starts afresh.
   */
  idVa: number;
  /** Roles 1–2: the organisation chosen on the screen; null or absent: the session's. */
  idOrg?: number | null;
  /** After an import that wrote something: the screen reloads its answers. */
  onImported(result: WatsonImportResult): void;
  disabled?: boolean;
}

type Stage =
  | { kind: 'idle' }
  | { kind: 'reading' }
  | { kind: 'ready'; data: string; result: WatsonImportResult }
  | { kind: 'importing'; data: string; result: WatsonImportResult };

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, maxHeight: '12rem', overflowY: 'auto' },
  counts: { display: 'flex', columnGap: tokens.spacingHorizontalXXL, flexWrap: 'wrap' }
});

/** Shown of a long list of node ids before 'y N más'. */
const SHOWN = 30;

/** A file's bytes as base64, in chunks (a 10 MB file is too many arguments for one String.fromCharCode). */
function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function readBytes(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (reader.result instanceof ArrayBuffer ? resolve(new Uint8Array(reader.result)) : reject(new Error('not read')));
    reader.onerror = () => reject(reader.error ?? new Error('not read'));
    reader.readAsArrayBuffer(file);
  });
}

/** The answer of 'settings:importWatson', validated again (it crossed a process boundary). */
async function send(workspaceId: number, idOrg: number | null | undefined, data: string, dryRun: boolean): Promise<IpcResult<WatsonImportResult>> {
  const result = await window.atiende.settings.importWatson({ workspaceId, dryRun, data, ...(idOrg ? { idOrg } : {}) });
  if (!result.ok) return result;
  const parsed = WatsonImportResult.safeParse(result.data);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, error: { status: 502, message: MSG.generic.serverError } };
}

function IdList({ ids }: { ids: readonly string[] }) {
  const styles = useStyles();
  if (ids.length === 0) return null;
  return (
    <ul className={styles.list}>
      {ids.slice(0, SHOWN).map((id) => (
        <li key={id}>{id}</li>
      ))}
      {ids.length > SHOWN ? <li>{T.more(ids.length - SHOWN)}</li> : null}
    </ul>
  );
}

function Counts({ title, counts }: { title: string; counts: Record<string, number> }) {
  const entries = Object.entries(counts);
  return (
    <div>
      <Subtitle2 as="h3">{title}</Subtitle2>
      {entries.length === 0 ? (
        <Body1>{T.none}</Body1>
      ) : (
        <ul>
          {entries.map(([type, n]) => (
            <li key={type}>
              {type}: {n}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** What the dry run found: the counts, what would be added and updated, what cannot be carried over (by node), the missing references. */
function DryRun({ result }: { result: WatsonImportResult }) {
  const styles = useStyles();
  const byNode = new Map<string, string[]>();
  for (const n of result.notCarried) byNode.set(n.nodeId, [...(byNode.get(n.nodeId) ?? []), n.what]);
  return (
    <section className={styles.content} aria-label={T.summaryTitle}>
      <Body1>{T.summary(result.nodes, result.intents)}</Body1>
      <div className={styles.counts}>
        <Counts title={T.byNodeType} counts={result.counts.byNodeType} />
        <Counts title={T.byResponseType} counts={result.counts.byResponseType} />
      </div>
      <div className={styles.section}>
        <Subtitle2 as="h3">{T.added(result.added.length)}</Subtitle2>
        <IdList ids={result.added} />
      </div>
      <div className={styles.section}>
        <Subtitle2 as="h3">{T.updated(result.updated.length)}</Subtitle2>
        <IdList ids={result.updated} />
      </div>
      {result.unchanged.length > 0 ? <Body1>{T.unchanged(result.unchanged.length)}</Body1> : null}
      {result.notCarried.length > 0 ? (
        <div className={styles.section}>
          <Subtitle2 as="h3">{T.notCarriedTitle(result.notCarried.length)}</Subtitle2>
          <Body1>{T.notCarriedIntro}</Body1>
          <ul className={styles.list} aria-label={T.notCarriedTitle(result.notCarried.length)}>
            {[...byNode].map(([nodeId, what]) => (
              <li key={nodeId}>
                {T.node(nodeId)}
                <ul>
                  {what.map((w, i) => (
                    <li key={i}>{w}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.missingRefs.length > 0 ? (
        <div className={styles.section}>
          <Subtitle2 as="h3">{T.missingTitle(result.missingRefs.length)}</Subtitle2>
          <ul className={styles.list} aria-label={T.missingTitle(result.missingRefs.length)}>
            {result.missingRefs.map((m, i) => (
              <li key={i}>
                {T.node(m.nodeId)}: {T.missingField[m.field] ?? m.field} {m.ref}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/**
 * 'Importar desde Watson': choose an export, read its dry run (nothing is written), then 'Importar'
 * applies it. The file is checked here before sending (empty, over 10 MB); the platform's refusal
 * (the first problem of a malformed file, with its JSON path) is shown in the dialog, which stays
 * open. Every step is reachable by keyboard: the file input, the buttons, Escape to close.
 */
export function WatsonImportDialog({ workspaceId, idOrg, onImported, disabled }: WatsonImportDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [error, setError] = useState<IpcError | null>(null);
  const [fileName, setFileName] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // A reading whose answer comes after the dialog closed or another file was chosen is dropped.
  const turn = useRef(0);
  const busy = stage.kind === 'reading' || stage.kind === 'importing';

  function reset() {
    turn.current++;
    setStage({ kind: 'idle' });
    setError(null);
    setFileName('');
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const mine = ++turn.current;
    setFileName(file.name);
    setError(null);
    if (file.size === 0) return setError({ status: 400, message: T.empty });
    if (file.size > WATSON_IMPORT_MAX_BYTES) return setError({ status: 413, message: T.tooLarge });
    setStage({ kind: 'reading' });
    let data: string;
    try {
      data = base64Of(await readBytes(file));
    } catch {
      if (mine !== turn.current) return;
      setStage({ kind: 'idle' });
      return setError({ status: 400, message: T.unreadable });
    }
    const result = await send(workspaceId, idOrg, data, true);
    if (mine !== turn.current) return;
    if (!result.ok) {
      setStage({ kind: 'idle' });
      return setError(result.error);
    }
    setStage({ kind: 'ready', data, result: result.data });
  }

  async function apply() {
    if (stage.kind !== 'ready') return;
    const mine = ++turn.current;
    setError(null);
    setStage({ kind: 'importing', data: stage.data, result: stage.result });
    const result = await send(workspaceId, idOrg, stage.data, false);
    if (mine !== turn.current) return;
    if (!result.ok) {
      setStage({ kind: 'ready', data: stage.data, result: stage.result });
      return setError(result.error);
    }
    notify.success(T.imported(result.data.added.length, result.data.updated.length));
    onImported(result.data);
    setOpen(false);
    reset();
  }

  const result = stage.kind === 'ready' || stage.kind === 'importing' ? stage.result : null;
  const nothingToDo = result !== null && result.added.length + result.updated.length === 0;

  return (
    <Dialog
      open={open}
      modalType="modal"
      onOpenChange={(_event, data) => {
        // No closing while the import is being written: its answer says what was stored.
        if (!data.open && stage.kind === 'importing') return;
        setOpen(data.open);
        if (!data.open) reset();
      }}
    >
      <DialogTrigger disableButtonEnhancement>
        <Button icon={<ArrowUpload20Regular />} disabled={disabled}>
          {T.open}
        </Button>
      </DialogTrigger>
      <DialogSurface aria-describedby={`${inputId}-intro`}>
        <DialogBody>
          <DialogTitle>{T.title}</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1 id={`${inputId}-intro`}>{T.intro}</Body1>
            <Field label={{ children: T.file, htmlFor: `${inputId}-file` }} hint={fileName === '' ? T.fileHint : fileName}>
              <input ref={input} id={`${inputId}-file`} type="file" accept=".json,application/json" disabled={busy} onChange={(e) => void choose(e)} />
            </Field>
            {error ? (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>
                  {error.message}
                  {result ? null : ` ${T.chooseAnother}`}
                </MessageBarBody>
              </MessageBar>
            ) : null}
            {stage.kind === 'reading' ? <Spinner size="small" label={T.reading} /> : null}
            {stage.kind === 'importing' ? (
              <Field validationMessage={T.importing} validationState="none">
                <ProgressBar aria-label={T.importing} />
              </Field>
            ) : null}
            {result ? <DryRun result={result} /> : null}
            {nothingToDo ? (
              <MessageBar intent="info">
                <MessageBarBody>{T.noChanges}</MessageBarBody>
              </MessageBar>
            ) : null}
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button disabled={stage.kind === 'importing'}>{result && !nothingToDo ? T.cancel : T.close}</Button>
            </DialogTrigger>
            <Button appearance="primary" disabled={stage.kind !== 'ready' || nothingToDo} onClick={() => void apply()}>
              {stage.kind === 'importing' ? T.importing : T.import}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
