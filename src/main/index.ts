/**
 * The composition root of the desktop app: the only place that wires Electron to the services
 * (DESIGN.md §1-§4). Everything security-relevant about the window is decided here.
 */
import { app, BrowserWindow, ipcMain, Menu, session, type IpcMainInvokeEvent, type WebContents } from 'electron';
import Store from 'electron-store';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ipcEvents, type IpcEventName } from '../shared/ipc';
import { MSG } from '../shared/messages';
import { WALLBOARD_PATH } from '../shared/supervision-pages';
import { APP_ORIGIN, isAppUrl, registerAppScheme, serveRenderer } from './adapters/app-protocol.electron';
import { startEmbeddedPlatform, type EmbeddedPlatform } from './adapters/embedded-platform.electron';
import { createElectronClipboard } from './adapters/clipboard.electron';
import { createElectronFileSaver } from './adapters/file-saver.electron';
import { createElectronTokenVault } from './adapters/keychain.electron';
import { createElectronNotifier, showWindow } from './adapters/notifier.electron';
import { createElectronSettings } from './adapters/settings.electron';
import { createAppTray, type AppTray } from './adapters/tray.electron';
import { rendererCsp } from './csp';
import { createIpcHandlers, IPC_CHANNELS } from './ipc/register';
import { createMainServices, type MainServices } from './services';
import { nodeDeskSystem } from './services/desk-report.service';
import { createElectronUpdater } from './adapters/updater.electron';
import { warnOfTwoInstalls } from './adapters/install-check.electron';
import { consoleLogger, systemClock, type ServiceUrls } from './services/ports';

const WINDOW_TITLE = 'Atiende';
/** Windows shows notifications only for an app with a user model id (electron-builder.yml appId). */
const APP_USER_MODEL_ID = 'co.atiende.desktop';
const mainDir = dirname(fileURLToPath(import.meta.url));
const rendererDir = join(mainDir, '../renderer');
const preloadPath = join(mainDir, '../preload/index.cjs');
/** electron-vite's dev server, only when running unpackaged under `npm run dev`. */
const devServerUrl = !app.isPackaged && process.env.ELECTRON_RENDERER_URL ? new URL(process.env.ELECTRON_RENDERER_URL) : null;
const logger = consoleLogger('main');
const appIcon = join(mainDir, 'icon.png');

/** The one window (single-instance app); null before it exists or once closed. */
let mainWindow: BrowserWindow | null = null;
/** Set once quitting starts: closing the window then really closes it instead of hiding it to the tray. */
let quitting = false;
let appTray: AppTray | null = null;
/** The wallboard's own window (issue 20), while open: a second 'Tablero de pared' brings it forward. */
let wallboardWindow: BrowserWindow | null = null;

/** The dev server needs its inline React-refresh preamble and its HMR socket; the built app gets the strict policy. */
const devCsp = (platformOrigin: string | null) =>
  rendererCsp(platformOrigin).replace("script-src 'self'", "script-src 'self' 'unsafe-inline'").replace("connect-src 'self'", `connect-src 'self' ws://${devServerUrl?.host ?? 'localhost'}`);

/** The platform's origin, once known (the widget editor's preview frames its widget page): set when the services start. */
let platformOrigin: () => Promise<string | null> = () => Promise.resolve(null);

if (process.env.ATIENDE_USER_DATA) app.setPath('userData', resolve(process.env.ATIENDE_USER_DATA));
registerAppScheme();
app.enableSandbox();
if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  hardenWebContents();
  app.on('second-instance', () => {
    if (mainWindow) showWindow(mainWindow);
  });
  app.on('before-quit', () => {
    quitting = true;
  });
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      logger.error('The app could not start', error);
      app.exit(1);
    });
}

function isOwnRendererUrl(raw: string): boolean {
  if (isAppUrl(raw)) return true;
  if (!devServerUrl) return false;
  try {
    return new URL(raw).origin === devServerUrl.origin;
  } catch {
    return false;
  }
}

