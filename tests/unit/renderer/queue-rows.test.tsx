// @vitest-environment jsdom
// First: react-dom looks for the DevTools hook the counter installs when it loads.
import { countRenders } from './render-counter';
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AnalyticsQueryArg } from '../../../src/shared/analytics-calls';
import type { LiveQueue, WaitingChat } from '../../../src/shared/api/queue-supervision';
import { CHAT_QUEUE_PATH } from '../../../src/shared/supervision-pages';
import { OVERSCAN, QueueRow, ROW_PX, WHOLE_TABLE_ROWS } from '../../../src/renderer/features/queue/QueueTable';
import { stubViewport } from './chat-data';
import { ok, sessionView } from './fake-atiende';
import { renderApp } from './render-app';
import { installSettings } from './settings-fixtures';

function queueOf(chats: WaitingChat[]): LiveQueue {
  return {
    maximoChatsAsesor: 3,
    splits: [
      { idSplit: 1, nombre: 'Atención general', abierto: true, tiempoMaximoEspera: 10, asesoresConectados: 2 },
      { idSplit: 2, nombre: 'Ventas', abierto: true, tiempoMaximoEspera: 4, asesoresConectados: 1 }
    ],
    chats
  };
}

const waiting = (n: number): WaitingChat => ({
  idConv: `conv-${n}`,
  fechaEntrada: new Date(Date.now() - (1000 - n) * 5000).toISOString(),
  status: 'EN_COLA',
  idSplit: 1,
  split: 'Atención general',
  datosCliente: { Nombre: `Cliente ${n}`, Documento: String(1000 + n) }
});

/** The scroll box's height given to jsdom, which lays nothing out; the rows are never measured (one line of ROW_PX each). */
const BOX_PX = 600;
/** The rows a virtualised table renders from its top: those of the box, and the overscan below them. */
const WINDOW_ROWS = Math.ceil(BOX_PX / ROW_PX) + OVERSCAN;

const px = (tr: Element) => Number.parseFloat((tr as HTMLElement).style.height || '0');

