// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import './dom-setup';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok } from './fake-atiende';
import { SLOW, chatView, consoleState, message, renderConsole, consoleTestSetup, toastTexts } from './chat-fixtures';
import type { AgentChatView, ConsoleMessage } from '../../../src/shared/chat-console';
import { applyTemplate, filterTemplates, slashToken } from '../../../src/renderer/features/chat/slash';
import { waitSeconds } from '../../../src/renderer/features/chat/wait-time';

const TEMPLATES = [
  { idTemplate: 1, templateName: 'Saludo', templateContent: 'Buenas tardes, gracias por comunicarse.' },
  { idTemplate: 2, templateName: 'Despedida', templateContent: 'Gracias por escribirnos. ¡Feliz día!' },
  { idTemplate: 3, templateName: 'Horario', templateContent: 'Atendemos de lunes a sábado; la atención es rápida.' }
];

describe('the slash search and the wait, pure', () => {
  it("finds the '/' word at the caret only at the start or after a space", () => {
    expect(slashToken('/', 1)).toEqual({ start: 0, query: '' });
    expect(slashToken('Hola /desp', 10)).toEqual({ start: 5, query: 'desp' });
    expect(slashToken('Hola\n/sal', 9)).toEqual({ start: 5, query: 'sal' });
    expect(slashToken('ver a/b', 7)).toBeNull();
    expect(slashToken('/desp y más', 11)).toBeNull();
    expect(slashToken('/desp y más', 3)).toEqual({ start: 0, query: 'de' });
  });

  it('filters by name first, then content, ignoring accents and case', () => {
    expect(filterTemplates(TEMPLATES, '').map((t) => t.idTemplate)).toEqual([1, 2, 3]);
    expect(filterTemplates(TEMPLATES, 'DESP').map((t) => t.idTemplate)).toEqual([2]);
    expect(filterTemplates(TEMPLATES, 'gracias').map((t) => t.idTemplate)).toEqual([1, 2]);
    expect(filterTemplates(TEMPLATES, 'rapida').map((t) => t.idTemplate)).toEqual([3]);
    expect(filterTemplates(TEMPLATES, 'horario').map((t) => t.idTemplate)).toEqual([3]);
    expect(filterTemplates(TEMPLATES, 'zzz')).toEqual([]);
  });

  it('replaces the word by the content and puts the caret after it', () => {
    const token = { start: 5, query: 'de' };
    expect(applyTemplate('Hola /de y fin', token, 8, 'Adiós')).toEqual({ text: 'Hola Adiós y fin', caret: 10 });
  });

  it('counts whole seconds since the queue entry, never negative', () => {
    const since = '2026-03-02T15:00:00.000Z';
    expect(waitSeconds(since, Date.parse('2026-03-02T15:02:05.900Z'))).toBe(125);
    expect(waitSeconds(since, Date.parse('2026-03-02T14:59:00.000Z'))).toBe(0);
    expect(waitSeconds(null, 0)).toBeNull();
    expect(waitSeconds('no es fecha', 0)).toBeNull();
  });
});

