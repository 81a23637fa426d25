import { useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { VirtualAgent } from '../../../shared/domain/organization';
import type { IpcResult } from '../../../shared/ipc';
import { MSG } from '../../../shared/messages';
import { choosesOrganisation } from '../../../shared/roles';
import { currentUserAtom } from '../../features/session/atoms';
import { administeringAtom } from '../../features/session/entity';
import { DataState } from '../DataState';
import { useLoad } from '../use-load';
import { SelectField } from './fields';
import { callSettings } from './settings-client';
import { SETTINGS_TEXT } from './texts';
import { useSettingsLoad } from './use-settings-load';

/**
 * What a screen's records belong to besides the session's organisation. `organization`: roles 1–2
 * choose one (SPEC §6; while a Superadministrador administers one with 'Administrar entidad', that
 * one, with no chooser). `virtualAgent`: the records are one virtual agent's (the asesor-virtual
 * screens, the contact directory); true lists the organisation's agents, or the screen names its own loader.
 */
export interface ScopeSpec {
  organization?: boolean;
  virtualAgent?: boolean | ((scope: { idOrg: number | null }) => Promise<IpcResult<readonly VirtualAgent[]>>);
}

/**
 * The scope chosen: `idOrg` only for roles 1–2 (null: the session's own), `idVa` once one exists;
 * `chooser`: the organisation is chosen on the screen (a role 1–2 not administering one), so the
 * screen may show whose each row is.
 */
export interface ScopeValue {
  idOrg: number | null;
  idVa: number | null;
  chooser: boolean;
}

export interface Scope {
  value: ScopeValue;
  /** Whether the screen's records can be asked for (a virtual agent chosen when the screen needs one). */
  ready: boolean;
  /** The choosers, and the screen's content behind the virtual agents' own loading, empty and error states. */
  frame(content: ReactNode): ReactNode;
}

const useStyles = makeStyles({ pickers: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'end', flexWrap: 'wrap' }, picker: { minWidth: '240px', maxWidth: '360px' } });

/** The scope of a screen (`spec` undefined: the session's organisation, nothing to choose). */
export function useScopePicker(spec: ScopeSpec | undefined): Scope {
  const styles = useStyles();
  const me = useAtomValue(currentUserAtom);
  const administering = useAtomValue(administeringAtom);
  const chooses = !!spec?.organization && me !== null && choosesOrganisation(me.role);
  const organizations = useSettingsLoad('organizations', {}, { enabled: chooses && !administering });
  const [chosenOrg, setChosenOrg] = useState<number | null>(null);
  const idOrg = chooses ? (administering?.idOrg ?? chosenOrg ?? me.company) : null;

  const wantsAgent = !!spec?.virtualAgent;
  const loader = typeof spec?.virtualAgent === 'function' ? spec.virtualAgent : null;
  const agents = useLoad<readonly VirtualAgent[]>(JSON.stringify(['scope-virtual-agents', idOrg]), () => (loader ? loader({ idOrg }) : callSettings('virtualAgents', { idOrg })), { enabled: wantsAgent });
  const [chosenVa, setChosenVa] = useState<number | null>(null);
  const list = agents.data ?? [];
  // The first agent until one is chosen, and again when the chosen one is not in the list (another organisation).
  const idVa = wantsAgent ? (list.find((va) => va.idVa === chosenVa)?.idVa ?? list[0]?.idVa ?? null) : null;

  const orgPicker =
    chooses && !administering ? (
      <div className={styles.picker}>
        <SelectField
          label={SETTINGS_TEXT.organization}
          name="idOrg"
          placeholder={null}
          value={idOrg === null ? '' : String(idOrg)}
          options={(organizations.data ?? []).map((o) => ({ value: String(o.idOrg), label: o.name }))}
          onChange={(v) => setChosenOrg(Number(v))}
          error={organizations.status === 'rejected' ? MSG.companies.loadFailed : undefined}
          disabled={organizations.status !== 'resolved'}
        />
      </div>
    ) : null;
  const agentPicker = wantsAgent ? (
    <div className={styles.picker}>
      <SelectField
        label={SETTINGS_TEXT.virtualAgent}
        name="idVa"
        placeholder={null}
        value={idVa === null ? '' : String(idVa)}
        options={list.map((va) => ({ value: String(va.idVa), label: va.name }))}
        onChange={(v) => setChosenVa(Number(v))}
      />
    </div>
  ) : null;

  function frame(content: ReactNode): ReactNode {
    if (!wantsAgent) {
      return orgPicker ? (
        <>
          <div className={styles.pickers}>{orgPicker}</div>
          {content}
        </>
      ) : (
        content
      );
    }
    return (
      <>
        {orgPicker ? <div className={styles.pickers}>{orgPicker}</div> : null}
        <DataState status={agents.status} errorTitle={MSG.statistics.virtualAgentsLoadFailed} errorDetail={agents.error?.message} empty={list.length === 0} onRetry={agents.reload} level="h2">
          <div className={styles.pickers}>{agentPicker}</div>
          {content}
        </DataState>
      </>
    );
  }

  return { value: { idOrg, idVa, chooser: chooses && !administering }, ready: !wantsAgent || idVa !== null, frame };
}
