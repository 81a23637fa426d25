import './zod-setup';
import './widget.css';
import { createRoot } from 'react-dom/client';
import { io } from 'socket.io-client';
import { WIDGET_BOOT_ID, WIDGET_ROOT_ID, WidgetBoot } from './boot';
import { WidgetChat } from './chat';
import { WidgetApp } from './App';
import type { ChatSocket, SocketFactory } from './protocol';
import { WIDGET_TEXTS as T } from './texts';

function readBoot(): WidgetBoot | null {
  try {
    const parsed = WidgetBoot.safeParse(JSON.parse(document.getElementById(WIDGET_BOOT_ID)?.textContent ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // A sandboxed frame may refuse storage: the chat works, it cannot resume after a reload.
    return null;
  }
}

const connectSocket: SocketFactory = (namespace, options): ChatSocket => io(namespace, { path: options.path, auth: options.auth });

const root = document.getElementById(WIDGET_ROOT_ID);
const boot = readBoot();
if (root && boot) {
  createRoot(root).render(<WidgetApp boot={boot} chat={new WidgetChat(boot, connectSocket, sessionStore())} />);
} else if (root) {
  root.textContent = T.badBoot;
}
