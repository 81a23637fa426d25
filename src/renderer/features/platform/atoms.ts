import { atom } from 'jotai';
import type { Channel, Organization, VirtualAgent } from '../../../shared/domain/organization';
import type { EndMessage } from '../../../shared/domain/end-message';
import { loadState, type LoadState } from '../../app/load-state';

/** The post-login loads of SPEC §6, shared by every screen that filters by them. */
export const channelsAtom = atom<LoadState<Channel[]>>(loadState('idle', []));
export const organizationsAtom = atom<LoadState<Organization[]>>(loadState('idle', []));
export const virtualAgentsAtom = atom<LoadState<VirtualAgent[]>>(loadState('idle', []));
/** The human agent's message configuration: end-of-conversation client messages (SPEC §6; the chat console reads it). */
export const endMessagesAtom = atom<LoadState<EndMessage[]>>(loadState('idle', []));

export const resetPlatformAtom = atom(null, (_get, set) => {
  set(channelsAtom, loadState('idle', []));
  set(organizationsAtom, loadState('idle', []));
  set(virtualAgentsAtom, loadState('idle', []));
  set(endMessagesAtom, loadState('idle', []));
});
