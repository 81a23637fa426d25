import type { AgentStatus } from '../../shared/domain/chat';
import type { Ack, AgentStatusView } from '../../shared/realtime';
import type { Logger, Settings } from './ports';

/** The status a connect asks the platform to take back. */
export interface WantedStatus {
  status: AgentStatus;
  pauseEventId: number | null;
}

/**
 * The agent's status as SPEC §9 keeps it (the agentStatus and pauseEventId settings): what he set, or
 * the platform pushed once it can be trusted, so that after a restart or a drop the platform gets it
 * back; forgotten when the agent is gone for good.
 */
export class SavedStatus {
  /** The restore after the latest connect is done: statuses the platform pushes are the agent's again. */
  private trusting = false;

  constructor(
    private readonly settings: Settings,
    private readonly logger: Logger
  ) {}

  save(view: AgentStatusView): void {
    this.settings.set('agentStatus', view.status);
    this.settings.set('pauseEventId', view.status === 'PAUSA' ? view.pauseEventId : null);
  }

  /** A status the platform pushed. Until the restore after a connect is done it may be a replay of the disconnect itself. */
  pushed(view: AgentStatusView): void {
    if (this.trusting) this.save(view);
  }

  trust(): void {
    this.trusting = true;
  }

  /** The socket dropped: what it pushes next may be its own disconnect. */
  distrust(): void {
    this.trusting = false;
  }

  /** The agent is gone for good (sign-out, or a supervisor who stopped attending chats): his next link starts Desconectado. */
  forget(): void {
    this.settings.set('agentStatus', null);
    this.settings.set('pauseEventId', null);
  }

  /**
   * After a connect: asks the platform (through `request`) to take the saved status back; answers the
   * status it took, or null when there was nothing to ask or it did not take it.
   */
  async restore(platform: AgentStatusView, request: (wanted: WantedStatus) => Promise<Ack<AgentStatusView>>): Promise<AgentStatusView | null> {
    const wanted = this.wanted(platform);
    if (!wanted) return null;
    const ack = await request(wanted);
    if (ack.ok) return ack.data;
    if (ack.error.status >= 400 && ack.error.status < 500) {
      // The platform will not take it back (a pause event deleted meanwhile): its own status stands.
      this.logger.info(`The saved status ${wanted.status} was refused (${ack.error.status}); keeping the platform's`);
      this.save(platform);
    }
    return null;
  }

  /** What to ask the platform for after a connect: null when nothing usable is saved or the platform already has it. */
  private wanted(platform: AgentStatusView): WantedStatus | null {
    const status = this.settings.get('agentStatus');
    const pauseEventId = status === 'PAUSA' ? this.settings.get('pauseEventId') : null;
    if (status === null || (status === 'PAUSA' && pauseEventId === null)) return null;
    if (status === platform.status && pauseEventId === platform.pauseEventId) return null;
    return { status, pauseEventId };
  }
}
