// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import type { IpcResult } from '../../../src/shared/ipc';
import { useAnalyticsQuery } from '../../../src/renderer/features/analytics/use-analytics-query';
import { useLiveReload } from '../../../src/renderer/components/use-live-reload';
import { deferred, renderWithProviders } from './component-fixtures';
import { installFakeAtiende } from './fake-atiende';

let fake: ReturnType<typeof installFakeAtiende>;
beforeEach(() => {
  fake = installFakeAtiende();
});
afterEach(cleanup);

function Tmo({ start }: { start: string }) {
  const tmo = useAnalyticsQuery('tmo', { query: { start, end: '2026-03-31' } });
  return (
    <p data-testid="tmo">
      {tmo.status}:{tmo.data?.value ?? '-'}:{tmo.error?.message ?? ''}
    </p>
  );
}
const shown = () => screen.getByTestId('tmo').textContent;

describe('useAnalyticsQuery', () => {
  it('keeps the answer of the latest filter when an older one arrives late', async () => {
    const replies = [deferred<IpcResult<unknown>>(), deferred<IpcResult<unknown>>()];
    let n = 0;
    fake.api.analytics.query.mockImplementation(() => replies[n++]!.promise);
    const { rerender } = renderWithProviders(<Tmo start="2026-03-01" />);
    expect(shown()).toBe('pending:-:');
    rerender(<Tmo start="2026-03-15" />);
    expect(fake.api.analytics.query.mock.calls.map(([arg]) => arg)).toEqual([
      { call: 'tmo', query: { start: '2026-03-01', end: '2026-03-31' } },
      { call: 'tmo', query: { start: '2026-03-15', end: '2026-03-31' } }
    ]);

    await act(async () => replies[1]!.resolve({ ok: true, data: { indicator: 'TMO', value: 15 } }));
    expect(shown()).toBe('resolved:15:');
    await act(async () => replies[0]!.resolve({ ok: true, data: { indicator: 'TMO', value: 1 } }));
    expect(shown()).toBe('resolved:15:');
  });

  it('also ignores a late failure of an old filter, and shows the failure of the current one', async () => {
    const replies = [deferred<IpcResult<unknown>>(), deferred<IpcResult<unknown>>()];
    let n = 0;
    fake.api.analytics.query.mockImplementation(() => replies[n++]!.promise);
    const { rerender } = renderWithProviders(<Tmo start="2026-03-01" />);
    rerender(<Tmo start="2026-03-02" />);
    await act(async () => replies[0]!.resolve({ ok: false, error: { status: 500, message: 'viejo' } }));
    expect(shown()).toBe('pending:-:');
    await act(async () => replies[1]!.resolve({ ok: false, error: { status: 500, message: 'Se ha presentado un error en el servidor. Inténtelo mas tarde' } }));
    expect(shown()).toBe('rejected:-:Se ha presentado un error en el servidor. Inténtelo mas tarde');
  });

  it('refuses an answer outside the catalogue schema rather than showing it', async () => {
    fake.api.analytics.query.mockImplementation(async () => ({ ok: true, data: { indicator: 'TMO', value: 'alto' } }));
    renderWithProviders(<Tmo start="2026-03-01" />);
    await waitFor(() => expect(shown()).toBe('rejected:-:Se ha presentado un error en el servidor. Inténtelo mas tarde'));
  });

  it('does not ask again when the page re-renders with the same filter', async () => {
    fake.api.analytics.query.mockImplementation(async () => ({ ok: true, data: { indicator: 'TMO', value: 3 } }));
    const { rerender } = renderWithProviders(<Tmo start="2026-03-01" />);
    await waitFor(() => expect(shown()).toBe('resolved:3:'));
    rerender(<Tmo start="2026-03-01" />);
    rerender(<Tmo start="2026-03-01" />);
    expect(fake.api.analytics.query).toHaveBeenCalledTimes(1);
  });
});

function AgentStates({ coalesceMs }: { coalesceMs: number }) {
  const live = useLiveReload('agents', null, coalesceMs);
  const states = useAnalyticsQuery('agentConnectionStates', { query: {} }, { liveKey: live });
  return (
    <p data-testid="agents">
      {states.status}:{states.data?.length ?? '-'}
    </p>
  );
}

describe('useLiveReload', () => {
  const agent = (idUser: number) => ({ idUser, nombre: `Asesor ${idUser}`, estado: 'Activo', eventoPausa: null, pausaMaxima: null, fechaEstado: '2026-03-02T10:00:00', chatsActivos: 0 });
  const sleep = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

  it("asks again once per burst of the topic's notices, keeps the numbers on screen meanwhile, and never polls", async () => {
    let count = 0;
    const later = deferred<IpcResult<unknown>>();
    fake.api.analytics.query.mockImplementation(async () => {
      count++;
      if (count === 2) return later.promise;
      return { ok: true, data: Array.from({ length: count }, (_, i) => agent(i + 1)) };
    });
    renderWithProviders(<AgentStates coalesceMs={30} />);
    await waitFor(() => expect(screen.getByTestId('agents').textContent).toBe('resolved:1'));
    expect(fake.api.on).toHaveBeenCalledWith('analytics:live', expect.any(Function));

    await sleep(150);
    expect(fake.api.analytics.query).toHaveBeenCalledTimes(1);

    act(() => {
      fake.emit('analytics:live', { topic: 'agents' });
      fake.emit('analytics:live', { topic: 'agents' });
      fake.emit('analytics:live', { topic: 'chats' });
      fake.emit('analytics:live', { topic: 'agents' });
    });
    await sleep(80);
    expect(fake.api.analytics.query).toHaveBeenCalledTimes(2);
    // While the reload runs, the current numbers stay (no 'Cargando…' flash on every change).
    expect(screen.getByTestId('agents').textContent).toBe('resolved:1');
    await act(async () => later.resolve({ ok: true, data: [agent(1), agent(2)] }));
    expect(screen.getByTestId('agents').textContent).toBe('resolved:2');

    act(() => fake.emit('analytics:live', { topic: 'chats' }));
    await sleep(150);
    expect(fake.api.analytics.query).toHaveBeenCalledTimes(2);
  });

  it('stops listening when the page goes', async () => {
    fake.api.analytics.query.mockImplementation(async () => ({ ok: true, data: [] }));
    const { unmount } = renderWithProviders(<AgentStates coalesceMs={10} />);
    await waitFor(() => expect(fake.api.analytics.query).toHaveBeenCalledTimes(1));
    unmount();
    act(() => fake.emit('analytics:live', { topic: 'agents' }));
    await sleep(60);
    expect(fake.api.analytics.query).toHaveBeenCalledTimes(1);
  });
});