describe('the console extras', SLOW, () => {
  const fake = consoleTestSetup();

  async function open(chat: AgentChatView, messages: ConsoleMessage[] = []) {
    fake.api.chat.state.mockImplementation(() => ok(consoleState([chat])));
    fake.api.chat.messages.mockImplementation(() => ok(messages));
    const view = renderConsole();
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(chat.customer.nombre) }));
    await screen.findByRole('region', { name: 'Mensajes de la conversación' });
    return view;
  }

  const composer = () => screen.getByRole('combobox', { name: 'Mensaje' }) as HTMLTextAreaElement;
  const type = (value: string) => fireEvent.change(composer(), { target: { value } });

  describe("the '/' templates", () => {
    it("opens on '/', filters as the agent types, inserts with the keyboard and closes with Escape", async () => {
      fake.api.chat.templates.mockImplementation(() => ok(TEMPLATES));
      await open(chatView('c1'));
      expect(composer().getAttribute('aria-expanded')).toBe('false');
      type('Hola /');
      const list = await screen.findByRole('listbox', { name: 'Plantillas de respuesta' });
      await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
      expect(composer().getAttribute('aria-expanded')).toBe('true');
      expect(composer().getAttribute('aria-controls')).toBe(list.id);

      type('Hola /gra');
      await waitFor(() => expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual([
        `Saludo${TEMPLATES[0]?.templateContent}`,
        `Despedida${TEMPLATES[1]?.templateContent}`
      ]));
      fireEvent.keyDown(composer(), { key: 'ArrowDown' });
      const options = within(list).getAllByRole('option');
      expect(options[1]?.getAttribute('aria-selected')).toBe('true');
      expect(composer().getAttribute('aria-activedescendant')).toBe(options[1]?.id);
      fireEvent.keyDown(composer(), { key: 'Enter' });
      expect(composer().value).toBe('Hola Gracias por escribirnos. ¡Feliz día!');
      expect(fake.api.chat.send).not.toHaveBeenCalled();
      expect(screen.queryByRole('listbox')).toBeNull();

      type('/zzz');
      expect(await screen.findByText('Ninguna plantilla coincide')).toBeTruthy();
      fireEvent.keyDown(composer(), { key: 'Escape' });
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(composer().value).toBe('/zzz');
      // Enter with the list closed sends what was written.
      await act(async () => fireEvent.keyDown(composer(), { key: 'Enter' }));
      expect(fake.api.chat.send).toHaveBeenCalledWith({ conversationId: 'c1', text: '/zzz', attachment: null });
    });

    it('inserts a template clicked with the mouse, and never opens inside a word', async () => {
      fake.api.chat.templates.mockImplementation(() => ok(TEMPLATES));
      await open(chatView('c1'));
      type('ver a/b');
      expect(screen.queryByRole('listbox')).toBeNull();
      type('/hor');
      fireEvent.click(await screen.findByRole('option', { name: /Horario/ }));
      expect(composer().value).toBe(TEMPLATES[2]?.templateContent);
    });

    it('says when the templates cannot load', async () => {
      fake.api.chat.templates.mockImplementation(() => fail({ status: 500, message: 'x' }));
      await open(chatView('c1'));
      type('/');
      expect(await within(await screen.findByRole('listbox')).findByText('Error al obtener plantilllas de respuesta.')).toBeTruthy();
    });
  });

  describe('long messages', () => {
    it('shows a counter near the limit and refuses, in Spanish, a text over it without cutting it', async () => {
      await open(chatView('c1'));
      type(`${'palabra '.repeat(450)}   `);
      expect(screen.queryByTestId('contador')).toBeNull();
      type(`${'palabra '.repeat(450)}x`);
      expect(screen.getByTestId('contador').textContent).toBe('3601 / 4000');
      type(`${'a'.repeat(3990)} palabras.`);
      expect(screen.getByTestId('contador').textContent).toBe('4000 / 4000');
      expect(screen.queryByRole('alert')).toBeNull();
      const long = `${'a'.repeat(3990)} palabras.XYZ`;
      type(long);
      expect(screen.getByTestId('contador').textContent).toBe('4003 / 4000');
      expect(screen.getByRole('alert').textContent).toBe(
        'El mensaje supera el límite de 4000 caracteres (sobran 3). Acórtelo o divídalo en varios mensajes antes de enviarlo.'
      );
      expect(composer().getAttribute('aria-invalid')).toBe('true');
      expect((screen.getByRole('button', { name: 'Enviar' }) as HTMLButtonElement).disabled).toBe(true);
      await act(async () => fireEvent.keyDown(composer(), { key: 'Enter' }));
      expect(fake.api.chat.send).not.toHaveBeenCalled();
      expect(composer().value).toBe(long);
    });
  });

  describe('typing', () => {
    it("shows that the customer is typing until 'false', the customer's message, or a silence", async () => {
      await open(chatView('c1'), [message({ seq: 1, conversationId: 'c1' })]);
      const status = () => screen.getByText((_, el) => el?.getAttribute('role') === 'status' && el.textContent === 'El cliente está escribiendo…');
      act(() => fake.emit('chat:typing', { conversationId: 'c2', typing: true }));
      expect(screen.queryByText('El cliente está escribiendo…')).toBeNull();
      act(() => fake.emit('chat:typing', { conversationId: 'c1', typing: true }));
      expect(status()).toBeTruthy();
      act(() => fake.emit('chat:typing', { conversationId: 'c1', typing: false }));
      expect(screen.queryByText('El cliente está escribiendo…')).toBeNull();

      act(() => fake.emit('chat:typing', { conversationId: 'c1', typing: true }));
      act(() => fake.emit('chat:message', { conversationId: 'c1', message: message({ seq: 2, conversationId: 'c1', mensaje: 'Ya le escribí' }) }));
      expect(screen.queryByText('El cliente está escribiendo…')).toBeNull();

      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      act(() => fake.emit('chat:typing', { conversationId: 'c1', typing: true }));
      expect(status()).toBeTruthy();
      act(() => vi.advanceTimersByTime(5999));
      expect(status()).toBeTruthy();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByText('El cliente está escribiendo…')).toBeNull();
    });

    it('tells the platform the agent types, at most every 2 s, and stops on send or after 3 s idle', async () => {
      await open(chatView('c1'));
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      const calls = () => fake.api.chat.typing.mock.calls.map(([arg]) => (arg as { typing: boolean }).typing);
      type('H');
      type('Ho');
      type('Hol');
      expect(calls()).toEqual([true]);
      act(() => vi.advanceTimersByTime(2000));
      type('Hola');
      expect(calls()).toEqual([true, true]);
      act(() => vi.advanceTimersByTime(3000));
      expect(calls()).toEqual([true, true, false]);
      type('Hola, ');
      expect(calls()).toEqual([true, true, false, true]);
      vi.useRealTimers();
      await act(async () => fireEvent.keyDown(composer(), { key: 'Enter' }));
      expect(calls()).toEqual([true, true, false, true, false]);
      expect(fake.api.chat.typing).toHaveBeenCalledWith({ conversationId: 'c1', typing: false });
    });
  });

  it('offers the sections as tabs the arrow keys move through', async () => {
    await open(chatView('c1'));
    const tablist = screen.getByRole('tablist', { name: 'Secciones del chat' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((t) => [t.textContent, t.getAttribute('aria-selected'), t.tabIndex])).toEqual([
      ['Conversación', 'true', 0],
      ['Notas internas', 'false', -1],
      ['Conversaciones anteriores', 'false', -1]
    ]);
    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Notas internas' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Notas internas' }));
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(screen.getByRole('tab', { name: 'Notas internas' }).id);
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Conversaciones anteriores' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Conversación' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Mensaje' })).toBeTruthy();
  });

  describe('internal notes', () => {
    it('lists the notes with author and time, marked internal, and adds one', async () => {
      fake.api.chat.notes.mockImplementation(() =>
        ok([{ id: 4, conversationId: 'c1', authorId: 6, authorName: 'Camilo Herrera', text: 'Cliente VIP: priorizar', createdAt: '2026-03-02T15:02:03' }])
      );
      await open(chatView('c1'));
      fireEvent.click(screen.getByRole('tab', { name: 'Notas internas' }));
      const list = await screen.findByRole('list', { name: 'Notas internas del chat' });
      expect(list.textContent).toContain('Camilo Herrera · 02/03/2026 15:02:03');
      expect(list.textContent).toContain('Cliente VIP: priorizar');
      expect(screen.getAllByText('Nota interna — el cliente no la ve').length).toBeGreaterThan(0);
      expect(fake.api.chat.notes).toHaveBeenCalledWith({ conversationId: 'c1' });
      // The composer is not on this tab: a note cannot be sent to the customer by mistake.
      expect(screen.queryByRole('combobox', { name: 'Mensaje' })).toBeNull();

      const field = screen.getByRole('textbox', { name: /Nueva nota interna/ });
      fireEvent.click(screen.getByRole('button', { name: 'Guardar nota' }));
      expect(await screen.findByText('Escriba la nota')).toBeTruthy();
      expect(fake.api.chat.addNote).not.toHaveBeenCalled();
      fireEvent.change(field, { target: { value: 'x'.repeat(2001) } });
      fireEvent.click(screen.getByRole('button', { name: 'Guardar nota' }));
      expect(await screen.findByText('La nota no puede superar 2000 caracteres')).toBeTruthy();

      fireEvent.change(field, { target: { value: '  Llamar mañana  ' } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Guardar nota' })));
      expect(fake.api.chat.addNote).toHaveBeenCalledWith({ conversationId: 'c1', text: 'Llamar mañana' });
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
      expect((field as HTMLTextAreaElement).value).toBe('');
      expect(fake.api.chat.send).not.toHaveBeenCalled();
      await waitFor(() => expect(toastTexts()).toContain('Nota interna guardada'));
    });

    it("keeps the platform's refusal on screen and the text in the field", async () => {
      fake.api.chat.addNote.mockImplementation(() => fail({ status: 403, message: 'La conversación no está asignada a este asesor' }));
      await open(chatView('c1'));
      fireEvent.click(screen.getByRole('tab', { name: 'Notas internas' }));
      const field = await screen.findByRole('textbox', { name: /Nueva nota interna/ });
      fireEvent.change(field, { target: { value: 'Nota' } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Guardar nota' })));
      expect(await screen.findByText('La conversación no está asignada a este asesor')).toBeTruthy();
      expect((field as HTMLTextAreaElement).value).toBe('Nota');
    });
  });

  describe('previous conversations', () => {
    it('lists them newest first with date, channel and ending, and reads one', async () => {
      fake.api.chat.previous.mockImplementation(() =>
        ok({
          identified: true,
          conversations: [
            { idConv: 'p2', startedAt: '2026-02-10T10:00:00', endedAt: '2026-02-10T10:20:00', canal: 'Whatsapp', state: 'FINALIZADA' as const, endedBy: 'CLIENTE', endAcronym: 'FCCC', finalReason: null, agentName: null },
            { idConv: 'p1', startedAt: '2026-01-05T09:00:00', endedAt: '2026-01-05T09:30:00', canal: 'Web', state: 'FINALIZADA' as const, endedBy: 'ASESOR', endAcronym: 'FCCA', finalReason: 'Solucionado', agentName: 'Santiago Rodríguez' }
          ]
        })
      );
      const live = (m: ConsoleMessage) => ({ conversationId: m.conversationId, seq: m.seq, clientId: m.clientId, tipoMensaje: m.tipoMensaje, tipoUsuario: m.tipoUsuario, mensaje: m.mensaje, adjunto: m.adjunto, items: m.items, fechaMensaje: m.fechaMensaje });
      fake.api.chat.previousMessages.mockImplementation(() =>
        ok([message({ seq: 1, conversationId: 'p1', mensaje: 'Mi pedido no llegó' }), message({ seq: 2, conversationId: 'p1', tipoUsuario: 'ASESOR', mensaje: 'Ya lo reviso' })].map(live))
      );
      await open(chatView('c1'));
      fireEvent.click(screen.getByRole('tab', { name: 'Conversaciones anteriores' }));
      const list = await screen.findByRole('list', { name: 'Conversaciones anteriores del cliente' });
      const items = within(list).getAllByRole('listitem').map((li) => li.textContent ?? '');
      expect(items[0]).toContain('10/02/2026 10:00:00');
      expect(items[0]).toContain('Whatsapp · Cerrada por el cliente');
      expect(items[1]).toContain('Web · Finalizada por el asesor · Causal: Solucionado · Asesor: Santiago Rodríguez');
      fireEvent.click(within(list).getByRole('button', { name: 'Ver la conversación del 05/01/2026 09:00:00' }));
      const dialog = await screen.findByRole('dialog', { name: 'Conversación del 05/01/2026 09:00:00' });
      expect(await within(dialog).findByText('Mi pedido no llegó')).toBeTruthy();
      expect(within(dialog).getByText('Ya lo reviso')).toBeTruthy();
      expect(fake.api.chat.previousMessages).toHaveBeenCalledWith({ conversationId: 'c1', previousId: 'p1' });
    });

    it('explains an unidentified customer and a finished chat', async () => {
      fake.api.chat.previous.mockImplementation(() => ok({ identified: false, conversations: [] }));
      await open(chatView('c1'));
      fireEvent.click(screen.getByRole('tab', { name: 'Conversaciones anteriores' }));
      expect(await screen.findByText(/no se identificó con un documento/)).toBeTruthy();
      cleanup();
      fake.api.chat.previous.mockClear();
      await open(chatView('c2', { status: 'FINALIZADO' }));
      fireEvent.click(screen.getByRole('tab', { name: 'Conversaciones anteriores' }));
      expect(await screen.findByText('Las conversaciones anteriores se consultan mientras el chat está en curso.')).toBeTruthy();
      expect(fake.api.chat.previous).not.toHaveBeenCalled();
    });
  });

  describe('waiting time', () => {
    it('shows how long an incoming chat has waited since its queue entry, ticking', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-02T15:01:05'));
      await open(chatView('c1', { status: 'ENTRANTE', fechaEntrada: '2026-03-02T14:59:00' }));
      const shown = () => screen.getAllByTestId('espera').map((e) => e.textContent);
      expect(shown()).toEqual(['Esperando 2 min 5 s', 'Esperando 2 min 5 s']);
      vi.setSystemTime(new Date('2026-03-02T15:02:00'));
      await waitFor(() => expect(shown()).toEqual(['Esperando 3 min', 'Esperando 3 min']));
    });

    it('shows no wait on active chats', async () => {
      await open(chatView('c1', { status: 'ACTIVO' }));
      expect(screen.queryByTestId('espera')).toBeNull();
    });
  });
});
