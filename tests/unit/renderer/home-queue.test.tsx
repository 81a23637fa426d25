// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import './dom-setup';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AnalyticsQueryArg } from '../../../src/shared/analytics-calls';
import type { LiveQueue } from '../../../src/shared/api/queue-supervision';
import type { AgentConnectionState } from '../../../src/shared/domain/chat';
import type { IpcResult } from '../../../src/shared/ipc';
import { CHAT_QUEUE_PATH, WALLBOARD_PATH } from '../../../src/shared/supervision-pages';
import { comparisonWindows, change } from '../../../src/renderer/features/home/comparison';
import { QUEUE_ALERT_SHARE, supervisorAlerts, waitingBySplit } from '../../../src/renderer/features/home/alerts';
import { customerLine } from '../../../src/renderer/features/queue/ChatQueuePage';
import { renderAnalyticsAt } from './analytics-fixtures';
import { ok } from './fake-atiende';
import { dialog, failReply, installSettings, okReply, rowNames, type Reply } from './settings-fixtures';

vi.mock('react-chartjs-2', () => import('./chart-mock'));

describe('the comparison period (Bogotá time)', () => {
  it('is today from 00:00 to the current minute against the same weekday and hours a week before', () => {
    // 21:30 on Monday 2 March in Bogotá (UTC−5) is already Tuesday in UTC.
    expect(comparisonWindows(new Date('2026-03-03T02:30:41Z'))).toEqual({
      today: { day: '2026-03-02', until: '21:30' },
      lastWeek: { day: '2026-02-23', until: '21:30' }
    });
    // 23:59 Sunday in Bogotá; a week before is a Sunday too.
    expect(comparisonWindows(new Date('2026-03-02T04:59:00Z'))).toEqual({
      today: { day: '2026-03-01', until: '23:59' },
      lastWeek: { day: '2026-02-22', until: '23:59' }
    });
    // Midnight: the first minute of the day against the first minute of last week's.
    expect(comparisonWindows(new Date('2026-03-02T05:00:00Z')).today).toEqual({ day: '2026-03-02', until: '00:00' });
  });

  it('says how a figure moved, without dividing by a zero week', () => {
    expect(change(12, 8)).toEqual({ delta: 4, percent: 50 });
    expect(change(3, 0)).toEqual({ delta: 3, percent: null });
    expect(change(null, 4)).toBeNull();
  });
});

const NOW = Date.parse('2026-03-02T17:00:00Z');
const ago = (s: number) => new Date(NOW - s * 1000).toISOString();
function queueOf(chats: { id: string; split: number; waited: number }[], splits: Partial<LiveQueue['splits'][number]>[] = []): LiveQueue {
  const base = [
    { idSplit: 1, nombre: 'Atención general', abierto: true, tiempoMaximoEspera: 10, asesoresConectados: 2 },
    { idSplit: 2, nombre: 'Ventas', abierto: true, tiempoMaximoEspera: 4, asesoresConectados: 1 },
    { idSplit: 3, nombre: 'Soporte técnico', abierto: true, tiempoMaximoEspera: 15, asesoresConectados: 1 }
  ];
  return {
    maximoChatsAsesor: 3,
    splits: base.map((s, i) => ({ ...s, ...splits[i] })),
    chats: chats.map((c) => ({
      idConv: c.id,
      fechaEntrada: ago(c.waited),
      status: 'EN_COLA',
      idSplit: c.split,
      split: base.find((s) => s.idSplit === c.split)?.nombre ?? null,
      datosCliente: { Nombre: 'Ana Gómez', Documento: '1020' }
    }))
  };
}

