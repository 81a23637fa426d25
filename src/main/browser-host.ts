/**
 * The browser host (DESIGN.md §1): the embedded platform, the SAME main-process services and IPC
 * handlers in plain Node, and the SAME renderer served to a browser, with a WebSocket bridge in place
 * of the preload. A development and test host, not a second product.
 *
 *   npm run web -- [--port N] [--memory | --data-dir D] [--downloads-dir D] [--no-build]
 *
 * The renderer is (re)built into out/renderer when it is missing or older than its sources;
 * --no-build serves whatever is there. Chat files the agent saves go to --downloads-dir (default
 * <tmp>/atiende-descargas) under a name not yet taken; notifications and the badge are forwarded to
 * the tab, whose bridge shows them (src/main/bridge-script.ts).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
import { ipcEvents, type IpcEventName } from '../shared/ipc';
import { MSG } from '../shared/messages';
import { startPlatform } from '../server/platform';
import type { Db } from '../server/db/types';
import { bridgeScript, TAB_ID_PATTERN, type HostMessage } from './bridge-script';
import { rendererSecurityHeaders } from './csp';
import { createIpcHandlers, isIpcChannel, type IpcHandlers } from './ipc/register';
import { ensureRendererBuilt, rendererOut } from './renderer-build';
import { BRIDGE_PATH, BRIDGE_SOCKET_PATH, readRendererFile } from './renderer-files';
import { createMainServices, type MainServices } from './services';
import { uniquePath } from './services/file-download';
import { nodeDeskSystem } from './services/desk-report.service';
import { consoleLogger, createMemorySettings, createMemoryTokenVault, systemClock, type FileSaver, type Logger, type Notifier } from './services/ports';

export interface BrowserHostOptions {
  /** 0 or absent: any free port. */
  port?: number;
  memory?: boolean;
  dataDir?: string;
  /** false: serve out/renderer as it is, without checking it is up to date. Default true. */
  build?: boolean;
  /** Where saved chat files go. Default <tmp>/atiende-descargas. */
  downloadsDir?: string;
  logger?: Logger;
}

