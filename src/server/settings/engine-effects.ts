import type { PlatformServices } from '../services';

/**
 * The chat engine caches none of the settings: the router reads the splits, their periods and
 * agents, and the organisation's parameters in the transaction that assigns (src/server/chat/
 * routing.ts), so a stricter setting (lower max chats, a closed period, a paused agent) holds from
 * the next assignment on. A looser one (higher max chats, a period or an agent added, a split
 * switched on) could leave waiting chats until the next event or sweep: after committing such a
 * change the router runs at once, and the call answers when that pass is done.
 */
export function routeWaitingChats(services: PlatformServices): Promise<void> {
  return services.chat.assignQueued();
}
