import { sortAgentChats, type AgentChatView, type ConsoleMessage } from '../../shared/chat-console';
import type { AgentChatStatus } from '../../shared/domain/chat';
import type { AgentChatSnapshot, LiveMessage } from '../../shared/realtime';

/** The per-chat flags the console's actions set (SPEC §3 Agent chat). */
export type ChatFlags = Pick<AgentChatView, 'transfering' | 'causalsChecked' | 'businessCausals' | 'endCausals' | 'causalsSetted' | 'uploadFile'>;

/** Finished chats kept for the agent to look back at; older ones are forgotten (an eight-hour shift stays small). */
export const MAX_FINISHED_CHATS = 50;

interface Held extends ChatFlags {
  conversationId: string;
  status: AgentChatStatus;
  recover: boolean;
  transfer: boolean;
  customer: AgentChatView['customer'];
  canal: string;
  idVa: number;
  split: AgentChatView['split'];
  fechaEntrada: string | null;
  assignedAt: string | null;
  endAcronym: string | null;
  /** Stored messages in seq order. */
  stored: ConsoleMessage[];
  seqs: Set<number>;
  /** Every seq 1..contiguous is held: what a sync asks to continue from. */
  contiguous: number;
  /** Messages still being sent, in the order they were written. */
  pending: ConsoleMessage[];
  unread: number;
  /** An incoming chat the agent has not opened or accepted yet. */
  unseenIncoming: boolean;
  /** Arrival order, for the repeat notification's choice; finish order, for forgetting old chats. */
  arrived: number;
  finished: number;
}

export interface MessageOutcome {
  message: ConsoleMessage;
  /** A CLIENTE message the agent was not looking at: it counts as unread. */
  unseen: boolean;
}

export interface ReceiveOutcome {
  /** The chat was not held (or held only as finished) and is now new. */
  added: boolean;
  /** Stored messages merged into a chat already held. */
  merged: MessageOutcome[];
  /** Pending messages that turned out stored (their clientIds). */
  confirmed: string[];
}

export type ChatSummary = Pick<Held, 'conversationId' | 'status' | 'customer' | 'split' | 'canal' | 'transfer' | 'unread' | 'unseenIncoming' | 'arrived'> & {
  lastClientMessage: ConsoleMessage | null;
};

/**
 * The agent's chats as the console shows them (SPEC §3 Agent chat, §4 Agent chat status): plain data,
 * no I/O. Merges what the platform sends without duplicates (by seq, pending ones by clientId),
 * counts unread client messages in chats not in view, and produces the sorted view.
 */
export class ChatBook {
  private readonly chats = new Map<string, Held>();
  private viewId: string | null = null;
  private visible = false;
  private order = 0;

  has(id: string): boolean {
    return this.chats.has(id);
  }

  status(id: string): AgentChatStatus | null {
    return this.chats.get(id)?.status ?? null;
  }

  split(id: string): AgentChatView['split'] | null {
    return this.chats.get(id)?.split ?? null;
  }

  isInView(id: string): boolean {
    return this.visible && this.viewId === id;
  }

  /** A chat as the platform sends it (assignment, sync, accept). */
  receive(snap: AgentChatSnapshot): ReceiveOutcome {
    const held = this.chats.get(snap.conversationId);
    if (!held) {
      this.chats.set(snap.conversationId, this.fromSnapshot(snap));
      this.prune();
      return { added: true, merged: [], confirmed: [] };
    }
    // A finished conversation never reopens: a snapshot of it taken before it ended (a sync
    // answer overtaken by chat:ended) must not bring it back.
    if (held.status === 'FINALIZADO') return { added: false, merged: [], confirmed: [] };
    const merged: MessageOutcome[] = [];
    const confirmed: string[] = [];
    for (const live of snap.messages) {
      const result = this.merge(held, live);
      if (result.outcome) merged.push(result.outcome);
      if (result.confirmed) confirmed.push(result.confirmed);
    }
    if (snap.status !== 'ENTRANTE') held.unseenIncoming = false;
    held.status = snap.status;
    if (snap.status === 'FINALIZADO') held.finished = this.order++;
    held.split = snap.split;
    held.customer = snap.customer;
    held.assignedAt = snap.assignedAt;
    held.endAcronym = snap.endAcronym ?? held.endAcronym;
    return { added: false, merged, confirmed };
  }