describe('the alert rules', () => {
  it('warns of a chat that waited its share of the split’s limit, and of an open split with nobody connected', () => {
    const limit = 4 * 60;
    const queue = queueOf(
      [
        { id: 'c-over', split: 2, waited: limit * QUEUE_ALERT_SHARE },
        { id: 'c-under', split: 2, waited: limit * QUEUE_ALERT_SHARE - 1 },
        { id: 'c-general', split: 1, waited: 200 }
      ],
      [{}, {}, { asesoresConectados: 0 }]
    );
    const alerts = supervisorAlerts(queue, NOW);
    expect(alerts.map((a) => a.key)).toEqual(['chat:c-over', 'split:3']);
    expect(alerts[0]?.text).toBe('Chat c-over en Ventas lleva 00:02:00 esperando; se cerrará como no atendido en 00:02:00');
    expect(alerts[1]?.text).toBe('El split Soporte técnico está abierto y no tiene asesores conectados');
    // A closed split with nobody connected is not an alert.
    expect(supervisorAlerts(queueOf([], [{}, {}, { abierto: false, asesoresConectados: 0 }]), NOW)).toEqual([]);
  });

  it('warns of an agent paused longer than the pause event allows, and never of an event without a limit', () => {
    const since = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();
    const agent = (idUser: number, estado: string, eventoPausa: string | null, pausaMaxima: number | null, seconds: number): AgentConnectionState => ({
      idUser,
      nombre: `Asesor ${idUser}`,
      estado,
      eventoPausa,
      pausaMaxima,
      fechaEstado: since(seconds),
      chatsActivos: 0
    });
    const agents = [
      agent(1, 'Pausa', 'Baño', 10, 10 * 60 + 1),
      agent(2, 'Pausa', 'Baño', 10, 10 * 60),
      agent(3, 'Pausa', 'Capacitación', null, 5 * 3600),
      agent(4, 'Activo', null, null, 5 * 3600)
    ];
    const alerts = supervisorAlerts(queueOf([]), NOW, agents);
    expect(alerts.map((a) => [a.kind, a.key])).toEqual([['longPause', 'agent:1']]);
    expect(alerts[0]?.text).toBe('Asesor 1 lleva 00:10:01 en la pausa Baño; el máximo es 10 min');
  });

  it('counts the chats of each split and its longest wait', () => {
    const queue = queueOf([
      { id: 'a', split: 1, waited: 300 },
      { id: 'b', split: 1, waited: 60 },
      { id: 'c', split: 3, waited: 5 }
    ]);
    // The platform answers oldest first.
    expect(waitingBySplit(queue, NOW)).toEqual([
      { idSplit: 1, nombre: 'Atención general', waiting: 2, longest: 300 },
      { idSplit: 2, nombre: 'Ventas', waiting: 0, longest: null },
      { idSplit: 3, nombre: 'Soporte técnico', waiting: 1, longest: 5 }
    ]);
    expect(customerLine({ Nombre: 'Ana', Correo: ' ', Documento: '1020' })).toBe('Nombre: Ana · Documento: 1020');
  });
});

