import { useState, type FormEvent } from 'react';
import { Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { Dismiss16Regular } from '@fluentui/react-icons';
import type { AgentSplit, Split } from '../../../../shared/domain/split';
import type { Agent } from '../../../../shared/domain/user';
import { MSG } from '../../../../shared/messages';
import { useNotify } from '../../../app/toasts';
import { SubmitButton } from '../../../components/TextField';
import { ConfirmDialog } from '../../../components/settings/ConfirmDialog';
import { SelectField } from '../../../components/settings/fields';
import { useDiscardGuard } from '../../../components/settings/UnsavedChanges';
import { callSettings } from '../../../components/settings/settings-client';
import { AGENTS_TEXT } from './texts';
import { SETTINGS_TEXT } from '../../../components/settings/texts';
import type { SettingsLoad } from '../../../components/settings/use-settings-load';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, listStyle: 'none', margin: 0, padding: 0 },
  item: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  add: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'end', flexWrap: 'wrap' }
});

/** The splits one agent answers: the router offers him only their chats. Adding one takes effect at once; removing one keeps the chats he holds. */
export function AgentSplitsDialog({
  agent,
  links,
  splits,
  onClose,
  onAdded,
  onRemoved
}: {
  agent: Agent;
  /** The agent's links to splits now. */
  links: readonly AgentSplit[];
  splits: SettingsLoad<Split[]>;
  onClose(): void;
  onAdded(link: AgentSplit): void;
  onRemoved(idSplitUsuario: number): void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<AgentSplit | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const nameOf = (id: number) => splits.data?.find((s) => s.idSplit === id)?.nombre ?? String(id);
  const linked = new Set(links.map((l) => l.idSplit));
  const options = (splits.data ?? []).filter((s) => !linked.has(s.idSplit)).map((s) => ({ value: String(s.idSplit), label: s.nombre }));

  async function add(e: FormEvent) {
    e.preventDefault();
    if (choice === '') return setError(AGENTS_TEXT.splitRequired);
    setAdding(true);
    const result = await callSettings('createAgentSplit', { body: { idSplit: Number(choice), idUser: agent.idUser } });
    setAdding(false);
    if (!result.ok) {
      setError(result.error.message);
      return notify.error(MSG.splits.agentAddFailed);
    }
    onAdded(result.data);
    setChoice('');
    notify.success(MSG.splits.agentAdded);
  }

  /** A split chosen and not yet added is an unsaved edit: leaving asks first, as every settings form does. */
  const { leave, asking, discardDialog } = useDiscardGuard({ dirty: choice !== '', busy: adding, onClose });

  async function remove(link: AgentSplit) {
    const result = await callSettings('deleteAgentSplit', { query: { codigoRegistro: link.idSplitUsuario } });
    if (result.ok && result.data === true) {
      onRemoved(link.idSplitUsuario);
      notify.success(MSG.splits.agentRemoved);
      setRemoving(null);
      return;
    }
    notify.error(MSG.splits.agentRemoveFailed);
    setRemoveError(result.ok ? null : result.error.message);
  }

  return (
    <>
      <Dialog open={removing === null} modalType="modal" onOpenChange={(_, data) => !data.open && !asking && leave()}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{AGENTS_TEXT.manageSplits(agent.name)}</DialogTitle>
            <DialogContent className={styles.content}>
              {links.length === 0 ? (
                <Body1>{AGENTS_TEXT.noSplits}</Body1>
              ) : (
                <ul className={styles.list} aria-label={AGENTS_TEXT.linksOf(agent.name)}>
                  {links.map((l) => (
                    <li key={l.idSplitUsuario} className={styles.item}>
                      <span>{nameOf(l.idSplit)}</span>
                      <Button
                        size="small"
                        appearance="subtle"
                        icon={<Dismiss16Regular />}
                        aria-label={AGENTS_TEXT.removeSplit(nameOf(l.idSplit))}
                        onClick={() => {
                          setRemoveError(null);
                          setRemoving(l);
                        }}
                      />
                    </li>
                  ))}
                </ul>
              )}
              <form className={styles.add} onSubmit={(e) => void add(e)} noValidate aria-label={AGENTS_TEXT.addSplit}>
                <SelectField
                  label={AGENTS_TEXT.split}
                  name="idSplit"
                  value={choice}
                  options={options}
                  onChange={(v) => {
                    setChoice(v);
                    setError(undefined);
                  }}
                  error={error ?? (splits.status === 'rejected' ? MSG.splits.loadFailed : undefined)}
                  disabled={splits.status !== 'resolved'}
                />
                <SubmitButton label={AGENTS_TEXT.addSplit} submitting={adding} />
              </form>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={leave}>
                {SETTINGS_TEXT.close}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      {removing ? (
        <ConfirmDialog
          title={AGENTS_TEXT.removeSplitTitle(nameOf(removing.idSplit))}
          text={AGENTS_TEXT.removeSplitText}
          confirmLabel={AGENTS_TEXT.remove}
          error={removeError}
          onConfirm={() => remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
      {discardDialog}
    </>
  );
}
