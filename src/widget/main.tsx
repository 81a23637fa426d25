import './zod-setup';
import './widget.css';
import { createRoot } from 'react-dom/client';
import { io } from 'socket.io-client';
import { WIDGET_BOOT_ID, WIDGET_ROOT_ID, WidgetBoot } from './boot';
import { WidgetChat } from './chat';
import { FrameBridge } from './embed';
import { WidgetApp } from './App';
import { WidgetPreview } from './Preview';
import type { ChatSocket, SocketFactory } from './protocol';
import { RelayedStorage } from './relayed-storage';
import { loadSession, sessionKey } from './session';
import { WIDGET_TEXTS as T } from './texts';

function readBoot(): WidgetBoot | null {
  try {
    const parsed = WidgetBoot.safeParse(JSON.parse(document.getElementById(WIDGET_BOOT_ID)?.textContent ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function store(kind: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    // A sandboxed frame or the browser's privacy settings may refuse storage: the chat works, it cannot resume after a reload.
    return null;
  }
}

const connectSocket: SocketFactory = (namespace, options): ChatSocket => io(namespace, { path: options.path, auth: options.auth });

async function start(root: HTMLElement, boot: WidgetBoot): Promise<void> {
  if (boot.preview) {
    createRoot(root).render(<WidgetPreview boot={boot} />);
    return;
  }
  const { org, va } = boot.config;
  // Embedded (issue 40): the loader's hello first, so the conversation is kept under the host page's origin.
  const local = store('localStorage');
  let sessions: Storage | null = local;
  const bridge = boot.embed ? await FrameBridge.connect(window, (hostOrigin) => loadSession(sessions, sessionKey(org, va, hostOrigin))?.lastSeq ?? 0) : null;
  if (!bridge) {
    const chat = new WidgetChat(boot, connectSocket, store('sessionStorage'));
    createRoot(root).render(<WidgetApp boot={boot} chat={chat} embed={null} />);
    return;
  }
  const key = sessionKey(org, va, bridge.hostOrigin);
  // Without storage of its own (third-party storage blocked) the session lives in the host page's, through the loader:
  // the chat shows at once and takes up the kept conversation when the loader's hello hands it over.
  const relayed = local ? null : new RelayedStorage(key, null, (value) => bridge.relaySession(value));
  sessions = relayed ?? local;
  // With the entry form off a chat would start by itself before the hello: it waits for it (a second at most).
  if (relayed && !boot.config.features.entryForm) relayed.receive(await Promise.race([bridge.relayedSession, new Promise<null>((resolve) => setTimeout(() => resolve(null), 1000))]));
  const chat = new WidgetChat(boot, connectSocket, sessions, undefined, bridge.hostOrigin);
  chat.subscribe(() => bridge.observe(chat.getSnapshot()));
  // Another tab of the same site started or resumed a conversation: this one shows it too.
  if (relayed) {
    const takeUp = (value: string | null) => {
      relayed.receive(value);
      chat.sessionChanged();
    };
    void bridge.relayedSession.then((value) => value !== null && takeUp(value));
    bridge.onRelayedSession(takeUp);
  } else {
    window.addEventListener('storage', (event) => {
      if (event.key === key && event.storageArea === local) chat.sessionChanged();
    });
  }
  createRoot(root).render(<WidgetApp boot={boot} chat={chat} embed={bridge} />);
}

const root = document.getElementById(WIDGET_ROOT_ID);
const boot = readBoot();
if (root && boot) {
  void start(root, boot);
} else if (root) {
  root.textContent = T.badBoot;
}