export interface BrowserHost {
  url: string;
  port: number;
  /** The embedded platform's own address (it serves the customer widget at /widget). */
  platformUrl: string;
  /** The embedded platform's database (end-to-end tests inject server faults through it). */
  platformDb: Db;
  /** Where saved files go (--downloads-dir). */
  downloadsDir: string;
  /** The files 'Abrir carpeta' asked to show, in order (a browser tab has no file manager to open). */
  shownInFolder: readonly string[];
  close(): Promise<void>;
}

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const APP_ICON = join(projectRoot, 'resources', 'icon.png');
/** A tab that has had no connection for this long is forgotten (its sessionStorage id is gone with it). */
const TAB_IDLE_MS = 15 * 60_000;
/** A message of the bridge: the largest is a Watson export (settings:importWatson), 10 MB as base64 in its JSON frame. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

const Incoming = z.object({ id: z.number().int().nonnegative(), channel: z.string().max(100), arg: z.unknown().optional() });

interface Tab {
  services: MainServices;
  handlers: IpcHandlers;
  sockets: Set<WebSocket>;
  idle: NodeJS.Timeout | null;
}

export async function startBrowserHost(options: BrowserHostOptions = {}): Promise<BrowserHost> {
  const logger = options.logger ?? consoleLogger('web');
  if (options.memory && options.dataDir) throw new Error('Use --memory o --data-dir, no ambos');
  if (options.build === false) {
    if (!existsSync(join(rendererOut, 'index.html'))) throw new Error('No hay interfaz compilada en out/renderer; ejecute sin --no-build');
  } else {
    await ensureRendererBuilt(logger);
  }

  const platform = await startPlatform({
    port: 0,
    host: '127.0.0.1',
    ...(options.memory ? { memory: true } : {}),
    ...(options.dataDir ? { dataDir: resolve(options.dataDir) } : {})
  });
  const serviceUrls = { virtualAgent: platform.url, humanAgent: platform.url, notifications: platform.url };
  const downloadsDir = resolve(options.downloadsDir ?? join(tmpdir(), 'atiende-descargas'));
  const shownInFolder: string[] = [];
  // No dialogs in a browser tab: files go to the downloads folder, scheduled exports to a folder inside it.
  const fileSaver: FileSaver = {
    async choosePath(name) {
      await mkdir(downloadsDir, { recursive: true });
      return uniquePath(downloadsDir, name);
    },
    async chooseFolder() {
      const folder = join(downloadsDir, 'programados');
      await mkdir(folder, { recursive: true });
      return folder;
    },
    showInFolder(path) {
      shownInFolder.push(path);
      logger.info(`Abrir carpeta: ${dirname(path)}`);
    }
  };
  const tabs = new Map<string, Promise<Tab>>();
  let port = options.port ?? 0;

  async function openTab(id: string): Promise<Tab> {
    const sockets = new Set<WebSocket>();
    const sendAll = (message: { event: IpcEventName; payload: unknown } | HostMessage) => {
      const text = JSON.stringify(message);
      for (const socket of sockets) if (socket.readyState === WebSocket.OPEN) socket.send(text);
    };
    // The page shows them (a Web Notification where permitted) and reports clicks as chat:focus itself.
    const notifier: Notifier = {
      notify: (notification) => sendAll({ host: 'notify', payload: notification }),
      setBadge: (count) => sendAll({ host: 'badge', payload: count }),
      onClick: () => () => {}
    };
    const services = await createMainServices({
      fetch: (input, init) => fetch(input, init),
      vault: createMemoryTokenVault(),
      settings: createMemorySettings({ serviceUrls }),
      clock: systemClock,
      logger,
      notifier,
      fileSaver,
      // Each tab is a desk of its own (its memory settings keep its desk id while it lives).
      system: nodeDeskSystem(process.env.npm_package_version ?? '0.0.0')
    });
    const tab: Tab = { services, handlers: createIpcHandlers(services, logger), sockets, idle: null };
    for (const event of Object.keys(ipcEvents) as IpcEventName[]) {
      services.bus.on(event, (payload) => sendAll({ event, payload }));
    }
    logger.info(`New browser tab ${id.slice(0, 8)}`);
    return tab;
  }

  function tabFor(id: string): Promise<Tab> {
    let tab = tabs.get(id);
    if (!tab) {
      tab = openTab(id);
      tabs.set(id, tab);
    }
    return tab;
  }

  /** Loopback only, and only pages this host served: guards the bridge against other sites and DNS rebinding. */
  function isOwnHost(req: IncomingMessage): boolean {
    const host = req.headers.host;
    return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
  }

  function isOwnOrigin(req: IncomingMessage): boolean {
    return isOwnHost(req) && req.headers.origin === `http://${req.headers.host}`;
  }

  async function serveHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isOwnHost(req)) return send(res, 421, 'text/plain; charset=utf-8', 'Host no permitido');
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'Método no permitido');
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === BRIDGE_PATH) return send(res, 200, 'text/javascript; charset=utf-8', bridge, req.method === 'HEAD');
    // Browsers ask for it on their own; the app's icon answers instead of a 404 in the console.
    if (pathname === '/favicon.ico' && existsSync(APP_ICON)) return send(res, 200, 'image/png', await readFile(APP_ICON), req.method === 'HEAD');
    const file = await readRendererFile(rendererOut, pathname, { bridge: true });
    send(res, file.status, file.contentType, file.body, req.method === 'HEAD', platform.url);
  }

  function attach(socket: WebSocket, id: string): void {
    const ready = tabFor(id);
    void ready.then((tab) => {
      if (tab.idle) clearTimeout(tab.idle);
      tab.idle = null;
      tab.sockets.add(socket);
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      let message: z.infer<typeof Incoming>;
      try {
        const parsed = Incoming.safeParse(JSON.parse(data.toString()));
        if (!parsed.success) return;
        message = parsed.data;
      } catch {
        return;
      }
      void (async () => {
        const tab = await ready;
        const result = isIpcChannel(message.channel)
          ? await tab.handlers[message.channel](message.arg)
          : { ok: false, error: { status: 400, message: MSG.generic.invalidInput } };
        if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ id: message.id, result }));
      })().catch((error: unknown) => logger.error('Bridge call failed', error));
    });
    socket.on('close', () => {
      void ready.then((tab) => {
        tab.sockets.delete(socket);
        if (tab.sockets.size > 0 || tab.idle) return;
        tab.idle = setTimeout(() => {
          tabs.delete(id);
          tab.services.dispose();
        }, TAB_IDLE_MS);
        tab.idle.unref();
      });
    });
  }

  const bridge = bridgeScript();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const server = createServer((req, res) => {
    serveHttp(req, res).catch((error: unknown) => {
      logger.error('Request failed', error);
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', MSG.generic.serverError);
      else res.destroy();
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const id = url.searchParams.get('tab');
    const refuse = (status: string) => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (url.pathname !== BRIDGE_SOCKET_PATH) return refuse('404 Not Found');
    if (!isOwnOrigin(req)) return refuse('403 Forbidden');
    if (!id || !TAB_ID_PATTERN.test(id)) return refuse('400 Bad Request');
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws, id));
  });

  try {
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolveListen();
      });
    });
  } catch (error) {
    await platform.close();
    throw error;
  }
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : port;
  const url = `http://127.0.0.1:${port}`;

  let closing: Promise<void> | null = null;
  return {
    url,
    port,
    platformUrl: platform.url,
    platformDb: platform.db,
    downloadsDir,
    shownInFolder,
    close() {
      closing ??= (async () => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        await new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        });
        for (const pending of tabs.values()) {
          const tab = await pending.catch(() => null);
          if (tab?.idle) clearTimeout(tab.idle);
          tab?.services.dispose();
        }
        tabs.clear();
        await platform.close();
      })();
      return closing;
    }
  };
}

function send(res: ServerResponse, status: number, contentType: string, body: string | Buffer, headOnly = false, platformOrigin: string | null = null): void {
  res.writeHead(status, {
    ...rendererSecurityHeaders(platformOrigin),
    'content-type': contentType,
    'cache-control': 'no-cache',
    'content-length': Buffer.byteLength(body)
  });
  res.end(headOnly ? undefined : body);
}

function parseCli(argv: string[]): BrowserHostOptions & { port: number } {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      memory: { type: 'boolean' },
      'data-dir': { type: 'string' },
      'downloads-dir': { type: 'string' },
      'no-build': { type: 'boolean' }
    },
    strict: true
  });
  const port = values.port === undefined ? 4999 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Puerto inválido: ${values.port}`);
  return {
    port,
    memory: values.memory ?? false,
    ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
    ...(values['downloads-dir'] ? { downloadsDir: values['downloads-dir'] } : {}),
    build: !values['no-build']
  };
}

const USAGE = 'Uso: npm run web -- [--port N] [--memory | --data-dir D] [--downloads-dir D] [--no-build]';

async function cli(): Promise<void> {
  let options: BrowserHostOptions & { port: number };
  try {
    options = parseCli(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  let host: BrowserHost;
  try {
    host = await startBrowserHost(options);
  } catch (error) {
    console.error(`No fue posible iniciar Atiende: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  console.log(`Atiende listo en ${host.url}`);
  console.log(`Widget del cliente: ${host.platformUrl}/widget?org=100&va=1`);
  const stop = () => {
    host.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void cli();
