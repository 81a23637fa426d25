// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok } from './fake-atiende';
import { SLOW, chatView, consoleState, dialogClosed, findDialog, renderConsole, consoleTestSetup, toastTexts } from './chat-fixtures';
import type { AgentChatView } from '../../../src/shared/chat-console';
import type { BusinessReason, FinalReason } from '../../../src/shared/domain/reason';
import type { PauseEvent } from '../../../src/shared/domain/parameters';

const stamp = '2026-01-01T00:00:00';
const business = (idCausal: number, nombre: string): BusinessReason => ({
  idCausal,
  nombre,
  descripcion: '',
  activo: true,
  fechaCreacion: stamp,
  fechaActualizacion: stamp,
  logic_delete: false,
  codigoCausal: `N${idCausal}`
});
const final = (idCausal: number, nombre: string): FinalReason => ({
  idCausal,
  nombre,
  descripcion: '',
  activo: true,
  fechaCreacion: stamp,
  fechaActualizacion: stamp,
  logic_delete: false,
  codigoCausalFinalizacion: `F${idCausal}`
});
const pauseEvent = (id: number, nombre: string): PauseEvent => ({
  id,
  nombre,
  descripcion: '',
  activo: true,
  tiempoMaximo: null,
  logic_delete: false,
  fechaCreacion: stamp,
  fechaActualizacion: stamp
});