  /** A stored message; null when its chat is not held or the message already is. */
  message(live: LiveMessage): { outcome: MessageOutcome | null; confirmed: string | null } | null {
    const held = this.chats.get(live.conversationId);
    return held ? this.merge(held, live) : null;
  }

  addPending(message: ConsoleMessage): void {
    this.chats.get(message.conversationId)?.pending.push(message);
  }

  dropPending(conversationId: string, clientId: string): boolean {
    const held = this.chats.get(conversationId);
    const index = held ? held.pending.findIndex((m) => m.clientId === clientId) : -1;
    if (!held || index < 0) return false;
    held.pending.splice(index, 1);
    return true;
  }

  /** FINALIZADO (SPEC §4): on finish recover false; by recovery recover true. Answers the pending clientIds dropped. */
  finish(id: string, endAcronym: string | null, recover: boolean): string[] {
    const held = this.chats.get(id);
    if (!held || held.status === 'FINALIZADO') return [];
    held.status = 'FINALIZADO';
    held.recover = recover;
    held.endAcronym = endAcronym ?? held.endAcronym;
    held.unseenIncoming = false;
    held.transfering = false;
    held.finished = this.order++;
    const dropped = pendingIds(held);
    held.pending = [];
    this.prune();
    return dropped;
  }

  /** The chat left this agent without ending (transfer, re-queue). Answers the pending clientIds dropped. */
  remove(id: string): string[] {
    const held = this.chats.get(id);
    if (!held) return [];
    this.chats.delete(id);
    return pendingIds(held);
  }

  /** What the agent is looking at; the chat in view, when visible, has nothing unseen. Answers whether anything changed. */
  setView(id: string | null, isVisible: boolean): boolean {
    const before = `${this.viewId}|${this.visible}`;
    this.viewId = id;
    this.visible = isVisible;
    let changed = before !== `${this.viewId}|${this.visible}`;
    const held = id === null ? undefined : this.chats.get(id);
    if (held && this.visible && (held.unread > 0 || held.unseenIncoming)) {
      held.unread = 0;
      held.unseenIncoming = false;
      changed = true;
    }
    if (changed) this.prune();
    return changed;
  }

  markSeen(id: string): void {
    const held = this.chats.get(id);
    if (held) held.unseenIncoming = false;
  }

  patch(id: string, flags: Partial<ChatFlags>): boolean {
    const held = this.chats.get(id);
    if (!held) return false;
    Object.assign(held, flags);
    return true;
  }

  /** The open chats and the seq each continues from (the chat:sync request). */
  open(): { conversationId: string; lastSeq: number }[] {
    return [...this.chats.values()].filter((c) => c.status !== 'FINALIZADO').map((c) => ({ conversationId: c.conversationId, lastSeq: c.contiguous }));
  }

  messages(id: string): ConsoleMessage[] | null {
    const held = this.chats.get(id);
    return held ? [...held.stored, ...held.pending] : null;
  }

  views(): AgentChatView[] {
    return sortAgentChats([...this.chats.values()].map((held) => toView(held, this.viewId)));
  }

  summary(id: string): ChatSummary | null {
    const held = this.chats.get(id);
    return held ? summarize(held) : null;
  }

  summaries(): ChatSummary[] {
    return [...this.chats.values()].map(summarize);
  }

  /** Unseen incoming chats plus unread messages: the badge. */
  unseenCount(): number {
    let count = 0;
    for (const c of this.chats.values()) count += c.unread + (c.unseenIncoming ? 1 : 0);
    return count;
  }

  clear(): void {
    this.chats.clear();
    this.viewId = null;
  }