// A whole table, and one virtualised in a 600 px box.
describe.each([
  { CHATS: WHOLE_TABLE_ROWS - 40, windowed: false },
  { CHATS: WHOLE_TABLE_ROWS + 50, windowed: true }
])("the queue screen's rows ($CHATS chats)", ({ CHATS, windowed }) => {
  let restore = () => undefined as void;
  afterEach(() => {
    cleanup();
    restore();
  });

  it('re-renders only the row of the chat that changed when a live notice reloads the queue', async () => {
    restore = stubViewport(BOX_PX);
    const rows = countRenders(QueueRow);
    rows.reset();
    const first = Array.from({ length: CHATS }, (_, i) => waiting(i + 1));
    // Each answer is parsed afresh, as the IPC boundary does: new objects for every chat.
    let current: WaitingChat[] = first;
    const fake = installSettings({});
    fake.api.analytics.query.mockImplementation(async (arg: unknown) =>
      (arg as AnalyticsQueryArg).call === 'liveQueue' ? { ok: true as const, data: structuredClone(queueOf(current)) } : new Promise(() => {})
    );
    fake.api.session.get.mockImplementation(() => ok(sessionView(6)));
    renderApp(CHAT_QUEUE_PATH);
    const table = await screen.findByRole('table', { name: 'Chats en espera' });
    // DOM queries, not role queries (naming many Fluent rows each poll takes seconds in jsdom); the
    // spacer rows of a virtualised table have no aria-rowindex.
    const bodyRows = () => table.querySelectorAll('tbody tr[aria-rowindex]');
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(5));
    const shown = bodyRows().length;
    // Virtualised: exactly the rows of the box and the overscan below them; the spacer below stands
    // for the rest at ROW_PX each, so the scroll height is every row's.
    const spacers = () => [...table.querySelectorAll('tbody tr[aria-hidden="true"]')].map(px);
    if (windowed) {
      expect(shown).toBe(WINDOW_ROWS);
      expect(spacers()).toEqual([(CHATS - WINDOW_ROWS) * ROW_PX]);
    } else {
      expect(shown).toBe(CHATS);
      expect(spacers()).toEqual([]);
    }
    expect(table.getAttribute('aria-rowcount')).toBe(String(CHATS + 1));
    // Each row rendered once, and the counter saw every one of them (a count of one below means one).
    expect(rows.renders()).toHaveLength(shown);
    expect(new Set(rows.renders()).size).toBe(shown);
    // The state in words.
    expect(bodyRows()[0]?.textContent).toContain('En cola');
    expect(table.textContent).not.toContain('EN_COLA');

    // The same queue again: nothing to re-render.
    rows.reset();
    const reloads = () => fake.api.analytics.query.mock.calls.filter(([arg]) => (arg as AnalyticsQueryArg).call === 'liveQueue').length;
    let asked = reloads();
    act(() => fake.emit('analytics:live', { topic: 'chats' }));
    await waitFor(() => expect(reloads()).toBe(asked + 1));
    await new Promise((done) => setTimeout(done, 100));
    expect(rows.renders()).toEqual([]);

    // One chat moved to Ventas: its row, and no other.
    current = first.map((c) => (c.idConv === 'conv-4' ? { ...c, idSplit: 2, split: 'Ventas' } : c));
    asked = reloads();
    act(() => fake.emit('analytics:live', { topic: 'chats' }));
    await waitFor(() => expect(within(table).getByText('#conv4').closest('tr')?.textContent).toContain('Ventas'));
    expect(reloads()).toBe(asked + 1);
    await new Promise((done) => setTimeout(done, 100));
    expect(rows.renders()).toEqual(['conv-4']);

    if (windowed) {
      // A chat out of view changes: no row re-renders (its row is not in the document).
      rows.reset();
      current = current.map((c) => (c.idConv === `conv-${CHATS - 5}` ? { ...c, split: 'Soporte técnico', idSplit: 3 } : c));
      asked = reloads();
      act(() => fake.emit('analytics:live', { topic: 'chats' }));
      await waitFor(() => expect(reloads()).toBe(asked + 1));
      await new Promise((done) => setTimeout(done, 100));
      expect(rows.renders()).toEqual([]);
    }

    // One chat left the queue: it is gone; the rows after it move up a place (their aria-rowindex), and
    // the one that comes into view mounts.
    rows.reset();
    current = current.filter((c) => c.idConv !== 'conv-2');
    act(() => fake.emit('analytics:live', { topic: 'chats' }));
    await waitFor(() => expect(within(table).queryByText('#conv2')).toBeNull());
    expect(table.getAttribute('aria-rowcount')).toBe(String(CHATS));
    expect(within(table).getByText('#conv3').closest('tr')?.getAttribute('aria-rowindex')).toBe('3');

    if (windowed) {
      // Scrolled down: the rows at that place (ROW_PX each, as the scrollbar has it), the overscan
      // either side, and the spacers still adding up to every row's height.
      const total = CHATS - 1;
      const box = table.parentElement;
      if (!box) throw new Error('No scroll box');
      const to = 100;
      act(() => {
        box.scrollTop = to * ROW_PX;
        fireEvent.scroll(box);
      });
      await waitFor(() => expect(bodyRows()[0]?.getAttribute('aria-rowindex')).toBe(String(to - OVERSCAN + 2)));
      expect(bodyRows()).toHaveLength(Math.min(total, to + WINDOW_ROWS) - (to - OVERSCAN));
      expect(spacers()[0]).toBe((to - OVERSCAN) * ROW_PX);
      expect(spacers().reduce((a, b) => a + b, 0) + bodyRows().length * ROW_PX).toBe(total * ROW_PX);
    }
  });
});
