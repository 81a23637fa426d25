// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SessionExpiryScreen, sessionExpiryRecord } from '../../../src/renderer/features/settings/virtual/session-expiry.screen';
import type { SessionExpirationType } from '../../../src/shared/domain/session-expiry';
import { MSG } from '../../../src/shared/messages';
import type { SettingsCallArg } from '../../../src/shared/settings-calls';
import { describeRecordScreen, failReply, installSettings, okReply, renderPage } from './settings-fixtures';

afterEach(cleanup);

const BOT: SessionExpirationType = { idSessionExpirationType: 11, kind: 'BOT', clientMessage: 'Cerramos el chat por inactividad.', closingTime: 10 };
const AGENT: SessionExpirationType = { idSessionExpirationType: 12, kind: 'ASESOR', clientMessage: 'Tu asesor cerró la conversación.', closingTime: 30 };
const AGENTS = [
  { idVa: 1, name: 'Asistente Demo' },
  { idVa: 2, name: 'Asistente Ventas' }
];
const bodyOf = (a: SettingsCallArg | undefined) => (a as { body?: unknown } | undefined)?.body;
const queryOf = (a: SettingsCallArg | undefined) => (a as { query?: unknown } | undefined)?.query;

describeRecordScreen(sessionExpiryRecord('BOT', { idOrg: null, idVa: 1 }), {
  role: 3,
  record: BOT,
  answer: (bot) => [bot, AGENT],
  shown: { closingTime: '10', clientMessage: 'Cerramos el chat por inactividad.' },
  refused: { fill: { closingTime: '0', clientMessage: '   ' }, messages: ['El tiempo de cierre debe ser al menos 1', 'El mensaje al cliente es obligatorio'] },
  fill: { closingTime: '5', clientMessage: 'Sesión cerrada: vuelve cuando quieras.' },
  sent: { idVa: 1, idSessionExpirationType: 11, closingTime: 5, clientMessage: 'Sesión cerrada: vuelve cuando quieras.' }
});

describe('expiracion-sesion', () => {
  const form = async (name: string) => within(await screen.findByRole('form', { name }));

  it('says its SPEC §8 texts as SPEC spells them', () => {
    expect(MSG.sessionExpiry).toEqual({
      loadFailed: 'Error al obtener configuración de expiración de sesión',
      updated: 'Configuración de expiración actualizada',
      updateFailed: 'No se pudo actualizar la configuración de expiración de sesión'
    });
  });

  it("shows the chosen virtual agent's two types, and another agent's when it is chosen", async () => {
    const fake = installSettings({
      virtualAgents: () => okReply(AGENTS),
      sessionExpirationTypes: (arg) =>
        (queryOf(arg) as { idVa: number }).idVa === 1 ? okReply([BOT, AGENT]) : okReply([{ ...BOT, idSessionExpirationType: 21, closingTime: 3 }, { ...AGENT, idSessionExpirationType: 22, closingTime: 45 }])
    });
    renderPage(<SessionExpiryScreen />, 3);
    expect(await screen.findByRole('heading', { level: 1, name: 'Expiración de sesión' })).toBeTruthy();
    const bot = await form('Conversación con el asistente virtual');
    await waitFor(() => expect((bot.getByLabelText(/^Tiempo de cierre/) as HTMLInputElement).value).toBe('10'));
    const agent = await form('Conversación con un asesor');
    await waitFor(() => expect((agent.getByLabelText(/^Tiempo de cierre/) as HTMLInputElement).value).toBe('30'));
    expect((agent.getByLabelText(/^Mensaje al cliente/) as HTMLTextAreaElement).value).toBe('Tu asesor cerró la conversación.');

    fireEvent.change(screen.getByLabelText(/^Asistente virtual/), { target: { value: '2' } });
    await waitFor(async () => expect(((await form('Conversación con un asesor')).getByLabelText(/^Tiempo de cierre/) as HTMLInputElement).value).toBe('45'));
    expect(fake.sent('sessionExpirationTypes').map(queryOf)).toContainEqual({ idVa: 2 });
  });

  it('saves the agent type with its own id, refusing first a time past a day and a message too long, in Spanish, sending nothing', async () => {
    const fake = installSettings({
      virtualAgents: () => okReply(AGENTS),
      sessionExpirationTypes: () => okReply([BOT, AGENT]),
      updateSessionExpirationType: (arg) => okReply({ ...AGENT, ...(bodyOf(arg) as object) })
    });
    renderPage(<SessionExpiryScreen />, 3);
    const agent = await form('Conversación con un asesor');
    await waitFor(() => expect((agent.getByLabelText(/^Tiempo de cierre/) as HTMLInputElement).value).toBe('30'));
    fireEvent.change(agent.getByLabelText(/^Tiempo de cierre/), { target: { value: '1441' } });
    fireEvent.change(agent.getByLabelText(/^Mensaje al cliente/), { target: { value: 'a'.repeat(1001) } });
    fireEvent.click(agent.getByRole('button', { name: 'Guardar' }));
    expect(await agent.findByText('El tiempo de cierre no puede superar 1440')).toBeTruthy();
    expect(agent.getByText('El mensaje al cliente no puede superar 1000 caracteres')).toBeTruthy();
    expect(fake.sent('updateSessionExpirationType')).toEqual([]);

    fireEvent.change(agent.getByLabelText(/^Tiempo de cierre/), { target: { value: '20' } });
    fireEvent.change(agent.getByLabelText(/^Mensaje al cliente/), { target: { value: 'Cerramos tu chat con el asesor.' } });
    fireEvent.click(agent.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.sessionExpiry.updated)).toBeTruthy();
    expect(bodyOf(fake.sent('updateSessionExpirationType')[0])).toEqual({ idVa: 1, idSessionExpirationType: 12, closingTime: 20, clientMessage: 'Cerramos tu chat con el asesor.' });
    // The assistant's type was left as it was.
    const bot = await form('Conversación con el asistente virtual');
    expect((bot.getByLabelText(/^Tiempo de cierre/) as HTMLInputElement).value).toBe('10');
  });

  it('shows the SPEC §8 load error when the types cannot be read', async () => {
    installSettings({ virtualAgents: () => okReply(AGENTS), sessionExpirationTypes: () => failReply(500, 'caído') });
    renderPage(<SessionExpiryScreen />, 3);
    expect((await screen.findAllByText(MSG.sessionExpiry.loadFailed)).length).toBeGreaterThan(0);
  });
});
