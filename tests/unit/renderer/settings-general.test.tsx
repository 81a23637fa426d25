// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EndMessagesPage } from '../../../src/renderer/features/settings/human/EndMessagesPage';
import { GeneralPage, chatParametersRecord } from '../../../src/renderer/features/settings/human/general.screen';
import type { EndMessage } from '../../../src/shared/domain/end-message';
import type { ChatParameters, PauseEvent } from '../../../src/shared/domain/parameters';
import { MSG } from '../../../src/shared/messages';
import { ISO, describeRecordScreen, dialog, failReply, findConfirm, installSettings, okReply, renderPage, rowNames, rowOf } from './settings-fixtures';

afterEach(cleanup);

const PARAMS: ChatParameters = { diasLaborales: [1, 2, 3, 4, 5], horaLaboralInicio: '08:00', horaLaboralFin: '18:00', nroMaximoChatsAsesor: 3, tiempoInactividadCliente: 10 };
const pause = (id: number, nombre: string): PauseEvent => ({ id, nombre, descripcion: '', activo: true, tiempoMaximo: null, logic_delete: false, fechaCreacion: ISO, fechaActualizacion: ISO });
const body = (arg: { body?: unknown }) => arg.body as Record<string, unknown>;

describeRecordScreen(chatParametersRecord, {
  record: PARAMS,
  shown: { nroMaximoChatsAsesor: '3', tiempoInactividadCliente: '10', horaLaboralInicio: '08:00', horaLaboralFin: '18:00' },
  refused: { fill: { nroMaximoChatsAsesor: '0' }, messages: ['El número máximo de chats debe ser al menos 1'] },
  fill: { nroMaximoChatsAsesor: '5', horaLaboralFin: '19:30' },
  sent: { ...PARAMS, nroMaximoChatsAsesor: 5, horaLaboralFin: '19:30' }
});

