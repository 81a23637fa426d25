import type { LiveQueue } from '../../../shared/api/queue-supervision';
import { toAgentStatus, type AgentConnectionState } from '../../../shared/domain/chat';
import { formatHms } from '../../../shared/format';

/**
 * The alerts a supervisor acts on, from the live queue and the agents' states: a chat waiting
 * long, an open split with nobody connected, an agent paused longer than the pause event allows
 * (its tiempoMaximo, set on the general settings page; an event without one never alerts).
 *
 * A split's only wait threshold is its timeMaxInitConversation: the engine's sweeper closes a chat
 * that waited that long as not attended (TIEMPO_ESPERA). A chat past it is gone within one sweep,
 * so the alert fires while there is still time to act: once the chat has waited
 * QUEUE_ALERT_SHARE of that limit.
 */
export const QUEUE_ALERT_SHARE = 0.5;

export type AlertKind = 'longWait' | 'noAgents' | 'longPause';

export interface SupervisorAlert {
  kind: AlertKind;
  /** Stable key (the chat's or the split's id). */
  key: string;
  text: string;
}

/** Seconds between an ISO instant and now (never negative). */
export function secondsSince(iso: string, nowMs: number): number {
  const at = Date.parse(iso);
  return Number.isFinite(at) ? Math.max(0, Math.floor((nowMs - at) / 1000)) : 0;
}

export function supervisorAlerts(queue: LiveQueue, nowMs: number, agents: readonly AgentConnectionState[] = []): SupervisorAlert[] {
  const alerts: SupervisorAlert[] = [];
  const limits = new Map(queue.splits.map((s) => [s.idSplit, s.tiempoMaximoEspera * 60]));
  for (const chat of queue.chats) {
    const limit = chat.idSplit === null ? undefined : limits.get(chat.idSplit);
    if (limit === undefined || limit <= 0) continue;
    const waited = secondsSince(chat.fechaEntrada, nowMs);
    if (waited < limit * QUEUE_ALERT_SHARE) continue;
    const remaining = Math.max(0, limit - waited);
    alerts.push({
      kind: 'longWait',
      key: `chat:${chat.idConv}`,
      text: `Chat ${chat.idConv} en ${chat.split ?? 'sin split'} lleva ${formatHms(waited)} esperando; se cerrará como no atendido en ${formatHms(remaining)}`
    });
  }
  for (const split of queue.splits) {
    if (!split.abierto || split.asesoresConectados > 0) continue;
    alerts.push({ kind: 'noAgents', key: `split:${split.idSplit}`, text: `El split ${split.nombre} está abierto y no tiene asesores conectados` });
  }
  for (const agent of agents) {
    if (toAgentStatus(agent.estado) !== 'PAUSA' || agent.pausaMaxima === null) continue;
    const paused = secondsSince(agent.fechaEstado, nowMs);
    if (paused <= agent.pausaMaxima * 60) continue;
    alerts.push({
      kind: 'longPause',
      key: `agent:${agent.idUser}`,
      text: `${agent.nombre} lleva ${formatHms(paused)} en la pausa ${agent.eventoPausa ?? ''}; el máximo es ${agent.pausaMaxima} min`
    });
  }
  return alerts;
}

/** Per split: how many chats wait and the longest wait so far (seconds), in the splits' order. */
export function waitingBySplit(queue: LiveQueue, nowMs: number): { idSplit: number; nombre: string; waiting: number; longest: number | null }[] {
  return queue.splits.map((split) => {
    const chats = queue.chats.filter((c) => c.idSplit === split.idSplit);
    // The chats come oldest first: the first one has waited longest.
    const oldest = chats[0];
    return { idSplit: split.idSplit, nombre: split.nombre, waiting: chats.length, longest: oldest ? secondsSince(oldest.fechaEntrada, nowMs) : null };
  });
}
