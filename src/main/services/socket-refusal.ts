import { AgentConnectRefusal } from '../../shared/realtime';

/** Why the platform refused a socket handshake: the token (refresh once and retry), the role (stop), or anything else (retry later). */
export type Refusal = 'auth' | 'forbidden' | 'other';

/** What a connect_error says: the contract's refusal (the agent and monitor namespaces send `err.data = { status, message }`), else the wording of its message. */
export function classifyRefusal(error: unknown): Refusal {
  if (!(error instanceof Error)) return 'other';
  const data = AgentConnectRefusal.safeParse('data' in error ? error.data : undefined);
  if (data.success) return data.data.status === 401 ? 'auth' : data.data.status === 403 ? 'forbidden' : 'other';
  if (/token|jwt|expir|401/i.test(error.message)) return 'auth';
  if (/no autorizado|unauthori[sz]ed|forbidden|403/i.test(error.message)) return 'forbidden';
  return 'other';
}
