import type { Notifier } from '../chat/effects';
import { agentRoom, type AgentNamespace } from './agent-namespace';
import { conversationRoom, type WidgetNamespace } from './widget-namespace';

/** The engine's events as socket.io emits to rooms: through the adapter, so every instance's sockets hear them. */
export function socketNotifier(agents: AgentNamespace, widgets: WidgetNamespace): Notifier {
  return {
    toAgent: (agentId, event, payload) => {
      agents.to(agentRoom(agentId)).emit(event, payload);
    },
    toConversation: (conversationId, event, payload) => {
      widgets.to(conversationRoom(conversationId)).emit(event, payload);
    },
    connectedAgents: async () => {
      try {
        const sockets = await agents.fetchSockets();
        return new Set(sockets.map((s) => s.data.agent.userId));
      } catch {
        return null;
      }
    }
  };
}
