/// <reference types="vite/client" />
import type { AtiendeApi } from '../shared/ipc';

declare global {
  interface Window {
    /** The bridge to the main process: the preload in Electron, a WebSocket bridge in the browser host. */
    readonly atiende: AtiendeApi;
  }
}

export {};
