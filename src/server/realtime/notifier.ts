import type { Notifier } from '../chat/effects';
import { agentRoom, type AgentNamespace } from './agent-namespace';
import { emitMonitorChange, type MonitorNamespace } from './monitor-namespace';
import { conversationRoom, type WidgetNamespace } from './widget-namespace';

/** The engine's events as socket.io emits to rooms: through the adapter, so every instance's sockets hear them. */
export function socketNotifier(agents: AgentNamespace, widgets: WidgetNamespace, monitors: MonitorNamespace): Notifier {
  return {
    toAgent: (agentId, event, payload, except) => {
      agents.to(agentRoom(agentId)).except(except ?? []).emit(event, payload);
    },
    toAgents: (agentIds, event, payload) => {
      if (agentIds.length > 0) agents.to(agentIds.map(agentRoom)).emit(event, payload);
    },
    toConversation: (conversationId, event, payload, except) => {
      widgets.to(conversationRoom(conversationId)).except(except ?? []).emit(event, payload);
    },
    toMonitor: (organizationId, topics) => emitMonitorChange(monitors, organizationId, topics),
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