describe('the chat actions', SLOW, () => {
  const fake = consoleTestSetup();

  async function openChat(chat: AgentChatView) {
    fake.api.chat.state.mockImplementation(() => ok(consoleState([chat])));
    const view = renderConsole();
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(chat.customer.nombre) }));
    await screen.findByRole('heading', { level: 2, name: chat.customer.nombre });
    return view;
  }

  describe('Finalizar', () => {
    beforeEach(() => {
      fake.api.chat.reasons.mockImplementation(() =>
        ok({ business: [business(1, 'Consulta de saldo'), business(2, 'Reclamo')], final: [final(7, 'Resuelto'), final(8, 'Cliente no responde')] })
      );
    });

    it('requires at least one business reason and the finalisation reason', async () => {
      await openChat(chatView('c1'));
      fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
      const dialog = await findDialog('Finalizar chat');
      await within(dialog).findByRole('checkbox', { name: 'Consulta de saldo' });
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Finalizar' })));
      expect(within(dialog).getByText('Seleccione al menos una causal de negocio')).toBeTruthy();
      expect(within(dialog).getByText('Seleccione la causal de finalización')).toBeTruthy();
      expect(fake.api.chat.finish).not.toHaveBeenCalled();

      fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Reclamo' }));
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Finalizar' })));
      expect(within(dialog).queryByText('Seleccione al menos una causal de negocio')).toBeNull();
      expect(within(dialog).getByText('Seleccione la causal de finalización')).toBeTruthy();
      expect(fake.api.chat.finish).not.toHaveBeenCalled();

      fireEvent.change(within(dialog).getByRole('combobox', { name: /Causal de finalización/ }), { target: { value: '8' } });
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Finalizar' })));
      expect(fake.api.chat.finish).toHaveBeenCalledWith({ conversationId: 'c1', business: [2], ending: 8 });
      await dialogClosed();
      await waitFor(() => expect(toastTexts()).toContain('Chat finalizado'));
    });

    it('keeps the selection when finishing fails', async () => {
      fake.api.chat.finish.mockImplementation(() => fail({ status: 409, message: 'No fue posible finalizar el chat' }));
      await openChat(chatView('c1'));
      fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
      const dialog = await findDialog('Finalizar chat');
      fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Consulta de saldo' }));
      fireEvent.change(within(dialog).getByRole('combobox', { name: /Causal de finalización/ }), { target: { value: '7' } });
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Finalizar' })));
      await waitFor(() => expect(toastTexts()).toContain('No fue posible finalizar el chat'));
      expect(screen.getByRole('dialog', { name: 'Finalizar chat' })).toBeTruthy();
      expect((within(dialog).getByRole('checkbox', { name: 'Consulta de saldo' }) as HTMLInputElement).checked).toBe(true);
      expect((within(dialog).getByRole('combobox', { name: /Causal de finalización/ }) as HTMLSelectElement).value).toBe('7');
    });

    it('asks for both reasons again on a chat that came by transfer', async () => {
      await openChat(chatView('c1', { transfer: true }));
      fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
      const dialog = await findDialog('Finalizar chat');
      expect(within(dialog).getByText(/llegó por traslado/)).toBeTruthy();
      await within(dialog).findByRole('checkbox', { name: 'Reclamo' });
      for (const box of within(dialog).getAllByRole('checkbox')) expect((box as HTMLInputElement).checked).toBe(false);
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Finalizar' })));
      expect(within(dialog).getByText('Seleccione al menos una causal de negocio')).toBeTruthy();
      expect(fake.api.chat.finish).not.toHaveBeenCalled();
    });
  });

  describe('Transferir', () => {
    it('loads the splits, requires one, transfers and shows the transfer under way', async () => {
      fake.api.chat.transferSplits.mockImplementation(() =>
        ok([
          { idSplit: 2, codigoSplit: 'VENTAS', nombre: 'Ventas', agentesConectados: 3 },
          { idSplit: 3, codigoSplit: 'SOPORTE', nombre: 'Soporte técnico', agentesConectados: 1 }
        ])
      );
      await openChat(chatView('c1'));
      fireEvent.click(screen.getByRole('button', { name: 'Transferir' }));
      const dialog = await findDialog('Transferir chat');
      const select = (await within(dialog).findByRole('combobox', { name: /Split de destino/ })) as HTMLSelectElement;
      expect(fake.api.chat.transferSplits).toHaveBeenCalledWith({ conversationId: 'c1' });
      expect([...select.options].map((o) => o.textContent)).toEqual(['Seleccione…', 'Ventas (3 asesores conectados)', 'Soporte técnico (1 asesor conectado)']);

      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Transferir' })));
      expect(within(dialog).getByText('Seleccione el split de destino')).toBeTruthy();
      expect(fake.api.chat.transfer).not.toHaveBeenCalled();

      fireEvent.change(select, { target: { value: '3' } });
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Transferir' })));
      expect(fake.api.chat.transfer).toHaveBeenCalledWith({ conversationId: 'c1', idSplit: 3 });
      await dialogClosed();
      await waitFor(() => expect(toastTexts()).toContain('Chat transferido'));

      act(() => fake.emit('chat:changed', consoleState([chatView('c1', { transfering: true })])));
      expect(screen.getByText('Transfiriendo…')).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Transferir' }) as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByRole('button', { name: 'Finalizar' }) as HTMLButtonElement).disabled).toBe(true);
    });

    it('keeps the dialog open and shows the error when the transfer fails', async () => {
      fake.api.chat.transferSplits.mockImplementation(() => ok([{ idSplit: 2, codigoSplit: 'VENTAS', nombre: 'Ventas', agentesConectados: 0 }]));
      fake.api.chat.transfer.mockImplementation(() => fail({ status: 409, message: 'El split no acepta traslados ahora' }));
      await openChat(chatView('c1'));
      fireEvent.click(screen.getByRole('button', { name: 'Transferir' }));
      const dialog = await findDialog('Transferir chat');
      fireEvent.change(await within(dialog).findByRole('combobox', { name: /Split de destino/ }), { target: { value: '2' } });
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Transferir' })));
      await waitFor(() => expect(toastTexts()).toContain('El split no acepta traslados ahora'));
      expect(screen.getByRole('dialog', { name: 'Transferir chat' })).toBeTruthy();
    });
  });

  describe('the status switch', () => {
    it('requires a pause event to pause, then sends it', async () => {
      fake.api.chat.pauseEvents.mockImplementation(() => ok([pauseEvent(1, 'Almuerzo'), pauseEvent(2, 'Capacitación')]));
      fake.api.chat.state.mockImplementation(() => ok(consoleState([])));
      renderConsole();
      const button = await screen.findByRole('button', { name: 'Estado del asesor: Conectado' });
      expect(screen.getByText('desde 02/03/2026 08:00:00')).toBeTruthy();
      fireEvent.click(button);
      fireEvent.click(await screen.findByRole('menuitemradio', { name: 'Pausa…' }));
      const dialog = await findDialog('Pausa');
      const select = await within(dialog).findByRole('combobox', { name: /Evento de pausa/ });
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' })));
      expect(within(dialog).getByText('Seleccione el evento de pausa')).toBeTruthy();
      expect(fake.api.chat.setStatus).not.toHaveBeenCalled();

      fireEvent.change(select, { target: { value: '2' } });
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' })));
      expect(fake.api.chat.setStatus).toHaveBeenCalledWith({ status: 'PAUSA', pauseEventId: 2 });
      await dialogClosed();

      act(() => fake.emit('chat:changed', consoleState([], { agentStatus: { status: 'PAUSA', pauseEventId: 2, since: '2026-03-02T12:30:00' } })));
      expect(screen.getByRole('button', { name: 'Estado del asesor: Pausa — Capacitación' })).toBeTruthy();
      expect(screen.getByText('desde 02/03/2026 12:30:00')).toBeTruthy();
    });

    it('connects and disconnects without a pause event, and shows a refused change', async () => {
      fake.api.chat.state.mockImplementation(() => ok(consoleState([], { agentStatus: { status: 'DESCONECTADO', pauseEventId: null, since: stamp } })));
      renderConsole();
      fireEvent.click(await screen.findByRole('button', { name: 'Estado del asesor: Desconectado' }));
      await act(async () => fireEvent.click(await screen.findByRole('menuitemradio', { name: 'Conectado' })));
      expect(fake.api.chat.setStatus).toHaveBeenCalledWith({ status: 'CONECTADO', pauseEventId: null });

      fake.api.chat.setStatus.mockImplementation(() => fail({ status: 503, message: 'No fue posible conectar con la plataforma. Verifique su conexión' }));
      fireEvent.click(screen.getByRole('button', { name: 'Estado del asesor: Desconectado' }));
      await act(async () => fireEvent.click(await screen.findByRole('menuitemradio', { name: 'Conectado' })));
      await waitFor(() => expect(toastTexts()).toContain('No fue posible conectar con la plataforma. Verifique su conexión'));
    });
  });
});
