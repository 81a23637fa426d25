import { endpoints } from '../../shared/api/catalogue';
import type { ChannelTypesMap, Organization, VirtualAgent } from '../../shared/domain/organization';
import type { EndMessage } from '../../shared/domain/end-message';
import type { IpcResult } from '../../shared/ipc';
import type { ApiClient } from './api-client';

/** The post-login loads of SPEC §6: channels, organisations, virtual agents, the agent's end messages. */
export interface PlatformService {
  channels(): Promise<IpcResult<ChannelTypesMap>>;
  organizations(): Promise<IpcResult<Organization[]>>;
  /** Without idOrg, the signed-in user's company (the api-client's organisation rule). */
  virtualAgents(arg: { idOrg?: number }): Promise<IpcResult<VirtualAgent[]>>;
  /** The end-of-conversation client messages of the user's organisation, in SPEC §9 order. */
  endMessages(): Promise<IpcResult<EndMessage[]>>;
}

export function createPlatformService(api: ApiClient): PlatformService {
  return {
    channels: () => api.call(endpoints.channelTypes),
    organizations: () => api.call(endpoints.organizations),
    virtualAgents: ({ idOrg }) => api.call(endpoints.virtualAgents, { params: idOrg === undefined ? {} : { idOrg } }),
    endMessages: () => api.call(endpoints.endMessagesClient)
  };
}
