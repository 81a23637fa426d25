import { atom, type PrimitiveAtom, type Setter } from 'jotai';
import type { IpcResult } from '../../../shared/ipc';
import { channelsFromTypesMap } from '../../../shared/domain/organization';
import { COMPANY_ROLES, PLATFORM_ROLES, Role, type RoleId } from '../../../shared/roles';
import { MSG } from '../../../shared/messages';
import { loadState, type LoadState } from '../../app/load-state';
import { tracked } from '../../app/loading';
import { channelsAtom, endMessagesAtom, organizationsAtom, virtualAgentsAtom } from './atoms';

/** Which of the SPEC §6 post-login loads a role runs (decisions in shared/roles.ts). */
export function postLoginLoadsFor(role: RoleId): { channels: boolean; organizations: boolean; virtualAgents: boolean; endMessages: boolean } {
  return {
    channels: role !== Role.AsesorHumano,
    organizations: PLATFORM_ROLES.includes(role),
    virtualAgents: COMPANY_ROLES.includes(role),
    // The supervisor attends chats too ('Atender chats'): his console resolves the same end messages.
    endMessages: role === Role.AsesorHumano || role === Role.SupervisorAsesorHumano
  };
}

/** Loads one list into its atom; empty while pending and on failure (SPEC §4). Resolves to the failure text, if any. */
async function loadInto<R, T>(
  set: Setter,
  target: PrimitiveAtom<LoadState<T[]>>,
  call: () => Promise<IpcResult<R>>,
  map: (raw: R) => T[],
  failure: string
): Promise<string | null> {
  set(target, loadState('pending', []));
  const result = await tracked(set, call());
  if (result.ok) {
    set(target, loadState('resolved', map(result.data)));
    return null;
  }
  set(target, loadState('rejected', []));
  return failure;
}

/**
 * Runs the post-login loads of SPEC §6 for the signed-in user and resolves to the failure
 * messages (the caller shows them as toasts). Role 5 loads its message configuration (the end
 * messages); its agent status (statusAdviser) comes with the chat console's connection (issue 3).
 */
export const loadPlatformDataAtom = atom(null, async (_get, set, user: { role: RoleId }) => {
  const plan = postLoginLoadsFor(user.role);
  const loads: Promise<string | null>[] = [];
  if (plan.channels) {
    loads.push(loadInto(set, channelsAtom, () => window.atiende.platform.channels(), channelsFromTypesMap, MSG.statistics.channelsLoadFailed));
  }
  if (plan.organizations) {
    loads.push(loadInto(set, organizationsAtom, () => window.atiende.platform.organizations(), (list) => list, MSG.companies.loadFailed));
  }
  if (plan.virtualAgents) {
    loads.push(
      loadInto(
        set,
        virtualAgentsAtom,
        // Without idOrg the main process asks for the signed-in user's own company.
        () => window.atiende.platform.virtualAgents({}),
        (list) => list,
        MSG.statistics.virtualAgentsLoadFailed
      )
    );
  }
  if (plan.endMessages) {
    loads.push(loadInto(set, endMessagesAtom, () => window.atiende.platform.endMessages(), (list) => list, MSG.endMessages.loadFailed));
  }
  const failures = await Promise.all(loads);
  return failures.filter((f): f is string => f !== null);
});