describe('general: chat parameters', () => {
  it('refuses a max chats that is not a positive integer, keeps it, then saves every parameter', async () => {
    let fail = true;
    const fake = installSettings({
      chatParameters: () => okReply(PARAMS),
      pauseEvents: () => okReply([]),
      updateChatParameters: (arg) => (fail ? failReply(500, MSG.generic.serverError) : okReply({ ...PARAMS, ...body(arg) }))
    });
    renderPage(<GeneralPage />);
    const form = within(await screen.findByRole('form', { name: 'Parámetros de chat' }));
    const maxChats = form.getByLabelText(/^Número máximo de chats/) as HTMLInputElement;
    await waitFor(() => expect(maxChats.value).toBe('3'));
    expect((form.getByRole('checkbox', { name: 'Sábado' }) as HTMLInputElement).checked).toBe(false);

    fireEvent.change(maxChats, { target: { value: '0' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByText('El número máximo de chats debe ser al menos 1')).toBeTruthy();
    fireEvent.change(maxChats, { target: { value: '-2' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByText('El número máximo de chats debe ser al menos 1')).toBeTruthy();
    fireEvent.change(maxChats, { target: { value: '1.5' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByText('El número máximo de chats debe ser un número entero')).toBeTruthy();
    expect(maxChats.value).toBe('1.5');
    fireEvent.change(maxChats, { target: { value: '5' } });
    fireEvent.change(form.getByLabelText(/^Hora laboral de fin/), { target: { value: '07:00' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByText('La hora final debe ser posterior a la hora inicial')).toBeTruthy();
    expect(fake.sent('updateChatParameters')).toEqual([]);

    fireEvent.change(form.getByLabelText(/^Hora laboral de fin/), { target: { value: '19:30' } });
    fireEvent.click(form.getByRole('checkbox', { name: 'Sábado' }));
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.parameters.maxChatsUpdateFailed)).toBeTruthy();
    expect(maxChats.value).toBe('5');

    fail = false;
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.parameters.maxChatsUpdated)).toBeTruthy();
    expect(body(fake.sent('updateChatParameters')[1]!)).toEqual({
      nroMaximoChatsAsesor: 5,
      diasLaborales: [1, 2, 3, 4, 5, 6],
      horaLaboralInicio: '08:00',
      horaLaboralFin: '19:30',
      tiempoInactividadCliente: 10
    });
  });

  it('shows its SPEC §8 load error, and a blank form for an organisation without parameters', async () => {
    installSettings({ chatParameters: () => failReply(500, MSG.generic.serverError), pauseEvents: () => failReply(500, MSG.generic.serverError) });
    renderPage(<GeneralPage />);
    expect(await screen.findByText(MSG.parameters.loadFailed)).toBeTruthy();
    expect(await screen.findByText(MSG.pauseEvents.loadFailed)).toBeTruthy();
    cleanup();
    installSettings({ chatParameters: () => failReply(404, MSG.parameters.loadFailed), pauseEvents: () => okReply([]) });
    renderPage(<GeneralPage />);
    const form = within(await screen.findByRole('form', { name: 'Parámetros de chat' }));
    expect((form.getByLabelText(/^Número máximo de chats/) as HTMLInputElement).value).toBe('');
  });
});

describe('general: pause events', () => {
  it('creates at the top, edits in place and deletes after confirming', async () => {
    const fake = installSettings({
      chatParameters: () => okReply(PARAMS),
      pauseEvents: () => okReply([pause(1, 'Almuerzo'), pause(2, 'Baño')]),
      createPauseEvent: (arg) => okReply({ ...pause(9, ''), ...body(arg) }),
      updatePauseEvent: (arg) => okReply({ ...pause(Number(body(arg).id), ''), ...body(arg) }),
      deletePauseEvent: () => okReply({ success: true })
    });
    renderPage(<GeneralPage />);
    const section = within(await screen.findByRole('region', { name: 'Eventos de pausa' }));
    await section.findByRole('rowheader', { name: 'Almuerzo' });

    fireEvent.click(section.getByRole('button', { name: 'Nuevo evento de pausa' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Guardar' }));
    expect(await dialog().findByText('El nombre es obligatorio')).toBeTruthy();
    fireEvent.change(dialog().getByLabelText(/^Nombre/), { target: { value: 'Capacitación' } });
    // The limit is optional; when given, whole minutes within a shift.
    fireEvent.change(dialog().getByLabelText(/^Tiempo máximo de la pausa/), { target: { value: '721' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Guardar' }));
    expect(await dialog().findByText('El tiempo máximo de la pausa no puede superar 720')).toBeTruthy();
    fireEvent.change(dialog().getByLabelText(/^Tiempo máximo de la pausa/), { target: { value: 'media hora' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Guardar' }));
    expect(await dialog().findByText('El tiempo máximo de la pausa debe ser un número')).toBeTruthy();
    expect((dialog().getByLabelText(/^Nombre/) as HTMLInputElement).value).toBe('Capacitación');
    fireEvent.change(dialog().getByLabelText(/^Tiempo máximo de la pausa/), { target: { value: '90' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.pauseEvents.created)).toBeTruthy();
    await waitFor(() => expect(rowNames({ scope: section })).toEqual(['Capacitación', 'Almuerzo', 'Baño']));
    expect(fake.sent('createPauseEvent').map((a) => (a as { body: unknown }).body)).toEqual([{ nombre: 'Capacitación', descripcion: '', activo: true, tiempoMaximo: 90 }]);
    expect(rowOf('Capacitación').textContent).toContain('90 min');
    expect(rowOf('Almuerzo').textContent).toContain('Sin límite');

    fireEvent.click(within(rowOf('Baño')).getByRole('button', { name: 'Editar Baño' }));
    const edit = dialog();
    fireEvent.change(edit.getByLabelText(/^Nombre/), { target: { value: 'Pausa activa' } });
    fireEvent.click(edit.getByRole('button', { name: 'Guardar', hidden: true }));
    expect(await screen.findByText(MSG.pauseEvents.updated)).toBeTruthy();
    await waitFor(() => expect(rowNames({ scope: section })).toEqual(['Capacitación', 'Almuerzo', 'Pausa activa']));
    // Left blank, the limit is sent as none.
    expect(fake.sent('updatePauseEvent').map((a) => (a as { body: { tiempoMaximo?: unknown } }).body.tiempoMaximo)).toEqual([null]);

    fireEvent.click(within(rowOf('Almuerzo')).getByRole('button', { name: 'Eliminar Almuerzo' }));
    fireEvent.click((await findConfirm()).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(MSG.pauseEvents.deleted)).toBeTruthy();
    await waitFor(() => expect(rowNames({ scope: section })).toEqual(['Capacitación', 'Pausa activa']));
    expect(fake.sent('deletePauseEvent').map((a) => a.query)).toEqual([{ id: 1 }]);
  });
});

describe('mensajes', () => {
  const msg = (id: number, acronym: string, fin = false): EndMessage => ({ idEndTypeConversation: id, acronym, clientMessage: `Texto ${acronym}`, fin });

  it('lists the messages in SPEC §9 order with the last flagged fin, and keeps a refused text', async () => {
    const fake = installSettings({
      endMessages: () => okReply([msg(6, 'FCFHL', true), msg(2, 'FCCC'), msg(1, 'CCCNE'), msg(4, 'FCTIC'), msg(3, 'FCCA'), msg(5, 'FCTIA')]),
      updateEndMessage: (arg) => (body(arg).idEndTypeConversation === 3 ? failReply(404, 'El mensaje no existe') : okReply({ ...msg(2, 'FCCC'), ...body(arg) }))
    });
    renderPage(<EndMessagesPage />);
    const list = await screen.findByRole('list', { name: 'Mensajes de fin de conversación' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('form')?.getAttribute('aria-label'))).toEqual(['CCCNE', 'FCCC', 'FCCA', 'FCTIC', 'FCTIA', 'FCFHL'].map((a) => `Mensaje ${a}`));
    // Each card is headed by its acronym with its meaning beside it.
    expect(within(items[1]!).getByText('FCCC — El cliente cerró el chat')).toBeTruthy();
    expect(within(items[5]!).getByText('Fin de conversación')).toBeTruthy();
    expect(within(items[0]!).queryByText('Fin de conversación')).toBeNull();

    const fccc = within(screen.getByRole('form', { name: 'Mensaje FCCC' }));
    fireEvent.change(fccc.getByLabelText(/^Mensaje FCCC/), { target: { value: '  ' } });
    fireEvent.click(fccc.getByRole('button', { name: 'Guardar' }));
    expect(await fccc.findByText('El mensaje es obligatorio')).toBeTruthy();
    fireEvent.change(fccc.getByLabelText(/^Mensaje FCCC/), { target: { value: 'Hasta pronto' } });
    fireEvent.click(fccc.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.endMessages.updated)).toBeTruthy();
    expect(fake.sent('updateEndMessage').map(body)).toEqual([{ idEndTypeConversation: 2, clientMessage: 'Hasta pronto' }]);

    const fcca = within(screen.getByRole('form', { name: 'Mensaje FCCA' }));
    fireEvent.change(fcca.getByLabelText(/^Mensaje FCCA/), { target: { value: 'Otro texto' } });
    fireEvent.click(fcca.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.endMessages.updateFailed)).toBeTruthy();
    expect((fcca.getByLabelText(/^Mensaje FCCA/) as HTMLTextAreaElement).value).toBe('Otro texto');
  });
});
