// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import './dom-setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok } from './fake-atiende';
import { SLOW, chatView, consoleState, message, renderConsole, consoleTestSetup, toastTexts } from './chat-fixtures';
import type { AgentChatView, ConsoleMessage } from '../../../src/shared/chat-console';

describe('the conversation', SLOW, () => {
  const fake = consoleTestSetup();

  async function open(chat: AgentChatView, messages: ConsoleMessage[], others: AgentChatView[] = []) {
    fake.api.chat.state.mockImplementation(() => ok(consoleState([chat, ...others])));
    fake.api.chat.messages.mockImplementation((arg: unknown) =>
      ok((arg as { conversationId: string }).conversationId === chat.conversationId ? messages : [])
    );
    const view = renderConsole();
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(chat.customer.nombre) }));
    await waitFor(() => expect(fake.api.chat.messages).toHaveBeenCalled());
    await screen.findByRole('region', { name: 'Mensajes de la conversación' });
    return view;
  }

  const thread = () => screen.getByRole('region', { name: 'Mensajes de la conversación' });
  const composer = () => screen.getByRole('combobox', { name: 'Mensaje' }) as HTMLTextAreaElement;

  it('shows the customer data of the chat', async () => {
    await open(chatView('c1', { customer: { nombre: 'Ana Gómez', tipoIdentificacion: 'CC', identificacion: '52123456', email: 'ana@correo.co', telefono: '3015550000', datos: {} }, canal: 'Whatsapp', split: { idSplit: 2, nombre: 'Ventas' }, fechaEntrada: '2026-03-02T14:59:07' }), []);
    const text = screen.getByLabelText('Datos del cliente').textContent ?? '';
    for (const part of ['CC 52123456', 'ana@correo.co', '3015550000', 'Ventas', 'Whatsapp', '02/03/2026 14:59:07']) expect(text).toContain(part);
    expect(screen.getByRole('heading', { level: 2, name: 'Ana Gómez' })).toBeTruthy();
  });

  it('replaces COMMAND messages by the end-message text and drops those without one', async () => {
    await open(chatView('c1'), [
      message({ seq: 1, mensaje: 'Quiero cancelar' }),
      message({ seq: 2, tipoMensaje: 'COMMAND', tipoUsuario: 'SISTEMA', mensaje: 'FCCA' }),
      message({ seq: 3, tipoMensaje: 'COMMAND', tipoUsuario: 'SISTEMA', mensaje: 'NOEXISTE' })
    ]);
    const list = thread();
    expect(within(list).getByText('El asesor finalizó la conversación. ¡Gracias por escribirnos!')).toBeTruthy();
    expect(within(list).queryByText('FCCA')).toBeNull();
    expect(within(list).queryByText('NOEXISTE')).toBeNull();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('separates the bot history from the human exchange and labels each sender', async () => {
    await open(chatView('c1', { fechaEntrada: '2026-03-02T15:00:00' }), [
      message({ seq: 1, tipoUsuario: 'CLIENTE', mensaje: 'Hola' }),
      message({ seq: 2, tipoUsuario: 'BOT', mensaje: 'Hola, soy el asistente' }),
      message({ seq: 3, tipoUsuario: 'CLIENTE', mensaje: 'Quiero un asesor' }),
      message({ seq: 4, tipoUsuario: 'BOT', mensaje: 'Te comunico con un asesor' }),
      message({ seq: 5, tipoUsuario: 'ASESOR', mensaje: 'Buenas tardes, ¿en qué le ayudo?' })
    ]);
    const items = within(thread()).getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(items[0]).toBe('Historial con el asistente virtual');
    expect(items[5]).toBe('Atención con asesor humano · en cola desde 02/03/2026 15:00:00');
    expect(items[4]).toContain('Asistente virtual');
    expect(items[6]).toContain('Asesor');
    expect(items[6]).toContain('Buenas tardes');
    expect(items[1]).toContain('Cliente');
  });

  it('shows escalated-message timestamps as DD/MM/YY, h:mm:ss and pending messages as Enviando…', async () => {
    await open(chatView('c1'), [
      message({ seq: 1, mensaje: 'Buenas', fechaMensaje: '2026-03-02T15:04:05' }),
      message({ seq: 0, clientId: 'pendiente-0001', tipoUsuario: 'ASESOR', mensaje: 'Ya le ayudo', pending: true })
    ]);
    const items = within(thread()).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('02/03/26, 3:04:05');
    expect(items[1]?.textContent).toContain('Enviando…');
    // The stored copy replaces the pending one (same client id).
    act(() =>
      fake.emit('chat:message', {
        conversationId: 'c1',
        message: message({ seq: 2, clientId: 'pendiente-0001', tipoUsuario: 'ASESOR', mensaje: 'Ya le ayudo', fechaMensaje: '2026-03-02T15:06:00' })
      })
    );
    const after = within(thread()).getAllByRole('listitem');
    expect(after).toHaveLength(2);
    expect(after[1]?.textContent).toContain('02/03/26, 3:06:00');
    expect(after[1]?.textContent).not.toContain('Enviando…');
  });

  it('appends pushed messages of the chat in view and ignores other chats', async () => {
    await open(chatView('c1'), [message({ seq: 1, mensaje: 'Primero' })], [chatView('c2')]);
    act(() => fake.emit('chat:message', { conversationId: 'c2', message: message({ seq: 1, conversationId: 'c2', mensaje: 'De otro chat' }) }));
    act(() => fake.emit('chat:message', { conversationId: 'c1', message: message({ seq: 2, mensaje: 'Segundo' }) }));
    const texts = within(thread()).getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('Segundo');
    expect(screen.queryByText('De otro chat')).toBeNull();
  });

  it('Enter sends the text, Shift+Enter does not, and the composer clears after the send', async () => {
    await open(chatView('c1'), []);
    fireEvent.change(composer(), { target: { value: 'Hola, ¿en qué le ayudo?' } });
    fireEvent.keyDown(composer(), { key: 'Enter', shiftKey: true });
    expect(fake.api.chat.send).not.toHaveBeenCalled();
    await act(async () => fireEvent.keyDown(composer(), { key: 'Enter' }));
    expect(fake.api.chat.send).toHaveBeenCalledWith({ conversationId: 'c1', text: 'Hola, ¿en qué le ayudo?', attachment: null });
    await waitFor(() => expect(composer().value).toBe(''));
  });

  it('a failed send keeps the text and shows the error', async () => {
    fake.api.chat.send.mockImplementation(() => fail({ status: 409, message: 'La conversación ya no está activa' }));
    await open(chatView('c1'), []);
    fireEvent.change(composer(), { target: { value: 'Texto importante' } });
    await act(async () => fireEvent.keyDown(composer(), { key: 'Enter' }));
    await waitFor(() => expect(toastTexts()).toContain('La conversación ya no está activa'));
    expect(composer().value).toBe('Texto importante');
  });

  it('keeps the text per chat when switching chats', async () => {
    fake.api.chat.state.mockImplementation(() => ok(consoleState([chatView('c1'), chatView('c2')])));
    renderConsole();
    fireEvent.click(await screen.findByRole('button', { name: /Cliente c1/ }));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Mensaje' }), { target: { value: 'Borrador uno' } });
    fireEvent.click(screen.getByRole('button', { name: /Cliente c2/ }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Cliente c2' })).toBeTruthy());
    expect(composer().value).toBe('');
    fireEvent.change(composer(), { target: { value: 'Borrador dos' } });
    fireEvent.click(screen.getByRole('button', { name: /Cliente c1/ }));
    await waitFor(() => expect(composer().value).toBe('Borrador uno'));
  });

  it('closes the composer on finished chats and offers Iniciar chat on incoming ones', async () => {
    fake.api.chat.state.mockImplementation(() => ok(consoleState([chatView('c1', { status: 'ENTRANTE' }), chatView('c2', { status: 'FINALIZADO' })])));
    renderConsole();
    fireEvent.click(await screen.findByRole('button', { name: /Cliente c1/ }));
    expect(await screen.findByText('Inicie el chat para responder al cliente.')).toBeTruthy();
    expect(composer().disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Iniciar chat' })));
    expect(fake.api.chat.accept).toHaveBeenCalledWith({ conversationId: 'c1' });

    fireEvent.click(screen.getByRole('button', { name: /Cliente c2/ }));
    expect(await screen.findByText('Este chat está finalizado.')).toBeTruthy();
    expect(composer().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Transferir' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Finalizar' })).toBeNull();
  });

  it('shows attachments with a Guardar action that saves through the main process', async () => {
    await open(chatView('c1'), [
      message({ seq: 1, tipoMensaje: 'ARCHIVO', mensaje: '', adjunto: { contentType: 'image/png', name: 'factura.png', url: '/api/multimedia/descargar/f1' } }),
      message({ seq: 2, tipoUsuario: 'BOT', mensaje: 'Mire esto', adjunto: { contentType: 'image/png', name: 'externa.png', url: 'https://cdn.example.com/x.png' } })
    ]);
    expect(within(thread()).queryByRole('img')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Guardar factura.png' })));
    expect(fake.api.chat.saveFile).toHaveBeenCalledWith({ url: '/api/multimedia/descargar/f1', name: 'factura.png' });
    await waitFor(() => expect(toastTexts()).toContain('Archivo guardado en /tmp/archivo.pdf'));
    // A file the platform does not serve has no Guardar: the renderer never fetches the network.
    expect(screen.getByText('externa.png')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar externa.png' })).toBeNull();
  });

  it('uploads a picked file as base64, stages it and sends it with the message', async () => {
    await open(chatView('c1'), []);
    const file = new File(['hola'], 'nota.txt', { type: 'text/plain' });
    await act(async () => fireEvent.change(screen.getByTestId('adjunto'), { target: { files: [file] } }));
    await waitFor(() => expect(fake.api.chat.upload).toHaveBeenCalled());
    expect(fake.api.chat.upload).toHaveBeenCalledWith({ conversationId: 'c1', data: 'aG9sYQ==', format_type: 'base64', content_type: 'text/plain', name: 'nota.txt' });
    expect(await screen.findByRole('button', { name: 'Quitar adjunto archivo.pdf' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enviar' })));
    expect(fake.api.chat.send).toHaveBeenCalledWith({
      conversationId: 'c1',
      text: '',
      attachment: { contentType: 'application/pdf', name: 'archivo.pdf', url: '/api/multimedia/descargar/abc123' }
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Quitar adjunto archivo.pdf' })).toBeNull());
  });

  it('refuses files over 10 MB and reports a failed upload', async () => {
    await open(chatView('c1'), []);
    const big = new File(['x'], 'grande.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await act(async () => fireEvent.change(screen.getByTestId('adjunto'), { target: { files: [big] } }));
    await waitFor(() => expect(toastTexts()).toContain('El archivo no puede superar 10 MB'));
    expect(fake.api.chat.upload).not.toHaveBeenCalled();

    fake.api.chat.upload.mockImplementation(() => fail({ status: 500, message: 'Se ha presentado un error en el servidor. Inténtelo mas tarde' }));
    await act(async () => fireEvent.change(screen.getByTestId('adjunto'), { target: { files: [new File(['abc'], 'a.txt', { type: 'text/plain' })] } }));
    await waitFor(() => expect(toastTexts()).toContain('Error al subir archivo'));
    expect(screen.getByRole('alert').textContent).toBe('Error al subir archivo');
  });

  it('inserts a response template into the composer', async () => {
    fake.api.chat.templates.mockImplementation(() => ok([{ idTemplate: 1, templateName: 'Saludo', templateContent: 'Buenas tardes, gracias por comunicarse.' }]));
    await open(chatView('c1'), []);
    fireEvent.change(composer(), { target: { value: 'Hola.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Plantillas' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Saludo' }));
    expect(composer().value).toBe('Hola. Buenas tardes, gracias por comunicarse.');
    await waitFor(() => expect(document.activeElement).toBe(composer()));
  });

  it('renders only the rows on screen of a long conversation', async () => {
    const height = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(60);
    const many = Array.from({ length: 5000 }, (_, i) => message({ seq: i + 1, mensaje: `Mensaje número ${i + 1}` }));
    await open(chatView('c1', { messageCount: 5000 }), many);
    const rendered = within(thread()).getAllByRole('listitem');
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(60);
    expect(rendered[0]?.getAttribute('aria-setsize')).toBe('5000');
    height.mockRestore();
  });

  it("offers 'Nuevos mensajes' when the agent scrolled up, and follows the newest otherwise", async () => {
    await open(chatView('c1'), [message({ seq: 1 }), message({ seq: 2 })]);
    const scroller = thread();
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 2000 });
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, writable: true, value: 1400 });
    fireEvent.scroll(scroller);
    act(() => fake.emit('chat:message', { conversationId: 'c1', message: message({ seq: 3, mensaje: 'Al final' }) }));
    expect(screen.queryByRole('button', { name: 'Nuevos mensajes' })).toBeNull();

    scroller.scrollTop = 100;
    fireEvent.scroll(scroller);
    act(() => fake.emit('chat:message', { conversationId: 'c1', message: message({ seq: 4, mensaje: 'Arriba' }) }));
    const pill = screen.getByRole('button', { name: 'Nuevos mensajes' });
    fireEvent.click(pill);
    expect(screen.queryByRole('button', { name: 'Nuevos mensajes' })).toBeNull();
  });
});
