// @vitest-environment jsdom
/**
 * The queue part's measurement (issue 20), run by tests/bench/queue-render.ts under vitest in
 * jsdom — not part of `npm test` (not a *.test file); here, beside the renderer tests, for their
 * typecheck (tsconfig.web.json). It renders the real ChatQueuePage (Fluent, jotai, router, the
 * renderer's own answer check) and, in the same run, a bare React table of the same rows (the same
 * cell texts, two plain buttons a row). Each is mounted with its data still pending; then the data
 * is delivered and the time to the commit that puts the rows in the document is taken (a
 * MutationObserver sees it; the scheduling of React's render after a resolved promise is in both).
 * The page's table is virtualised beyond 100 rows: it renders the rows of its box — given
 * VIEWPORT_PX of height, since jsdom lays nothing out — while the bare table renders all of them.
 * jsdom has no layout or paint: this is React's and the DOM's work. Then, with the render counter
 * on, one chat of a fresh page changes through a live notice, and the rows re-rendered are counted.
 * The figures go back in the test's meta (task.meta.queueBench), which the part reads.
 */
// First: react-dom looks for the DevTools hook the counter installs when it loads.
import { countRenders } from './render-counter';
import './dom-setup';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, inject, it } from 'vitest';
import { Provider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { AnalyticsQueryArg } from '../../../src/shared/analytics-calls';
import type { LiveQueue, WaitingChat } from '../../../src/shared/api/queue-supervision';
import { formatDateTime, formatHms } from '../../../src/shared/format';
import type { IpcResult } from '../../../src/shared/ipc';
import { CHAT_QUEUE_PATH } from '../../../src/shared/supervision-pages';
import { AppToaster } from '../../../src/renderer/app/toasts';
import { secondsSince } from '../../../src/renderer/features/home/alerts';
import { ChatQueuePage } from '../../../src/renderer/features/queue/ChatQueuePage';
import { OVERSCAN, QueueRow, ROW_PX, WHOLE_TABLE_ROWS } from '../../../src/renderer/features/queue/QueueTable';
import { customerLine } from '../../../src/renderer/features/queue/texts';
import { sessionAtom } from '../../../src/renderer/features/session/atoms';
import { installFakeAtiende, sessionView } from './fake-atiende';

declare module 'vitest' {
  export interface ProvidedContext {
    queueBench: { chats: number; rounds: number };
  }
}
const { chats: CHATS, rounds: ROUNDS } = inject('queueBench');
/** Which React build this worker loaded (react's index picks it by NODE_ENV when first required). */
const NODE_ENV = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.NODE_ENV ?? '';

const SPLITS = ['Atención general', 'Ventas', 'Soporte técnico'];
/** The table's box: 70vh of a 1366×768 screen less the window's chrome is about 480 px; a full-HD one about 720. */
const VIEWPORT_PX = 720;
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => VIEWPORT_PX });
/** A data row of either table (the page's spacer rows have no aria-rowindex). */
const DATA_ROWS = 'tbody tr[aria-rowindex], tbody tr[data-bare]';

function generatedQueue(): LiveQueue {
  const now = Date.now();
  return {
    maximoChatsAsesor: 3,
    splits: SPLITS.map((nombre, i) => ({ idSplit: i + 1, nombre, abierto: true, tiempoMaximoEspera: 10, asesoresConectados: 2 })),
    chats: Array.from({ length: CHATS }, (_, i): WaitingChat => ({
      idConv: `conv-${String(i + 1).padStart(4, '0')}`,
      fechaEntrada: new Date(now - (CHATS - i) * 1000).toISOString(),
      status: 'EN_COLA',
      idSplit: (i % 3) + 1,
      split: SPLITS[i % 3] ?? null,
      datosCliente: { Nombre: `Cliente ${i + 1}`, Documento: String(1_000_000 + i), Correo: `cliente${i + 1}@example.com` }
    }))
  };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
async function until(test: () => boolean, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`queue bench: ${what} never happened`);
    await sleep(5);
  }
}

/** The moment (performance.now) the container first holds data rows, and how many (React commits them at once). */
function rowsCommitted(container: HTMLElement): Promise<{ at: number; rows: number }> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const rows = container.querySelectorAll(DATA_ROWS).length;
      if (rows === 0) return;
      observer.disconnect();
      resolve({ at: performance.now(), rows });
    });
    observer.observe(container, { childList: true, subtree: true });
  });
}

const fake = installFakeAtiende();
/** The liveQueue answer the next call gets, released by the caller. */
let release: ((answer: IpcResult<unknown>) => void) | null = null;
fake.api.analytics.query.mockImplementation((arg: unknown) =>
  (arg as AnalyticsQueryArg).call === 'liveQueue'
    ? new Promise<IpcResult<unknown>>((resolve) => {
        release = resolve;
      })
    : new Promise<IpcResult<unknown>>(() => {})
);

/** Answers the pending liveQueue call (a function: TypeScript would take `release` as still null after `release = null; await …`). */
function answerPending(answer: IpcResult<unknown>): void {
  release?.(answer);
}

