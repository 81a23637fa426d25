import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai';
import { Body1, Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles } from '@fluentui/react-components';
import { ArrowLeft20Regular, BuildingMultiple20Regular } from '@fluentui/react-icons';
import { landingPath } from '../../../shared/menus';
import { FormDialog } from '../../components/settings/FormDialog';
import { SelectField } from '../../components/settings/fields';
import { organizationsAtom } from '../platform/atoms';
import { currentUserAtom } from './atoms';
import { ENTITY_UI_TEXT, administerEntityAtom, administeringAtom, leaveEntityAtom } from './entity';

const useStyles = makeStyles({
  // In the header: the header's text colour (the design's colores.header, made readable by Layout).
  onBrand: { color: 'inherit' },
  banner: { borderRadius: 0, flexShrink: 0 }
});

/**
 * SPEC §2 special action for the Superadministrador, in the top bar: choose an active organisation
 * and work in it with the role-3 tree. Shown to role 1 only, and not while already administering.
 */
export function AdministerEntityAction() {
  const styles = useStyles();
  const user = useAtomValue(currentUserAtom);
  const administering = useAtomValue(administeringAtom);
  const [open, setOpen] = useState(false);
  if (user?.role !== 1 || administering) return null;
  return (
    <>
      <Button appearance="transparent" className={styles.onBrand} icon={<BuildingMultiple20Regular />} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {ENTITY_UI_TEXT.action}
      </Button>
      {open ? <AdministerEntityDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function AdministerEntityDialog({ onClose }: { onClose(): void }) {
  const organizations = useAtomValue(organizationsAtom);
  const administer = useSetAtom(administerEntityAtom);
  const navigate = useNavigate();
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const active = organizations.data.filter((o) => o.isActive);

  async function submit(): Promise<boolean> {
    setFormError(undefined);
    if (chosen === '') {
      setError(ENTITY_UI_TEXT.required);
      return false;
    }
    const result = await administer(Number(chosen));
    if (!result.ok) {
      setFormError(result.error.message);
      return false;
    }
    navigate(landingPath(3), { replace: true });
    return true;
  }

  return (
    <FormDialog title={ENTITY_UI_TEXT.dialogTitle} submitLabel={ENTITY_UI_TEXT.submit} formError={formError} onSubmit={submit} onClose={onClose}>
      <Body1>{ENTITY_UI_TEXT.dialogIntro}</Body1>
      <SelectField
        label={ENTITY_UI_TEXT.organization}
        name="idOrg"
        value={chosen}
        options={active.map((o) => ({ value: String(o.idOrg), label: o.name }))}
        onChange={(value) => {
          setChosen(value);
          setError(undefined);
        }}
        error={error ?? (organizations.status === 'resolved' && active.length === 0 ? ENTITY_UI_TEXT.none : undefined)}
        disabled={organizations.status !== 'resolved' || active.length === 0}
      />
    </FormDialog>
  );
}

/**
 * While administering: a banner naming the organisation above every page, with 'Volver' back to the
 * Superadministrador's own tree and landing page.
 */
export function AdministeringBanner() {
  const styles = useStyles();
  const user = useAtomValue(currentUserAtom);
  const administering = useAtomValue(administeringAtom);
  const leave = useSetAtom(leaveEntityAtom);
  const navigate = useNavigate();
  if (!user || !administering) return null;

  async function back() {
    const result = await leave();
    if (result.ok) navigate(landingPath(result.data.user.role), { replace: true });
  }

  return (
    <MessageBar intent="warning" layout="singleline" className={styles.banner} role="region" aria-label={ENTITY_UI_TEXT.banner(administering.name)} data-testid="administrando">
      <MessageBarBody>
        <MessageBarTitle>{ENTITY_UI_TEXT.banner(administering.name)}</MessageBarTitle>
        {ENTITY_UI_TEXT.bannerDetail}
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" icon={<ArrowLeft20Regular />} onClick={() => void back()}>
          {ENTITY_UI_TEXT.back}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
