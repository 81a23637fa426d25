// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { ANALYTICS_PAGES } from '../../../src/shared/analytics-pages';
import type { AnalyticsQueryArg } from '../../../src/shared/analytics-calls';
import type { IpcResult } from '../../../src/shared/ipc';
import { REPORT_PAGES } from '../../../src/shared/report-pages';
import { drawn, renderAnalyticsAt } from './analytics-fixtures';
import { installFakeAtiende, ok } from './fake-atiende';

vi.mock('react-chartjs-2', () => import('./chart-mock'));

/** What a business user reads on the analytics and report pages: words, not the platform's codes (issue 17). */
let fake: ReturnType<typeof installFakeAtiende>;
let answers: Record<string, unknown>;

beforeEach(() => {
  fake = installFakeAtiende();
  drawn.clear();
  answers = {};
  fake.api.analytics.query.mockImplementation(async (arg: unknown): Promise<IpcResult<unknown>> => {
    const { call } = arg as AnalyticsQueryArg;
    return call in answers ? ok(answers[call]) : new Promise(() => {});
  });
});
afterEach(cleanup);


const paging = { currentPage: 1, currentResults: 1, totalPages: 1, totalResult: 1 };
const UUID = '000007d0-8884-8741-9ec4-fa0d6b788b05';

describe('words on the analytics and report pages', () => {
  it("the agents' history says Conectado for the service's 'Activo', as the console does", async () => {
    answers.agentConnectionHistory = {
      connections: [{ idUser: 5, nombre: 'Valentina López', estado: 'Activo', eventoPausa: null, fechaInicio: '2026-03-09T08:00:00', fechaFin: null, duracion: 60 }],
      ...paging
    };
    renderAnalyticsAt(fake, REPORT_PAGES.agentHistory.path, 6);
    const table = await screen.findByRole('table', { name: 'Conexiones de los asesores' }, { timeout: 20_000 });
    const row = within(table).getByRole('row', { name: /Valentina López/ });
    expect(row.textContent).toContain('Conectado');
    expect(row.textContent).not.toContain('Activo');
  });

  it('the notification log shows events, statuses in Spanish words, never their codes', async () => {
    answers.notificationLog = {
      notificationsLog: [
        { id: 1, fecha: '2026-03-09T10:00:00', eventType: 'CHAT_NO_ATENDIDO', TypeNotification: 1, typeName: 'Correo electrónico', destinatario: 'a@b.co', status: 'FALLIDA', detalle: '' },
        { id: 2, fecha: '2026-03-09T11:00:00', eventType: 'NUEVO_EVENTO', TypeNotification: 1, typeName: 'SMS', destinatario: '300', status: 'ENVIADA', detalle: '' }
      ],
      totalPages: 1,
      totalResult: 2
    };
    renderAnalyticsAt(fake, REPORT_PAGES.notifications.path, 1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Registro de notificaciones' }, { timeout: 20_000 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Notificaciones enviadas' });
    const text = table.textContent ?? '';
    for (const word of ['Chat no atendido', 'Fallida', 'Nuevo evento', 'Enviada']) expect(text).toContain(word);
    for (const code of ['CHAT_NO_ATENDIDO', 'FALLIDA', 'ENVIADA', 'NUEVO_EVENTO']) expect(text).not.toContain(code);
  });

  it('the escalated chats name each conversation by its customer and a short id, in the list and its dialog', async () => {
    answers.scaledChatsBars = { labels: [], datasets: [] };
    answers.escalatedChats = {
      chats: [{ idConv: UUID, fechaEntrada: '2026-03-09T10:00:00', canal: 'Web', split: 'Ventas', asesor: null, estado: 'En cola', cliente: 'Ana Ríos' }],
      ...paging
    };
    answers.escalatedChatMessages = [
      { tipoMensaje: 'TEXTO', tipoUsuario: 'CLIENTE', mensaje: 'Hola', adjunto: null, fechaMensaje: '2026-03-09T10:00:00' },
      { tipoMensaje: 'TEXTO', tipoUsuario: 'BOT', mensaje: 'Bienvenido', adjunto: null, fechaMensaje: '2026-03-09T10:00:01' }
    ];
    answers.endMessagesClient = [];
    renderAnalyticsAt(fake, ANALYTICS_PAGES.escalatedChats.path, 6);
    const table = await screen.findByRole('table', { name: 'Chats escalados' }, { timeout: 20_000 });
    const name = within(table).getByText('Ana Ríos · #6b788b05');
    // The whole id stays at hand for a support request.
    expect(name.getAttribute('title')).toBe(UUID);
    expect(table.textContent).not.toContain(UUID);
    fireEvent.click(within(table).getByRole('button', { name: 'Ver mensajes de la conversación Ana Ríos · #6b788b05' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conversación Ana Ríos · #6b788b05' });
    expect(await within(dialog).findByText(/^Cliente ·/)).toBeTruthy();
    expect(within(dialog).getByText(/^Asistente virtual ·/)).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/CLIENTE|BOT/);
  });

  it('the integrations page titles its log in Spanish and names the call results', async () => {
    answers.consumerIntegrations = {
      integrationsResult: [{ id: 1, fecha: '2026-03-09T10:00:00', service: 'consulta_saldo', status: 'failed', idConv: UUID, durationMs: 1200, detail: 'timeout' }],
      totalFailed: 1,
      totalSuccess: 3,
      ...paging
    };
    renderAnalyticsAt(fake, ANALYTICS_PAGES.integrations.path, 1);
    const table = await screen.findByRole('table', { name: 'Registro de integraciones' }, { timeout: 20_000 });
    const row = within(table).getAllByRole('row')[1];
    expect(row?.textContent).toContain('Fallida');
    expect(row?.textContent).toContain('#6b788b05');
    // One decimal mark: es-CO groups thousands with a dot.
    expect(row?.textContent).toContain('1.200');
  });
});
