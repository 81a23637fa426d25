import { useState, type FormEvent } from 'react';
import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { Dismiss16Regular } from '@fluentui/react-icons';
import { CreateSplitDerive, UpdateSplitDerive, type Split, type SplitDerive } from '../../../../shared/domain/split';
import { MSG } from '../../../../shared/messages';
import { useNotify } from '../../../app/toasts';
import { SubmitButton } from '../../../components/TextField';
import { ConfirmDialog } from '../../../components/settings/ConfirmDialog';
import { FormDialog } from '../../../components/settings/FormDialog';
import { CheckGroupField, SelectField } from '../../../components/settings/fields';
import { changed, checkWith, numberFrom } from '../../../components/settings/form';
import { callSettings } from '../../../components/settings/settings-client';
import { SPLITS_TEXT } from './texts';
import { SETTINGS_TEXT } from '../../../components/settings/texts';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, listStyle: 'none', margin: 0, padding: 0 },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground3
  },
  add: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'end', flexWrap: 'wrap' }
});

/**
 * The splits a split's conversations may be transferred to (derivaciones): one added at a time
 * ('Split agregado a lista de derivados'), the whole list replaced ('Derivaciones actualizadas'),
 * or one removed ('Derivación eliminada'). The engine reads them on every transfer.
 */
export function SplitDerivations({ split, splits, onChange }: { split: Split; splits: readonly Split[]; onChange(derives: SplitDerive[]): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [editingAll, setEditingAll] = useState(false);
  const [deleting, setDeleting] = useState<SplitDerive | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const nameOf = (id: number) => splits.find((s) => s.idSplit === id)?.nombre ?? String(id);
  const derived = new Set(split.derivaciones.map((d) => d.split_derive));
  const candidates = splits.filter((s) => s.idSplit !== split.idSplit && !derived.has(s.idSplit));

  async function add(e: FormEvent) {
    e.preventDefault();
    if (target === '') return setError(SPLITS_TEXT.targetRequired);
    const check = checkWith(CreateSplitDerive, { split_origin: split.idSplit, split_derive: numberFrom(target) });
    if (!check.ok) return setError(check.first);
    setAdding(true);
    const result = await callSettings('createSplitDerive', { body: check.data });
    setAdding(false);
    if (!result.ok) {
      setError(result.error.message);
      return notify.error(MSG.transfers.addFailed);
    }
    onChange([...split.derivaciones, result.data]);
    setTarget('');
    notify.success(MSG.transfers.added);
  }

  async function remove(derive: SplitDerive) {
    const result = await callSettings('deleteSplitDerive', { query: { codigoRegistro: derive.id_splits_derive } });
    if (result.ok && result.data === true) {
      onChange(split.derivaciones.filter((d) => d.id_splits_derive !== derive.id_splits_derive));
      notify.success(MSG.transfers.deleted);
      setDeleting(null);
      return;
    }
    notify.error(MSG.transfers.deleteFailed);
    setDeleteError(result.ok ? null : result.error.message);
  }

  return (
    <div className={styles.box}>
      {split.derivaciones.length === 0 ? (
        <Body1>{SPLITS_TEXT.noDerivations}</Body1>
      ) : (
        <ul className={styles.list} aria-label={SPLITS_TEXT.derivationsOf(split.nombre)}>
          {split.derivaciones.map((d) => (
            <li key={d.id_splits_derive} className={styles.item}>
              <span>{nameOf(d.split_derive)}</span>
              <Button
                size="small"
                appearance="subtle"
                icon={<Dismiss16Regular />}
                aria-label={SPLITS_TEXT.removeDerivation(nameOf(d.split_derive))}
                onClick={() => {
                  setDeleteError(null);
                  setDeleting(d);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <form className={styles.add} onSubmit={(e) => void add(e)} noValidate aria-label={SPLITS_TEXT.addDerivation}>
        <SelectField
          label={SPLITS_TEXT.derivationTarget}
          name="split_derive"
          value={target}
          options={candidates.map((s) => ({ value: String(s.idSplit), label: s.nombre }))}
          onChange={(v) => {
            setTarget(v);
            setError(undefined);
          }}
          error={error}
        />
        <SubmitButton label={SPLITS_TEXT.addDerivation} submitting={adding} />
        <Button onClick={() => setEditingAll(true)}>{SPLITS_TEXT.editDerivations}</Button>
      </form>
      {editingAll ? <EditDerivationsDialog split={split} splits={splits} onClose={() => setEditingAll(false)} onSaved={onChange} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={SETTINGS_TEXT.confirmDelete(`la derivación a ${nameOf(deleting.split_derive)}`)}
          text={SPLITS_TEXT.deleteDerivationText(nameOf(deleting.split_derive))}
          error={deleteError}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}

/** Replaces the whole list at once: the chosen splits become the derivations. */
function EditDerivationsDialog({ split, splits, onClose, onSaved }: { split: Split; splits: readonly Split[]; onClose(): void; onSaved(derives: SplitDerive[]): void }) {
  const notify = useNotify();
  const [start] = useState<number[]>(() => split.derivaciones.map((d) => d.split_derive).sort((a, b) => a - b));
  const [chosen, setChosen] = useState<number[]>(start);
  const [formError, setFormError] = useState<string>();

  async function submit(): Promise<boolean> {
    setFormError(undefined);
    const check = checkWith(UpdateSplitDerive, { split_origin: split.idSplit, splits_derive: chosen });
    if (!check.ok) {
      setFormError(check.first);
      return false;
    }
    const result = await callSettings('updateSplitDerive', { body: check.data });
    if (!result.ok) {
      notify.error(MSG.transfers.updateFailed);
      setFormError(result.error.message);
      return false;
    }
    onSaved(result.data);
    notify.success(MSG.transfers.updated);
    return true;
  }

  return (
    <FormDialog
      title={SPLITS_TEXT.editDerivationsTitle(split.nombre)}
      formError={formError}
      dirty={changed(start, [...chosen].sort((a, b) => a - b))}
      onSubmit={submit}
      onClose={onClose}
    >
      <CheckGroupField
        label={SPLITS_TEXT.derivationsOf(split.nombre)}
        options={splits.filter((s) => s.idSplit !== split.idSplit).map((s) => ({ value: s.idSplit, label: s.nombre }))}
        value={chosen}
        onChange={setChosen}
      />
    </FormDialog>
  );
}
