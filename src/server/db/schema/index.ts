export { organizations } from './organizations';
export { virtualAgents } from './virtual-agents';
export { channelTypes } from './channel-types';
export { users } from './users';
export { refreshTokens } from './refresh-tokens';
export { endMessages } from './end-messages';
export { errorLog } from './error-log';
export { platformSettings } from './platform-settings';