function Page() {
  const [store] = useState(() => {
    const s = createStore();
    s.set(sessionAtom, { status: 'resolved', view: sessionView(6), restored: true });
    return s;
  });
  return (
    <Provider store={store}>
      <FluentProvider theme={webLightTheme}>
        <AppToaster />
        <MemoryRouter initialEntries={[CHAT_QUEUE_PATH]}>
          <ChatQueuePage />
        </MemoryRouter>
      </FluentProvider>
    </Provider>
  );
}

/** The raw baseline: the same rows and cell texts as a plain React table, its data through a promise and setState as the page's. */
function BareTable({ load }: { load: () => Promise<LiveQueue> }) {
  const [queue, setQueue] = useState<LiveQueue | null>(null);
  useEffect(() => {
    void load().then(setQueue);
  }, [load]);
  if (!queue) return <p>Cargando</p>;
  const now = Date.now();
  return (
    <table>
      <tbody>
        {queue.chats.map((c) => (
          <tr key={c.idConv} data-bare>
            <th>{c.idConv}</th>
            <td>{formatDateTime(c.fechaEntrada)}</td>
            <td>{c.status}</td>
            <td>{c.split}</td>
            <td>{formatHms(secondsSince(c.fechaEntrada, now))}</td>
            <td>{customerLine(c.datosCliente)}</td>
            <td>
              <button type="button">Asignar</button>
              <button type="button">Mover</button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Mounts `ui` with its data pending, delivers `deliver`, and times data → the commit with every row. */
async function timeFirstCommit(mount: (root: ReturnType<typeof createRoot>) => void, pending: () => boolean, deliver: () => void): Promise<{ ms: number; rows: number }> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mount(root);
  await until(pending, 'the data request');
  await sleep(50); // the pending page settles: nothing of the mount is timed
  const committed = rowsCommitted(container);
  const start = performance.now();
  deliver();
  const { at, rows } = await committed;
  root.unmount();
  container.remove();
  return { ms: at - start, rows };
}

async function timePage(): Promise<{ ms: number; rows: number }> {
  release = null;
  const answer: IpcResult<unknown> = { ok: true, data: structuredClone(generatedQueue()) };
  return timeFirstCommit(
    (root) => root.render(<Page />),
    () => release !== null,
    () => answerPending(answer)
  );
}

async function timeBare(): Promise<{ ms: number; rows: number }> {
  let resolve: ((queue: LiveQueue) => void) | null = null;
  const data = structuredClone(generatedQueue());
  const load = () =>
    new Promise<LiveQueue>((done) => {
      resolve = done;
    });
  return timeFirstCommit(
    (root) => root.render(<BareTable load={load} />),
    () => resolve !== null,
    () => resolve?.(data)
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

it('measures the queue screen with many waiting chats', { timeout: 900_000 }, async ({ task }) => {
  // Cold: the first of each, one-time costs (styles inserted, code first run) included.
  const coldBare = await timeBare();
  const coldPage = await timePage();
  const bare: number[] = [];
  const page: number[] = [];
  let pageRows = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const b = await timeBare();
    if (b.rows !== CHATS) throw new Error(`queue bench: the bare table committed ${b.rows} rows`);
    bare.push(b.ms);
    const p = await timePage();
    page.push(p.ms);
    pageRows = p.rows;
  }

  // One chat changes: a fresh page with the counter on (it must see the mount), then a live notice.
  const rows = countRenders(QueueRow);
  rows.reset();
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  release = null;
  const queue = generatedQueue();
  root.render(<Page />);
  await until(() => release !== null, 'the data request');
  answerPending({ ok: true, data: structuredClone(queue) });
  await until(() => container.querySelectorAll(DATA_ROWS).length > 0, 'the first rows');
  const shown = container.querySelectorAll(DATA_ROWS).length;
  const mounted = rows.renders().length;
  rows.reset();
  // One in view (the oldest rows are at the top).
  const changed = queue.chats[Math.min(5, CHATS - 1)];
  if (!changed) throw new Error('queue bench: no chat to change');
  const moved = { ...queue, chats: queue.chats.map((c) => (c === changed ? { ...c, idSplit: 2, split: 'Ventas · movido' } : c)) };
  release = null;
  fake.emit('analytics:live', { topic: 'chats' });
  await until(() => release !== null, 'the live reload');
  const updateStart = performance.now();
  answerPending({ ok: true, data: structuredClone(moved) });
  await until(() => (container.textContent ?? '').includes('Ventas · movido'), 'the changed row');
  const updateMs = performance.now() - updateStart;
  await sleep(200);
  const rerendered = rows.renders();
  root.unmount();
  container.remove();

  // Not vacuous: the counter saw every row mount, and a virtualised table rendered exactly its box's
  // rows and the overscan (one line of ROW_PX each, never measured: jsdom's 0 px rows do not enter).
  expect(mounted).toBe(shown);
  expect(shown).toBe(CHATS > WHOLE_TABLE_ROWS ? Math.ceil(VIEWPORT_PX / ROW_PX) + OVERSCAN : CHATS);
  const result = {
    chats: CHATS,
    rounds: ROUNDS,
    viewportPx: VIEWPORT_PX,
    pageRows,
    nodeEnv: NODE_ENV,
    coldBare: coldBare.ms,
    coldPage: coldPage.ms,
    bare: median(bare),
    page: median(page),
    pageSamples: page,
    bareSamples: bare,
    rerendered,
    updateMs
  };
  (task.meta as Record<string, unknown>).queueBench = result;
});
