import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { ipcContract, ipcEvents, splitChannel, type AtiendeApi, type IpcChannel, type IpcEventName } from '../shared/ipc';

/**
 * window.atiende: exactly one method per contract channel, as api[domain][verb], each bound to its
 * own literal channel — no generic invoke or send reaches the page — plus `on` for the contract's
 * events only. Built as CommonJS: sandboxed preloads cannot be ES modules.
 */
function buildApi(): AtiendeApi {
  const api: Record<string, unknown> = {};
  for (const channel of Object.keys(ipcContract) as IpcChannel[]) {
    const { domain, verb } = splitChannel(channel);
    const group = (api[domain] ??= {}) as Record<string, (arg?: unknown) => Promise<unknown>>;
    group[verb] = (arg?: unknown) => ipcRenderer.invoke(channel, arg);
  }
  api.on = (event: IpcEventName, listener: (payload: unknown) => void): (() => void) => {
    if (!Object.hasOwn(ipcEvents, event)) throw new Error(`Unknown event: ${String(event)}`);
    const schema = ipcEvents[event];
    const forward = (_event: IpcRendererEvent, payload: unknown) => {
      const parsed = schema.safeParse(payload);
      if (parsed.success) listener(parsed.data);
    };
    ipcRenderer.on(event, forward);
    return () => {
      ipcRenderer.removeListener(event, forward);
    };
  };
  // The shape is generated from the same channel list the type is computed from.
  return api as AtiendeApi;
}

contextBridge.exposeInMainWorld('atiende', buildApi());
