import { ipcContract, ipcEvents } from '../shared/ipc';
import { MSG } from '../shared/messages';
import { BRIDGE_SOCKET_PATH } from './renderer-files';
import type { ChatNotification } from './services/ports';

/** sessionStorage key of the tab id: one services instance per browser tab, kept across reloads. */
export const TAB_STORAGE_KEY = 'atiende.tab';
export const TAB_ID_PATTERN = /^[a-f0-9]{32}$/;

/** What the host itself (not a renderer event) tells the page: a notification to show, the badge count. */
export type HostMessage = { host: 'notify'; payload: ChatNotification } | { host: 'badge'; payload: number };

/**
 * The browser host's stand-in for the preload: defines `window.atiende` with the same shape (one
 * method per contract channel as api[domain][verb], plus `on` for the contract's events), each
 * method sending its own literal channel over a WebSocket to the same IPC handlers the desktop app
 * uses. Tokens stay in Node; the page only ever sees results. Generated from the contract, so it
 * cannot drift from the preload.
 *
 * As host code it also plays the desktop's notifier: a notification the host sends becomes a Web
 * Notification where the page has the permission (never asked for here), is recorded in
 * `window.__atiendeNotifications` (for tests: each record's click() does what clicking it does), and
 * clicking it focuses the page and raises 'chat:focus'. The badge count is `window.__atiendeBadge`.
 */
export function bridgeScript(): string {
  const channels = JSON.stringify(Object.keys(ipcContract));
  const events = JSON.stringify(Object.keys(ipcEvents));
  const networkError = JSON.stringify({ status: 0, message: MSG.generic.networkError });
  return `(() => {
  'use strict';
  const CHANNELS = ${channels};
  const EVENTS = ${events};
  const NETWORK_ERROR = ${networkError};
  const TAB_KEY = ${JSON.stringify(TAB_STORAGE_KEY)};
  const TAB_PATTERN = ${TAB_ID_PATTERN.toString()};

  function newTabId() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  }
  let tab = null;
  try { tab = sessionStorage.getItem(TAB_KEY); } catch (_) { tab = null; }
  if (!tab || !TAB_PATTERN.test(tab)) {
    tab = newTabId();
    try { sessionStorage.setItem(TAB_KEY, tab); } catch (_) { /* private mode: a reload starts a new session */ }
  }

  const pending = new Map();
  const queue = [];
  const listeners = new Map();
  const notifications = [];
  let badge = 0;

  function dispatch(event, payload) {
    for (const listener of Array.from(listeners.get(event) || [])) {
      try { listener(payload); } catch (error) { setTimeout(() => { throw error; }); }
    }
  }

  function notify(n) {
    if (!n || typeof n.title !== 'string' || typeof n.body !== 'string' || typeof n.conversationId !== 'string') return;
    const click = () => {
      try { window.focus(); } catch (_) { /* nothing to focus */ }
      dispatch('chat:focus', { conversationId: n.conversationId });
    };
    const record = { title: n.title, body: n.body, conversationId: n.conversationId, shown: false, click };
    notifications.push(record);
    if (notifications.length > 200) notifications.shift();
    if (typeof Notification === 'function' && Notification.permission === 'granted') {
      try {
        const shown = new Notification(n.title, { body: n.body, tag: 'atiende-' + n.conversationId, renotify: true });
        shown.onclick = () => { shown.close(); click(); };
        record.shown = true;
      } catch (_) { /* the page may not show notifications itself (e.g. Android): recorded only */ }
    }
  }

  function setBadge(count) {
    if (typeof count !== 'number' || !(count >= 0)) return;
    badge = count;
    try {
      const nav = typeof navigator === 'object' ? navigator : null;
      if (nav && typeof nav.setAppBadge === 'function') {
        const done = count > 0 ? nav.setAppBadge(count) : nav.clearAppBadge();
        if (done && typeof done.catch === 'function') done.catch(() => {});
      }
    } catch (_) { /* badges are a nicety */ }
  }
  let nextId = 1;
  let socket = null;
  let retries = 0;

  function connect() {
    const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    const ws = new WebSocket(scheme + location.host + ${JSON.stringify(BRIDGE_SOCKET_PATH)} + '?tab=' + tab);
    socket = ws;
    ws.onopen = () => {
      retries = 0;
      while (queue.length > 0) {
        const message = queue.shift();
        const call = pending.get(message.id);
        if (call) call.sent = true;
        ws.send(message.text);
      }
    };
    ws.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (_) { return; }
      if (message && typeof message.id === 'number') {
        const call = pending.get(message.id);
        if (call) { pending.delete(message.id); call.resolve(message.result); }
      } else if (message && typeof message.event === 'string') {
        dispatch(message.event, message.payload);
      } else if (message && message.host === 'notify') {
        notify(message.payload);
      } else if (message && message.host === 'badge') {
        setBadge(message.payload);
      }
    };
    ws.onclose = () => {
      socket = null;
      // Calls already sent have no answer coming: they fail as a lost connection would.
      for (const [id, call] of pending) {
        if (call.sent) { pending.delete(id); call.resolve({ ok: false, error: NETWORK_ERROR }); }
      }
      setTimeout(connect, Math.min(5000, 250 * 2 ** retries++));
    };
  }

  function invoke(channel, arg) {
    return new Promise((resolve) => {
      const id = nextId++;
      const text = JSON.stringify({ id, channel, arg });
      const call = { resolve, sent: false };
      pending.set(id, call);
      if (socket && socket.readyState === WebSocket.OPEN) { call.sent = true; socket.send(text); }
      else queue.push({ id, text });
    });
  }

  const api = {};
  for (const channel of CHANNELS) {
    const [domain, verb] = channel.split(':');
    api[domain] = api[domain] || {};
    api[domain][verb] = (arg) => invoke(channel, arg);
  }
  api.on = (event, listener) => {
    if (!EVENTS.includes(event)) throw new Error('Unknown event: ' + String(event));
    const set = listeners.get(event) || new Set();
    listeners.set(event, set);
    set.add(listener);
    return () => { set.delete(listener); };
  };
  for (const domain of Object.keys(api)) if (typeof api[domain] === 'object') Object.freeze(api[domain]);
  Object.defineProperty(window, 'atiende', { value: Object.freeze(api), writable: false, configurable: false, enumerable: true });
  Object.defineProperty(window, '__atiendeNotifications', { value: notifications, writable: false, configurable: false, enumerable: false });
  Object.defineProperty(window, '__atiendeBadge', { get: () => badge, configurable: false, enumerable: false });
  connect();
})();
`;
}