describe('the home page and the queue screen', () => {
  let fake: ReturnType<typeof installSettings>;
  let answer: (arg: AnalyticsQueryArg) => Promise<IpcResult<unknown>> | IpcResult<unknown>;
  const replies: Partial<Record<'assignQueuedChat' | 'moveQueuedChat', Reply>> = {};

  beforeEach(() => {
    fake = installSettings(replies);
    answer = () => new Promise(() => {});
    fake.api.analytics.query.mockImplementation(async (arg: unknown) => answer(arg as AnalyticsQueryArg));
  });
  afterEach(() => {
    cleanup();
    delete replies.assignQueuedChat;
    delete replies.moveQueuedChat;
  });

  const calls = () => fake.api.analytics.query.mock.calls.map(([arg]) => arg as AnalyticsQueryArg);
  const tileValue = (label: string) => within(screen.getByRole('group', { name: label })).getByText((_, el) => el?.hasAttribute('data-indicator') ?? false).textContent;
  const agents = [
    { idUser: 7, nombre: 'Valentina López', estado: 'Activo', eventoPausa: null, pausaMaxima: null, fechaEstado: new Date(Date.now() - 90_000).toISOString(), chatsActivos: 2 },
    { idUser: 8, nombre: 'Luis Pérez', estado: 'Pausa', eventoPausa: 'Almuerzo', pausaMaxima: 5, fechaEstado: new Date(Date.now() - 600_000).toISOString(), chatsActivos: 0 },
    { idUser: 9, nombre: 'Marta Ruiz', estado: 'Activo', eventoPausa: null, pausaMaxima: null, fechaEstado: new Date(Date.now() - 60_000).toISOString(), chatsActivos: 3 }
  ];

  it("shows '--' while pending, then today against last week's same hours, the queue, the agents and the alerts", async () => {
    const live = { chats: [{ id: 'conv-1', split: 2, waited: 0 }] };
    let queueRound = 0;
    answer = (arg) => {
      const lastWeek = (arg.query as { start?: string } | undefined)?.start !== comparisonWindows(new Date()).today.day;
      switch (arg.call) {
        case 'interactionTotals':
          return { ok: true, data: { total: lastWeek ? 40 : 50, byChannel: {} } };
        case 'attendedChatsShare':
          return { ok: true, data: { indicator: 'AttendedChats', value: 9, total: lastWeek ? 10 : 12, percentage: lastWeek ? 90 : 75 } };
        case 'tmo':
          return { ok: true, data: { indicator: 'TMO', value: lastWeek ? 300 : 444 } };
        case 'liveQueue': {
          queueRound++;
          const now = Date.now();
          const q = queueOf(queueRound === 1 ? live.chats : [], [{}, {}, { asesoresConectados: 0 }]);
          // Waits counted against the real clock the page uses.
          return { ok: true, data: { ...q, chats: q.chats.map((c) => ({ ...c, fechaEntrada: new Date(now - 150_000).toISOString() })) } };
        }
        case 'agentConnectionStates':
          return { ok: true, data: agents };
        default:
          // The rest stay pending: their tiles keep '--' (SPEC §4).
          return new Promise(() => {});
      }
    };
    renderAnalyticsAt(fake, '/analitica', 3);
    await screen.findByRole('heading', { name: /Hoy hasta ahora/ });
    expect(tileValue('Net promoter score')).toBe('--');
    await waitFor(() => expect(tileValue('Conversaciones')).toBe('50'));
    expect(tileValue('Escalados a un asesor')).toBe('12');
    expect(tileValue('Atendidos')).toBe('75 %');
    expect(tileValue('TMO')).toBe('7.24 min');
    expect(tileValue('Nivel de abandono')).toBe('--');
    expect(within(screen.getByRole('group', { name: 'Conversaciones' })).getByText(/Semana pasada: 40/).textContent).toContain('25 %');
    // Both windows reach the same minute; last week's is seven days before.
    const { today, lastWeek } = comparisonWindows(new Date());
    const totals = calls().filter((c) => c.call === 'interactionTotals').map((c) => c.query);
    expect(totals).toContainEqual({ start: today.day, end: today.day, until: expect.any(String) });
    expect(totals).toContainEqual({ start: lastWeek.day, end: lastWeek.day, until: expect.any(String) });
    // Each tile opens its statistics page.
    expect(screen.getByRole('link', { name: 'TMO: 7.24 min (semana pasada: 5 min). Ver Indicadores de atención' }).getAttribute('href')).toBe('/analitica/indicadores/atencion');
    expect(screen.getByRole('link', { name: 'Nivel de satisfacción: -- (semana pasada: --). Ver Indicadores de experiencia' }).getAttribute('href')).toBe('/analitica/indicadores/experiencia');

    const splits = await screen.findByRole('table', { name: 'Chats en cola por split' });
    const ventas = within(splits).getByRole('row', { name: /Ventas/ }).textContent ?? '';
    expect(ventas).toContain('1');
    expect(ventas).toMatch(/00:02:[2-3]\d/);
    const agentTable = await screen.findByRole('table', { name: 'Asesores por estado' });
    expect(within(agentTable).getByRole('row', { name: /Luis Pérez/ }).textContent).toContain('Almuerzo');
    expect(within(agentTable).getByRole('row', { name: /Marta Ruiz/ }).textContent).toContain('3 / 3');
    // Ventas allows 4 min: 2.5 min is past the alert's share. Soporte técnico is open with nobody connected.
    expect(screen.getByText(/Chat conv-1 en Ventas lleva/)).toBeTruthy();
    expect(screen.getByText('El split Soporte técnico está abierto y no tiene asesores conectados')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Asignar en la cola de chats' }).getAttribute('href')).toBe(CHAT_QUEUE_PATH);
    // Luis has been on Almuerzo 10 min, past its 5-min limit.
    expect(screen.getByText(/Luis Pérez lleva 00:10:\d\d en la pausa Almuerzo; el máximo es 5 min/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Ver asesores' }).map((a) => a.getAttribute('href'))).toEqual(['/configuracion/asesor-humano/asesores', '/configuracion/asesor-humano/asesores']);

    // Live: a monitor notice reloads the queue (no polling in between).
    const before = calls().filter((c) => c.call === 'liveQueue').length;
    act(() => fake.emit('analytics:live', { topic: 'chats' }));
    await waitFor(() => expect(screen.queryByText(/Chat conv-1 en Ventas lleva/)).toBeNull());
    expect(calls().filter((c) => c.call === 'liveQueue').length).toBe(before + 1);
  });

  it('opens a statistics page from a tile on the organisation chosen on the home page (roles 1–2)', async () => {
    fake.api.platform.organizations.mockImplementation(() =>
      ok([
        { idOrg: 100, name: 'Demo Contact Center', schemaName: 'demo', isActive: true, organizationType: 'Contact center' },
        { idOrg: 200, name: 'Otra Entidad S.A.S.', schemaName: 'otra', isActive: true, organizationType: 'Entidad' }
      ])
    );
    answer = (arg) => (arg.call === 'tmo' ? { ok: true, data: { indicator: 'TMO', value: 60 } } : new Promise(() => {}));
    const router = renderAnalyticsAt(fake, '/analitica', 1);
    const org = (await screen.findByLabelText('Organización')) as HTMLSelectElement;
    await waitFor(() => expect([...org.options].map((o) => o.textContent)).toContain('Otra Entidad S.A.S.'));
    fireEvent.change(org, { target: { value: '200' } });
    await waitFor(() => expect(calls().some((c) => c.call === 'tmo' && c.idOrg === 200)).toBe(true));
    const before = calls().length;
    fireEvent.click(screen.getByRole('link', { name: /^TMO: .*Ver Indicadores de atención$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/analitica/indicadores/atencion'));
    // FCR is on the attention page only: its call names the organisation chosen on the home page.
    await waitFor(() => expect(calls().slice(before).filter((c) => c.call === 'fcr').map((c) => c.idOrg)).toEqual([200]));
    expect(calls().slice(before).every((c) => c.idOrg === 200)).toBe(true);
    expect((screen.getByLabelText('Organización') as HTMLSelectElement).value).toBe('200');
  });

  it('follows the live notices of the organisation the home page shows (roles 1–2 choose it)', async () => {
    fake.api.platform.organizations.mockImplementation(() =>
      ok([
        { idOrg: 100, name: 'Demo Contact Center', schemaName: 'demo', isActive: true, organizationType: 'Contact center' },
        { idOrg: 200, name: 'Otra Entidad S.A.S.', schemaName: 'otra', isActive: true, organizationType: 'Entidad' }
      ])
    );
    answer = (arg) => (arg.call === 'liveQueue' ? { ok: true, data: queueOf([]) } : new Promise(() => {}));
    const followed = () => fake.api.analytics.follow.mock.calls.map(([arg]) => arg.idOrg);
    renderAnalyticsAt(fake, '/analitica', 1);
    const org = (await screen.findByLabelText('Organización')) as HTMLSelectElement;
    // The session's organisation first (the main process resolves null: the own, or the one administered).
    await waitFor(() => expect(followed()).toContain(null));
    expect(followed().every((idOrg) => idOrg === null)).toBe(true);
    await waitFor(() => expect([...org.options].map((o) => o.textContent)).toContain('Otra Entidad S.A.S.'));
    fireEvent.change(org, { target: { value: '200' } });
    await waitFor(() => expect(followed().at(-1)).toBe(200));
    // Every live section follows the organisation in view, none stays on the previous one.
    const since = followed().lastIndexOf(null) + 1;
    expect(new Set(followed().slice(since))).toEqual(new Set([200]));
    // And a notice (now that organisation's) reloads its queue.
    await waitFor(() => expect(calls().some((c) => c.call === 'liveQueue' && c.idOrg === 200)).toBe(true));
    const before = calls().filter((c) => c.call === 'liveQueue' && c.idOrg === 200).length;
    act(() => fake.emit('analytics:live', { topic: 'chats' }));
    await waitFor(() => expect(calls().filter((c) => c.call === 'liveQueue' && c.idOrg === 200).length).toBe(before + 1));
  });

  it('lists the waiting chats and assigns one to a connected agent below the limit; a lost race is said in Spanish', async () => {
    answer = (arg) => {
      if (arg.call === 'liveQueue') {
        return { ok: true, data: queueOf([{ id: 'conv-old', split: 1, waited: 400 }, { id: 'conv-new', split: 2, waited: 30 }]) };
      }
      if (arg.call === 'agentConnectionStates') return { ok: true, data: agents };
      return new Promise(() => {});
    };
    replies.assignQueuedChat = () => failReply(409, 'El chat ya no está en la cola: otro supervisor o el enrutador ya lo atendió');
    renderAnalyticsAt(fake, CHAT_QUEUE_PATH, 6);
    const table = await screen.findByRole('table', { name: 'Chats en espera' });
    const rows = within(table).getAllByRole('row').slice(1);
    // The short id (its whole in the tooltip), the state in words.
    expect(rowNames({ scope: within(table) })).toEqual(['#convold', '#convnew']);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').getAttribute('title')).toBe('conv-old');
    expect(rows[0]?.textContent).toContain('En cola');
    expect(rows[0]?.textContent).not.toContain('EN_COLA');
    expect(rows[0]?.textContent).toContain('Atención general');
    expect(rows[0]?.textContent).toContain('Nombre: Ana Gómez · Documento: 1020');

    fireEvent.click(within(table).getByRole('button', { name: 'Asignar #convold' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Asignar el chat #convold', hidden: true })).toBeTruthy());
    // Only connected agents below the limit: Marta holds 3 of 3, Luis is paused.
    await waitFor(() => expect(dialog().getAllByRole('option').map((o: HTMLElement) => o.textContent)).toEqual(['Seleccione…', 'Valentina López (2 / 3)']));
    // The chat whole, whatever the row's one line cut: its split and every answer of the customer.
    const summary = dialog().getByRole('group', { name: 'El chat en espera' });
    const pairs = [...summary.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs.slice(1)).toEqual([
      ['Split', 'Atención general'],
      ['Nombre', 'Ana Gómez'],
      ['Documento', '1020']
    ]);
    expect(pairs[0]?.[0]).toBe('Fecha de entrada');
    const agentCalls = calls().filter((c) => c.call === 'agentConnectionStates');
    expect(agentCalls.at(-1)?.query).toEqual({});
    fireEvent.change(dialog().getByRole('combobox', { name: /Asesor/ }), { target: { value: '7' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Asignar' }));
    await waitFor(() => expect(dialog().getByText('El chat ya no está en la cola: otro supervisor o el enrutador ya lo atendió')).toBeTruthy());
    expect(fake.sent('assignQueuedChat')[0]?.body).toEqual({ idConv: 'conv-old', idUser: 7 });

    // After the assignment the queue is asked again quietly: its rows stay on screen until the answer comes.
    let answerAgain: (result: IpcResult<unknown>) => void = () => {};
    const asked = calls().filter((c) => c.call === 'liveQueue').length;
    answer = (arg) => {
      if (arg.call === 'liveQueue') return new Promise((resolve) => (answerAgain = resolve));
      if (arg.call === 'agentConnectionStates') return { ok: true, data: agents };
      return new Promise(() => {});
    };
    replies.assignQueuedChat = () => okReply({ idConv: 'conv-old', status: 'ASIGNADA', idSplit: 1, idUser: 7 });
    fireEvent.click(dialog().getByRole('button', { name: 'Asignar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(await screen.findByText('Chat asignado')).toBeTruthy();
    await waitFor(() => expect(calls().filter((c) => c.call === 'liveQueue').length).toBe(asked + 1));
    const queueTable = () => within(screen.getByRole('table', { name: 'Chats en espera' }));
    expect(rowNames({ scope: queueTable() })).toEqual(['#convold', '#convnew']);
    act(() => answerAgain({ ok: true, data: queueOf([{ id: 'conv-new', split: 2, waited: 30 }]) }));
    await waitFor(() => expect(rowNames({ scope: queueTable() })).toEqual(['#convnew']));
  });

  it('says plainly that nobody is waiting when the queue is empty', async () => {
    answer = (arg) => (arg.call === 'liveQueue' ? { ok: true, data: queueOf([]) } : new Promise(() => {}));
    renderAnalyticsAt(fake, CHAT_QUEUE_PATH, 6);
    expect(await screen.findByText('No hay chats esperando en la cola en este momento.')).toBeTruthy();
    expect(screen.queryByText('No hay datos para los filtros seleccionados.')).toBeNull();
  });

  it('moves a chat to another split, and shows viewers the queue without actions', async () => {
    answer = (arg) => (arg.call === 'liveQueue' ? { ok: true, data: queueOf([{ id: 'conv-1', split: 1, waited: 40 }]) } : new Promise(() => {}));
    replies.moveQueuedChat = () => okReply({ idConv: 'conv-1', status: 'EN_COLA', idSplit: 3, idUser: null });
    renderAnalyticsAt(fake, CHAT_QUEUE_PATH, 3);
    const table = await screen.findByRole('table', { name: 'Chats en espera' });
    fireEvent.click(within(table).getByRole('button', { name: 'Mover #conv1' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Mover el chat #conv1 a otro split', hidden: true })).toBeTruthy());
    await waitFor(() => expect(dialog().getAllByRole('option').map((o: HTMLElement) => o.textContent)).toEqual(['Seleccione…', 'Ventas', 'Soporte técnico']));
    fireEvent.click(dialog().getByRole('button', { name: 'Mover' }));
    await waitFor(() => expect(dialog().getByText('Seleccione el split')).toBeTruthy());
    fireEvent.change(dialog().getByRole('combobox', { name: /Split de destino/ }), { target: { value: '3' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Mover' }));
    await waitFor(() => expect(fake.sent('moveQueuedChat')[0]?.body).toEqual({ idConv: 'conv-1', idSplit: 3 }));
    cleanup();

    renderAnalyticsAt(fake, CHAT_QUEUE_PATH, 4);
    const viewed = await screen.findByRole('table', { name: 'Chats en espera' });
    expect(within(viewed).queryByRole('button', { name: /Asignar/ })).toBeNull();
    cleanup();
    renderAnalyticsAt(fake, CHAT_QUEUE_PATH, 5);
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
  });

  it('opens the wallboard in large type, live, and leaves it with Esc (over the page where the host gives no window)', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    let round = 0;
    answer = (arg) => {
      if (arg.call === 'liveQueue') {
        round++;
        const q = queueOf(round === 1 ? [{ id: 'a', split: 1, waited: 65 }, { id: 'b', split: 1, waited: 5 }] : [{ id: 'b', split: 1, waited: 5 }]);
        // Waits counted against the real clock the board uses.
        const shift = Date.now() - NOW;
        return { ok: true, data: { ...q, chats: q.chats.map((c) => ({ ...c, fechaEntrada: new Date(Date.parse(c.fechaEntrada) + shift).toISOString() })) } };
      }
      if (arg.call === 'agentConnectionStates') return { ok: true, data: agents };
      if (arg.call === 'interactionTotals') return { ok: true, data: { total: 31, byChannel: {} } };
      return new Promise(() => {});
    };
    renderAnalyticsAt(fake, CHAT_QUEUE_PATH, 4);
    await screen.findByRole('table', { name: 'Chats en espera' });
    fireEvent.click(screen.getByRole('button', { name: 'Tablero de pared' }));
    expect(open).toHaveBeenCalledWith(WALLBOARD_PATH, 'atiende-tablero', expect.any(String));
    open.mockRestore();
    const wall = await screen.findByRole('dialog', { name: 'Tablero de la cola' });
    expect(within(wall).getByRole('region', { name: 'En cola' }).textContent).toContain('2');
    const general = within(wall).getByRole('region', { name: 'Atención general' }).textContent ?? '';
    expect(general).toMatch(/Espera máx\. 00:01:0\d/);
    await waitFor(() => expect(within(wall).getByRole('region', { name: 'Conectado' }).textContent).toContain('2'));
    expect(within(wall).getByRole('region', { name: 'Pausa' }).textContent).toContain('1');
    await waitFor(() => expect(within(wall).getByRole('region', { name: 'Conversaciones' }).textContent).toContain('31'));
    // Still pending: '--' (SPEC §4), and busy; the figures that answered are not.
    expect(within(wall).getByRole('region', { name: 'TMO' }).textContent).toContain('--');
    expect(within(wall).getByRole('region', { name: 'TMO' }).getAttribute('aria-busy')).toBe('true');
    expect(within(wall).getByRole('region', { name: 'Conversaciones' }).getAttribute('aria-busy')).toBeNull();

    act(() => fake.emit('analytics:live', { topic: 'chats' }));
    await waitFor(() => expect(within(wall).getByRole('region', { name: 'En cola' }).textContent).toContain('1'));

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tablero de la cola' })).toBeNull());
    expect(screen.getByRole('table', { name: 'Chats en espera' })).toBeTruthy();
  });

  it('opens the wallboard in a window of its own for the chosen organisation: the whole window is the board, Esc closes it', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const asked: (number | null | undefined)[] = [];
    answer = (arg) => {
      if (arg.call === 'liveQueue') {
        asked.push(arg.idOrg);
        return { ok: true, data: queueOf([{ id: 'a', split: 1, waited: 5 }]) };
      }
      return new Promise(() => {});
    };
    renderAnalyticsAt(fake, CHAT_QUEUE_PATH, 1);
    await screen.findByRole('table', { name: 'Chats en espera' });
    fireEvent.click(screen.getByRole('button', { name: 'Tablero de pared' }));
    expect(open).toHaveBeenCalledTimes(1);
    // The board did not cover the page: the window shows it.
    expect(screen.queryByRole('dialog', { name: 'Tablero de la cola' })).toBeNull();
    open.mockRestore();
    cleanup();

    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    renderAnalyticsAt(fake, `${WALLBOARD_PATH}?org=200`, 1);
    const wall = await screen.findByRole('dialog', { name: 'Tablero de la cola' });
    await waitFor(() => expect(within(wall).getByRole('region', { name: 'En cola' }).textContent).toContain('1'));
    expect(asked).toContain(200);
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(close).toHaveBeenCalled();
    close.mockRestore();
    cleanup();

    // Only for whoever may open the queue.
    renderAnalyticsAt(fake, WALLBOARD_PATH, 5);
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
  });
});
