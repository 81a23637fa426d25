import { endpoints } from '../../shared/api/catalogue';
import type { ChannelTypesMap, Organization, VirtualAgent } from '../../shared/domain/organization';
import type { EndMessage } from '../../shared/domain/end-message';
import type { IpcResult } from '../../shared/ipc';
import type { ApiClient } from './api-client';
import type { SessionStore } from './session-store';

/** The post-login loads of SPEC §6: channels, organisations, virtual agents, the agent's end messages. */
export interface PlatformService {
  channels(): Promise<IpcResult<ChannelTypesMap>>;
  organizations(): Promise<IpcResult<Organization[]>>;
  /** Without idOrg, the organisation being administered ('Administrar entidad'), else the user's company. */
  virtualAgents(arg: { idOrg?: number }): Promise<IpcResult<VirtualAgent[]>>;
  /** The end-of-conversation client messages of the user's organisation, in SPEC §9 order. */
  endMessages(): Promise<IpcResult<EndMessage[]>>;
}

export function createPlatformService(api: ApiClient, store?: Pick<SessionStore, 'administering'>): PlatformService {
  return {
    channels: () => api.call(endpoints.channelTypes),
    organizations: () => api.call(endpoints.organizations),
    virtualAgents: ({ idOrg }) => {
      const org = idOrg ?? store?.administering()?.idOrg;
      return api.call(endpoints.virtualAgents, { params: org === undefined ? {} : { idOrg: org } });
    },
    endMessages: () => api.call(endpoints.endMessagesClient)
  };
}
