/** SPEC §4: every data load is idle, pending, resolved or rejected. */
export type LoadStatus = 'idle' | 'pending' | 'resolved' | 'rejected';

/** A loaded value with its status; the data is empty while pending and after a rejection (SPEC §4). */
export interface LoadState<T> {
  status: LoadStatus;
  data: T;
}

export function loadState<T>(status: LoadStatus, data: T): LoadState<T> {
  return { status, data };
}