  private fromSnapshot(snap: AgentChatSnapshot): Held {
    const held: Held = {
      conversationId: snap.conversationId,
      status: snap.status,
      recover: false,
      transfer: snap.transfer,
      transfering: false,
      causalsChecked: 'idle',
      // Finishing always asks for both kinds of reason (SPEC §4: a transferred chat asks for them again).
      businessCausals: true,
      endCausals: true,
      causalsSetted: false,
      uploadFile: { uploading: false, error: false },
      customer: snap.customer,
      canal: snap.canal,
      idVa: snap.idVa,
      split: snap.split,
      fechaEntrada: snap.fechaEntrada,
      assignedAt: snap.assignedAt,
      endAcronym: snap.endAcronym,
      stored: [],
      seqs: new Set(),
      contiguous: 0,
      pending: [],
      unread: 0,
      unseenIncoming: snap.status === 'ENTRANTE' && !this.isInView(snap.conversationId),
      arrived: this.order++,
      finished: 0
    };
    for (const message of snap.messages) insert(held, message);
    if (snap.status === 'FINALIZADO') held.finished = this.order++;
    return held;
  }

  private merge(held: Held, live: LiveMessage): { outcome: MessageOutcome | null; confirmed: string | null } {
    const confirmed = confirm(held, live);
    const message = insert(held, live);
    if (!message) return { outcome: null, confirmed };
    const unseen = live.tipoUsuario === 'CLIENTE' && !this.isInView(held.conversationId);
    if (unseen) held.unread += 1;
    return { outcome: { message, unseen }, confirmed };
  }

  private prune(): void {
    const finished = [...this.chats.values()].filter((c) => c.status === 'FINALIZADO' && !this.isInView(c.conversationId));
    if (finished.length <= MAX_FINISHED_CHATS) return;
    finished.sort((a, b) => a.finished - b.finished);
    for (const old of finished.slice(0, finished.length - MAX_FINISHED_CHATS)) this.chats.delete(old.conversationId);
  }
}

/** Stores a message in seq order; null when that seq is already held. */
function insert(held: Held, live: LiveMessage): ConsoleMessage | null {
  if (held.seqs.has(live.seq)) return null;
  const message: ConsoleMessage = { ...live, pending: false };
  held.seqs.add(live.seq);
  const last = held.stored[held.stored.length - 1];
  if (!last || last.seq < live.seq) held.stored.push(message);
  else held.stored.splice(held.stored.findIndex((m) => m.seq > live.seq), 0, message);
  while (held.seqs.has(held.contiguous + 1)) held.contiguous += 1;
  return message;
}

/** Takes the pending message a stored one stands for out of the pending list; answers its clientId. */
function confirm(held: Held, live: LiveMessage): string | null {
  if (live.clientId === null) return null;
  const index = held.pending.findIndex((m) => m.clientId === live.clientId);
  if (index < 0) return null;
  held.pending.splice(index, 1);
  return live.clientId;
}

function pendingIds(held: Held): string[] {
  return held.pending.flatMap((m) => (m.clientId ? [m.clientId] : []));
}

function summarize(c: Held): ChatSummary {
  return {
    conversationId: c.conversationId,
    status: c.status,
    customer: c.customer,
    split: c.split,
    canal: c.canal,
    transfer: c.transfer,
    unread: c.unread,
    unseenIncoming: c.unseenIncoming,
    arrived: c.arrived,
    lastClientMessage: c.stored.findLast((m) => m.tipoUsuario === 'CLIENTE') ?? null
  };
}

function toView(held: Held, viewId: string | null): AgentChatView {
  const lastMessage = held.pending[held.pending.length - 1] ?? held.stored[held.stored.length - 1] ?? null;
  return {
    conversationId: held.conversationId,
    status: held.status,
    active: viewId === held.conversationId,
    unreadMessages: held.unread,
    messageCount: held.stored.length + held.pending.length,
    lastMessage,
    lastInteraction: lastMessage?.fechaMensaje ?? held.assignedAt ?? held.fechaEntrada,
    recover: held.recover,
    transfer: held.transfer,
    transfering: held.transfering,
    causalsChecked: held.causalsChecked,
    businessCausals: held.businessCausals,
    endCausals: held.endCausals,
    causalsSetted: held.causalsSetted,
    sendingMessage: held.pending.length > 0,
    uploadFile: { ...held.uploadFile },
    customer: held.customer,
    canal: held.canal,
    idVa: held.idVa,
    split: held.split,
    fechaEntrada: held.fechaEntrada,
    endAcronym: held.endAcronym
  };
}
