import type { IpcEventName, IpcEventPayload } from '../../shared/ipc';

/** Main → renderer events (src/shared/ipc.ts `ipcEvents`), raised by the services and forwarded by the host. */
export interface EventBus {
  emit<E extends IpcEventName>(event: E, payload: IpcEventPayload<E>): void;
  on<E extends IpcEventName>(event: E, listener: (payload: IpcEventPayload<E>) => void): () => void;
}

export function createEventBus(): EventBus {
  const listeners = new Map<IpcEventName, Set<(payload: never) => void>>();
  return {
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) (listener as (p: typeof payload) => void)(payload);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    }
  };
}