/** DESIGN.md §4: no navigation away from the app, no new windows, no webviews. */
function hardenWebContents(): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isOwnRendererUrl(url)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isOwnRendererUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    // The one window the app opens itself: the queue's wallboard, full screen, as locked down as the main one.
    contents.setWindowOpenHandler(({ url }) => {
      if (!isWallboardUrl(url)) return { action: 'deny' };
      if (wallboardWindow && !wallboardWindow.isDestroyed()) {
        wallboardWindow.loadURL(url).catch((error: unknown) => logger.error('Could not load the wallboard', error));
        showWindow(wallboardWindow);
        return { action: 'deny' };
      }
      return {
        action: 'allow',
        // Electron gives a child its opener's security settings (context isolation, sandbox, no Node, no
        // webview; app.enableSandbox() besides); what is not inherited is said here.
        overrideBrowserWindowOptions: {
          title: WINDOW_TITLE,
          fullscreen: true,
          autoHideMenuBar: true,
          backgroundColor: '#000000',
          webPreferences: { preload: preloadPath, spellcheck: false, disableBlinkFeatures: 'Auxclick' }
        }
      };
    });
    contents.on('did-create-window', (child) => {
      wallboardWindow = child;
      child.on('page-title-updated', (event) => event.preventDefault());
      child.on('closed', () => {
        if (wallboardWindow === child) wallboardWindow = null;
      });
    });
  });
}

/** The wallboard page of the app's own renderer, nothing else may open a window. */
function isWallboardUrl(raw: string): boolean {
  if (!isOwnRendererUrl(raw)) return false;
  try {
    return new URL(raw).pathname === WALLBOARD_PATH;
  } catch {
    return false;
  }
}

function secureSession(): void {
  const { defaultSession } = session;
  defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  defaultSession.setPermissionCheckHandler(() => false);
  defaultSession.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders };
    // The renderer's own documents get its policy; a frame of the platform (the widget preview) keeps the platform's own.
    if ((details.resourceType === 'mainFrame' || details.resourceType === 'subFrame') && isOwnRendererUrl(details.url)) {
      void platformOrigin().then((origin) => {
        for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-security-policy') delete headers[name];
        headers['Content-Security-Policy'] = [devServerUrl ? devCsp(origin) : rendererCsp(origin)];
        callback({ responseHeaders: headers });
      });
      return;
    }
    callback({ responseHeaders: headers });
  });
}

function platformUrls(url: string): ServiceUrls {
  return { virtualAgent: url, humanAgent: url, notifications: url };
}

async function start(): Promise<void> {
  secureSession();
  if (process.platform !== 'darwin') Menu.setApplicationMenu(null);
  serveRenderer(rendererDir);

  const store = new Store<Record<string, unknown>>({ name: 'settings' });
  const settings = createElectronSettings(store);
  const vault = await createElectronTokenVault(store, logger);

  // With no platform configured, the app runs its own on loopback (DESIGN.md §1 "Embedded default").
  let embedded: EmbeddedPlatform | null = null;
  if (!settings.get('serviceUrls')) {
    embedded = startEmbeddedPlatform({
      entry: join(mainDir, 'platform-process.js'),
      dataDir: join(app.getPath('userData'), 'platform'),
      migrationsDir: join(mainDir, 'migrations'),
      logger
    });
  }

  // DESIGN §3: the agent is told about chats even with the window hidden — tray, badge, notifications.
  const notifier = createElectronNotifier({ window: () => mainWindow, tray: () => appTray, icon: existsSync(appIcon) ? appIcon : null, logger });
  const services = await createMainServices({
    fetch: (input, init) => fetch(input, init),
    vault,
    settings,
    clock: systemClock,
    logger,
    serviceUrls: async () => {
      const configured = settings.get('serviceUrls');
      if (configured) return configured;
      const url = embedded ? await embedded.url() : null;
      return url ? platformUrls(url) : null;
    },
    notifier,
    fileSaver: createElectronFileSaver(() => mainWindow),
    updater: createElectronUpdater(logger),
    system: nodeDeskSystem(app.getVersion(), () => embedded?.restarts() ?? 0),
    clipboard: createElectronClipboard()
  });
  // An embedded platform still starting delays the renderer's document a few seconds at most; past that it gets no frame-src.
  platformOrigin = () =>
    Promise.race([
      services.widgetHost.platformOrigin().then((answer) => (answer.ok ? answer.data.origin : null)),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000))
    ]);
  registerIpc(services);
  forwardEvents(services);
  appTray = createAppTray({
    icon: appIcon,
    show: () => (mainWindow ? showWindow(mainWindow) : void createWindow(services)),
    quit: () => app.quit(),
    logger
  });

  let shutDown = false;
  app.on('will-quit', (event) => {
    if (shutDown) return;
    event.preventDefault();
    shutDown = true;
    services.dispose();
    notifier.dispose();
    appTray?.destroy();
    void (embedded?.stop() ?? Promise.resolve()).finally(() => app.quit());
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (mainWindow) showWindow(mainWindow);
    else createWindow(services);
  });
  createWindow(services);
  warnOfTwoInstalls(() => mainWindow, logger);
}

