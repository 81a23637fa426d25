import type { DesignChanged } from '../../shared/realtime';

/** The room every signed-in user's socket of an organisation is in, on the agent and the monitor namespaces alike. */
export const designRoom = (organizationId: number): string => `design:${organizationId}`;

type Emit = (organizationId: number, payload: DesignChanged) => void;

/**
 * How the dashboard-design routes reach every signed-in user of an organisation: the realtime
 * server attaches its emitter (into designRoom on both namespaces, through the adapter, so every
 * instance's sockets hear it); until then — and after it closes — nothing is pushed.
 */
export class DesignBroadcast {
  private emit: Emit | null = null;

  attach(emit: Emit | null): void {
    this.emit = emit;
  }

  changed(organizationId: number, payload: DesignChanged): void {
    this.emit?.(organizationId, payload);
  }
}