/** Visible, not minimised and focused: what the agent can actually see (notifications repeat otherwise). */
function isAttended(window: BrowserWindow): boolean {
  return !window.isDestroyed() && window.isVisible() && !window.isMinimized() && window.isFocused();
}

/**
 * The window feeds the chat link whether the agent can see it, stops the Windows taskbar flash once
 * looked at, and — while an agent's chat link is running and a tray exists — hides to the tray on
 * close so chats keep arriving; 'Salir' in the tray (or quitting) really closes it.
 */
function watchWindow(window: BrowserWindow, services: MainServices): void {
  const report = () => {
    if (!window.isDestroyed()) services.chatLink.setHostVisibility(isAttended(window));
  };
  window.on('focus', () => {
    window.flashFrame(false);
    report();
  });
  window.on('blur', report);
  window.on('show', report);
  window.on('hide', report);
  window.on('minimize', report);
  window.on('restore', report);
  window.on('close', (event) => {
    if (quitting || !appTray || !services.chatLink.active()) return;
    event.preventDefault();
    window.hide();
  });
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
    services.chatLink.setHostVisibility(false);
  });
  report();
}

/** Only the app's own top frame may call: never a subframe, never another origin. */
function isTrustedSender(event: IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  const owner = BrowserWindow.fromWebContents(event.sender);
  return owner !== null && isOwnRendererUrl(frame.url);
}

function registerIpc(services: MainServices): void {
  const handlers = createIpcHandlers(services, logger);
  for (const channel of IPC_CHANNELS) {
    ipcMain.handle(channel, (event, arg: unknown) => {
      if (!isTrustedSender(event)) {
        logger.warn(`Refused ${channel} from ${event.senderFrame?.url ?? 'an unknown frame'}`);
        return { ok: false, error: { status: 403, message: MSG.generic.unauthorized } };
      }
      return handlers[channel](arg);
    });
  }
}

function forwardEvents(services: MainServices): void {
  for (const event of Object.keys(ipcEvents) as IpcEventName[]) {
    services.bus.on(event, (payload) => {
      for (const window of BrowserWindow.getAllWindows()) {
        if (!window.isDestroyed()) window.webContents.send(event, payload);
      }
    });
  }
}

function createWindow(services: MainServices): BrowserWindow {
  const icon = appIcon;
  const window = new BrowserWindow({
    title: WINDOW_TITLE,
    width: 1280,
    height: 800,
    minWidth: 960,
    minHeight: 600,
    show: false,
    autoHideMenuBar: true,
    ...(existsSync(icon) ? { icon } : {}),
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      // The console must react at once while hidden in the tray all shift (alert sound, new chats).
      backgroundThrottling: false,
      spellcheck: false,
      // Middle-click would open links outside the app's navigation rules (electronegativity AUXCLICK_JS_CHECK).
      disableBlinkFeatures: 'Auxclick'
    }
  });
  // The title stays 'Atiende' whatever the page sets.
  window.on('page-title-updated', (event) => event.preventDefault());
  window.once('ready-to-show', () => window.show());
  mainWindow = window;
  watchWindow(window, services);
  const target = devServerUrl ? devServerUrl.href : `${APP_ORIGIN}/`;
  window.loadURL(target).catch((error: unknown) => logger.error(`Could not load ${target}`, error));
  return window;
}
