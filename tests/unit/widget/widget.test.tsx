// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { WidgetApp } from '../../../src/widget/App';
import { WidgetChat } from '../../../src/widget/chat';
import { BOOT, CONV, STORAGE_KEY, fakeIo, msg, st, type FakeSocket } from './fake-socket';

beforeEach(() => window.sessionStorage.clear());
afterEach(cleanup);

function open(boot = BOOT) {
  const { sockets, io } = fakeIo();
  const chat = new WidgetChat(boot, io, window.sessionStorage, { throttleMs: 2000, idleMs: 3000, staleMs: 8000 });
  const view = render(<WidgetApp boot={boot} chat={chat} />);
  const $ = <T extends HTMLElement = HTMLElement>(selector: string): T => {
    const found = view.container.querySelector<T>(selector);
    if (!found) throw new Error(`missing ${selector}`);
    return found;
  };
  const has = (selector: string) => view.container.querySelector(selector) !== null;
  const messages = () =>
    [...view.container.querySelectorAll('#messages li[data-testid="message"]')].map((li) => ({
      sender: li.getAttribute('data-sender'),
      status: li.getAttribute('data-status'),
      seq: li.getAttribute('data-seq'),
      text: li.textContent ?? ''
    }));
  const type = (selector: string, value: string) => fireEvent.change($(selector), { target: { value } });
  const click = (selector: string) => fireEvent.click($(selector));
  /** Lets pending promises (acks, file reads) settle inside act. */
  const flush = () => act(() => new Promise((r) => setTimeout(r, 5)));
  return { sockets, chat, $, has, messages, type, click, flush, container: view.container };
}

type Page = ReturnType<typeof open>;

async function ack(page: Page, socket: FakeSocket, event: string, response: unknown) {
  const sent = await socket.next(event);
  await act(async () => sent.ack(null, response));
  await page.flush();
  return sent;
}

async function started() {
  const page = open();
  page.type('#field-11', 'Ana Pérez');
  page.type('#field-12', 'ana@example.co');
  page.click('#entry-submit');
  const socket = page.sockets[0]!;
  act(() => socket.connect());
  await ack(page, socket, 'widget:start', {
    ok: true,
    data: {
      conversationId: CONV,
      token: 'secret-token',
      state: st('BOT'),
      messages: [
        msg(1, {
          items: [
            { itemType: 1, itemValue: '¡Hola!', itemOptions: null, itemFile: null },
            { itemType: 9, itemValue: null, itemOptions: ['Horarios', 'Hablar con un asesor'], itemFile: null },
            { itemType: 2, itemValue: 'javascript:alert(1)', itemOptions: null, itemFile: null },
            { itemType: 3, itemValue: null, itemOptions: null, itemFile: { contentType: 'image/png', name: 'mapa.png', url: '/api/multimedia/descargar/file_map' } }
          ]
        })
      ]
    }
  });
  return { ...page, socket };
}

describe('customer widget', () => {
  it('renders the entry form from the configuration and checks it in Spanish before starting', () => {
    const page = open();
    expect(screen.getByRole('heading', { name: 'Asistente Demo' })).toBeTruthy();
    expect(screen.getByLabelText(/^Nombre/).id).toBe('field-11');
    expect(page.$('#field-12').getAttribute('type')).toBe('email');
    expect([...page.$<HTMLSelectElement>('#field-13').options].map((o) => o.value)).toEqual(['', 'CC', 'CE']);
    // No maxlength: an over-long answer is refused with a message, never cut.
    expect(page.$('#field-11').hasAttribute('maxlength')).toBe(false);
    page.type('#field-12', 'no-es-correo');
    page.click('#entry-submit');
    expect(page.$('#field-11-error').textContent).toBe('Este campo es obligatorio');
    expect(page.$('#field-12-error').textContent).toBe('Escribe un correo electrónico válido');
    expect(page.$('#field-11').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement?.id).toBe('field-11');
    page.type('#field-11', 'x'.repeat(201));
    page.type('#field-12', 'ana@example.co');
    page.click('#entry-submit');
    expect(page.$('#field-11-error').textContent).toBe('Máximo 200 caracteres');
    expect(page.sockets).toHaveLength(0);
  });

  it('starts the chat, keeps the resume data and renders the assistant answer safely', async () => {
    const page = await started();
    expect(page.socket.auth).toEqual({ conversationId: CONV, token: 'secret-token' });
    expect(page.has('#entry-view')).toBe(false);
    expect(page.has('#chat-view')).toBe(true);
    expect(page.$('#state-banner').textContent).toBe('Estás conversando con Asistente Demo');
    expect(page.$('#state-banner').getAttribute('data-state')).toBe('BOT');
    expect(page.has('#ask-agent')).toBe(true);
    expect(JSON.parse(window.sessionStorage.getItem(STORAGE_KEY)!)).toEqual({ conversationId: CONV, token: 'secret-token', lastSeq: 1 });
    expect(screen.getAllByTestId('bot-option').map((b) => b.textContent)).toEqual(['Horarios', 'Hablar con un asesor']);
    // A javascript: link is shown as text, never as a link; an image downloads with the resume token.
    expect(screen.queryByTestId('bot-link')).toBeNull();
    expect(screen.getByText('javascript:alert(1)').tagName).toBe('SPAN');
    expect(screen.getByTestId('message-image').getAttribute('href')).toBe('/widget/files/file_map?token=secret-token');
    expect(screen.getByRole('img', { name: 'mapa.png' })).toBeTruthy();
    expect(document.activeElement?.id).toBe('composer-input');
  });

  it('sends the start fields by id, dropping empty optional answers', async () => {
    const page = open();
    page.type('#field-11', '  Ana  ');
    page.type('#field-12', 'ana@example.co');
    page.click('#entry-submit');
    expect(page.sockets[0]!.auth).toEqual({ org: 100, va: 1 });
    expect(page.$('#entry-submit').textContent).toBe('Conectando…');
    expect((await page.sockets[0]!.next('widget:start')).payload).toEqual({ fields: { '11': 'Ana', '12': 'ana@example.co' } });
  });

  it('shows the refusal of widget:start and lets the customer try again', async () => {
    const page = open();
    page.type('#field-11', 'Ana');
    page.type('#field-12', 'ana@example.co');
    page.click('#entry-submit');
    act(() => page.sockets[0]!.connect());
    await ack(page, page.sockets[0]!, 'widget:start', { ok: false, error: { status: 409, message: 'Fuera del horario de atención' } });
    expect(screen.getByRole('alert').textContent).toBe('Fuera del horario de atención');
    expect(page.$<HTMLButtonElement>('#entry-submit').disabled).toBe(false);
    expect(page.sockets[0]!.disconnected).toBe(true);
  });

  it('shows why the platform refused a new chat’s handshake (too many from the connection) and lets the customer try again', () => {
    const page = open();
    page.type('#field-11', 'Ana');
    page.type('#field-12', 'ana@example.co');
    page.click('#entry-submit');
    const socket = page.sockets[0]!;
    socket.active = false;
    const text = 'Se han iniciado demasiados chats desde su conexión. Inténtelo de nuevo en 45 segundos.';
    act(() => socket.fire('connect_error', Object.assign(new Error(text), { data: { status: 429, message: text } })));
    expect(page.$('#entry-error').textContent).toBe(text);
    expect(page.$<HTMLButtonElement>('#entry-submit').disabled).toBe(false);
    expect(page.has('#entry-view')).toBe(true);
  });

  it('treats a malformed start answer as a failure, not as a conversation', async () => {
    const page = open();
    page.type('#field-11', 'Ana');
    page.type('#field-12', 'ana@example.co');
    page.click('#entry-submit');
    act(() => page.sockets[0]!.connect());
    await ack(page, page.sockets[0]!, 'widget:start', { ok: true, data: { conversationId: CONV } });
    expect(page.$('#entry-error').textContent).toBe('No fue posible iniciar el chat. Intenta de nuevo.');
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('sends an option as a message and retries with the same clientId until acked', async () => {
    const page = await started();
    fireEvent.click(screen.getAllByTestId('bot-option')[0]!);
    const first = await page.socket.next('widget:message');
    expect(first.payload).toMatchObject({ text: 'Horarios', attachment: null });
    const clientId = String(first.payload.clientId);
    expect(clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(page.messages().at(-1)).toMatchObject({ sender: 'CLIENTE', status: 'sending' });
    expect(page.$('#messages li[data-status="sending"] [data-testid="message-status"]').textContent).toBe('Enviando…');

    act(() => first.ack(new Error('operation has timed out')));
    await page.flush();
    const second = await page.socket.next('widget:message');
    expect(second.payload.clientId).toBe(clientId);

    // Offline: nothing is sent until the socket is back; then the same message goes again.
    act(() => page.socket.drop());
    act(() => second.ack(new Error('operation has timed out')));
    await page.flush();
    expect(page.socket.count('widget:message')).toBe(0);
    expect(page.$('#connection-status').textContent).toBe('Sin conexión. Reintentando…');
    act(() => page.socket.connect());
    expect(page.has('#connection-status')).toBe(false);
    expect((await page.socket.next('widget:sync')).payload).toEqual({ afterSeq: 1 });
    const third = await page.socket.next('widget:message');
    expect(third.payload.clientId).toBe(clientId);
    await act(async () => third.ack(null, { ok: true, data: msg(2, { tipoUsuario: 'CLIENTE', clientId, mensaje: 'Horarios' }) }));
    await page.flush();
    expect(page.messages().map((m) => [m.sender, m.status, m.seq])).toEqual([
      ['BOT', 'sent', '1'],
      ['CLIENTE', 'sent', '2']
    ]);
    // The same message pushed by the server is not shown twice.
    act(() => page.socket.fire('widget:message', msg(2, { tipoUsuario: 'CLIENTE', clientId, mensaje: 'Horarios' })));
    expect(page.messages()).toHaveLength(2);
  });

  it('marks a refused message as not sent, with the reason', async () => {
    const page = await started();
    page.type('#composer-input', 'hola');
    page.click('#composer-send');
    await ack(page, page.socket, 'widget:message', { ok: false, error: { status: 409, message: 'La conversación ya finalizó' } });
    expect(page.messages().at(-1)).toMatchObject({ status: 'error' });
    expect(page.messages().at(-1)!.text).toContain('No se pudo enviar: La conversación ya finalizó');
  });

  it('gives a rate-limited message back to the composer with the reason', async () => {
    const page = await started();
    page.type('#composer-input', 'mensaje que no debe perderse');
    page.click('#composer-send');
    expect(page.$<HTMLTextAreaElement>('#composer-input').value).toBe('');
    await ack(page, page.socket, 'widget:message', { ok: false, error: { status: 429, message: 'Demasiados mensajes seguidos. Espera un momento e intenta de nuevo.' } });
    expect(page.$('#composer-error').textContent).toBe('Demasiados mensajes seguidos. Espera un momento e intenta de nuevo.');
    expect(page.$<HTMLTextAreaElement>('#composer-input').value).toBe('mensaje que no debe perderse');
    expect(page.messages().filter((m) => m.sender === 'CLIENTE')).toHaveLength(0);
  });

  it('refuses an empty message and a file over 10 MB in Spanish', async () => {
    const page = await started();
    page.click('#composer-send');
    expect(page.$('#composer-error').textContent).toBe('Escribe un mensaje o adjunta un archivo');
    const big = new File(['x'], 'grande.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(page.$('#composer-file'), { target: { files: [big] } });
    expect(page.$('#composer-error').textContent).toBe('El archivo no puede superar 10 MB');
    expect(page.has('#composer-attachment')).toBe(false);
    expect(page.socket.sent).toHaveLength(0);
  });

  it('counts near the limit and refuses a longer message whole, with its size', async () => {
    const page = await started();
    const input = page.$<HTMLTextAreaElement>('#composer-input');
    expect(input.hasAttribute('maxlength')).toBe(false);
    page.type('#composer-input', 'a'.repeat(3599));
    expect(page.has('#composer-counter')).toBe(false);
    page.type('#composer-input', 'a'.repeat(3600));
    expect(page.$('#composer-counter').textContent).toBe('3.600 de 4.000 caracteres');
    expect(input.getAttribute('aria-describedby')).toContain('composer-counter');
    const long = `${'palabra '.repeat(500)}final`;
    page.type('#composer-input', long);
    expect(page.$('#composer-counter').className).toContain('counter--over');
    page.click('#composer-send');
    expect(page.$('#composer-error').textContent).toBe('El mensaje tiene 4.005 caracteres y el máximo es 4.000. Acórtalo o divídelo en varios mensajes.');
    expect(input.value).toBe(long);
    expect(page.socket.count('widget:message')).toBe(0);
    // Exactly at the limit it goes, whole.
    page.type('#composer-input', 'b'.repeat(4000));
    expect(page.has('#composer-error')).toBe(false);
    page.click('#composer-send');
    expect(String((await page.socket.next('widget:message')).payload.text)).toHaveLength(4000);
  });

  it('uploads an attachment, then sends it and links it through the token route', async () => {
    const page = await started();
    const file = new File(['hola'], 'nota.txt', { type: 'text/plain' });
    fireEvent.change(page.$('#composer-file'), { target: { files: [file] } });
    expect(page.$('#composer-attachment-name').textContent).toBe('Adjunto: nota.txt');
    page.click('#composer-send');
    const upload = await ack(page, page.socket, 'widget:upload', { ok: true, data: { contentType: 'text/plain', name: 'nota.txt', url: '/widget/files/f1' } });
    expect(upload.payload).toEqual({ data: btoa('hola'), format_type: 'base64', content_type: 'text/plain', name: 'nota.txt', conversationId: CONV });
    const send = await page.socket.next('widget:message');
    expect(send.payload).toMatchObject({ text: '', attachment: { contentType: 'text/plain', name: 'nota.txt', url: '/widget/files/f1' } });
    await act(async () =>
      send.ack(null, {
        ok: true,
        data: msg(2, { tipoUsuario: 'CLIENTE', tipoMensaje: 'ARCHIVO', clientId: String(send.payload.clientId), mensaje: '', adjunto: { contentType: 'text/plain', name: 'nota.txt', url: '/widget/files/f1' } })
      })
    );
    await page.flush();
    expect(screen.getByTestId('message-file').getAttribute('href')).toBe('/widget/files/f1?token=secret-token');
  });

  it('says an agent will attend shortly, with the queue place, and names the agent only once the chat is taken', async () => {
    const page = await started();
    page.click('#ask-agent');
    expect((await page.socket.next('widget:message')).payload.text).toBe('Quiero hablar con un asesor');
    act(() => page.socket.fire('widget:state', st('EN_COLA')));
    expect(page.$('#state-banner').textContent).toBe('En espera de un asesor. Te atenderemos en breve.');
    expect(page.has('#ask-agent')).toBe(false);
    act(() => page.socket.fire('widget:state', st('EN_COLA', { queuePosition: 3 })));
    expect(page.$('#state-banner').textContent).toBe('En espera de un asesor. Te atenderemos en breve. Tu turno en la fila: 3.');
    act(() => page.socket.fire('widget:state', st('EN_COLA', { queuePosition: 1 })));
    expect(page.$('#state-banner').textContent).toBe('En espera de un asesor. Te atenderemos en breve. Eres el siguiente en la fila.');
    // Offered to an agent who has not accepted yet: still waiting, no name.
    act(() => page.socket.fire('widget:state', st('ASIGNADA', { agentName: 'Carlos' })));
    expect(page.$('#state-banner').getAttribute('data-state')).toBe('ASIGNADA');
    expect(page.$('#state-banner').textContent).toBe('En espera de un asesor. Te atenderemos en breve.');
    act(() => page.socket.fire('widget:state', st('ACTIVA', { agentName: 'Carlos' })));
    expect(page.$('#state-banner').textContent).toBe('Te atiende Carlos');
    // A state that does not match the contract is ignored.
    act(() => page.socket.fire('widget:state', { conversationId: CONV, state: 'PERDIDA' }));
    expect(page.$('#state-banner').textContent).toBe('Te atiende Carlos');
    act(() => page.socket.fire('widget:message', msg(3, { tipoUsuario: 'ASESOR', mensaje: 'Hola, soy Carlos' })));
    // The unacked request stays last, marked 'Enviando…'.
    expect(page.messages().map((m) => [m.sender, m.seq, m.status])).toEqual([
      ['BOT', '1', 'sent'],
      ['ASESOR', '3', 'sent'],
      ['CLIENTE', null, 'sending']
    ]);
    expect(page.messages()[1]!.text).toContain('Carlos');
  });

  it('confirms leaving, ends with the survey and starts over', async () => {
    const page = await started();
    act(() => page.socket.fire('widget:state', st('ACTIVA', { agentName: 'Carlos' })));
    page.click('#leave-button');
    expect(screen.getByRole('alertdialog', { name: '¿Finalizar el chat?' })).toBeTruthy();
    expect(document.activeElement?.id).toBe('leave-confirm-yes');
    fireEvent.keyDown(page.$('#leave-confirm'), { key: 'Escape' });
    expect(page.has('#leave-confirm')).toBe(false);
    page.click('#leave-button');
    page.click('#leave-confirm-no');
    expect(page.has('#leave-confirm')).toBe(false);
    expect(page.socket.count('widget:leave')).toBe(0);
    page.click('#leave-button');
    page.click('#leave-confirm-yes');
    await ack(page, page.socket, 'widget:leave', { ok: true, data: st('FINALIZADA', { endMessage: 'Gracias por comunicarte.', surveyPending: true }) });
    expect(page.$('#state-banner').getAttribute('data-state')).toBe('FINALIZADA');
    expect(page.$('#end-message').textContent).toBe('Gracias por comunicarte.');
    expect(document.activeElement?.id).toBe('end-title');
    expect(page.has('#composer')).toBe(false);
    expect(page.has('#leave-confirm')).toBe(false);
    expect(screen.getAllByTestId('bot-option').every((b) => (b as HTMLButtonElement).disabled)).toBe(true);

    page.click('#survey-submit');
    expect(page.$('#survey-error').textContent).toBe('Selecciona una calificación de 1 a 5');
    page.click('#survey-satisfaction-4');
    page.click('#survey-submit');
    expect(page.$('#survey-error').textContent).toBe('Selecciona un valor de 0 a 10');
    page.click('#survey-nps-9');
    page.click('#survey-submit');
    const survey = await ack(page, page.socket, 'widget:survey', { ok: true, data: st('FINALIZADA', { endMessage: 'Gracias por comunicarte.', surveyPending: false }) });
    expect(survey.payload).toEqual({ satisfaction: 4, nps: 9 });
    expect(page.has('#survey-form')).toBe(false);
    expect(page.$('#survey-thanks').textContent).toBe('¡Gracias por tu opinión!');
    expect(document.activeElement?.id).toBe('survey-thanks');

    page.click('#new-chat');
    expect(page.has('#entry-view')).toBe(true);
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(page.socket.disconnected).toBe(true);
    expect(document.activeElement?.id).toBe('field-11');
  });

  it('keeps the dialog open state honest when leaving is refused', async () => {
    const page = await started();
    page.click('#leave-button');
    page.click('#leave-confirm-yes');
    await ack(page, page.socket, 'widget:leave', { ok: false, error: { status: 409, message: 'La conversación ya finalizó' } });
    expect(page.has('#leave-confirm')).toBe(false);
    expect(page.$('#composer-error').textContent).toBe('La conversación ya finalizó');
  });

  it('resumes after a reload with the stored token and asks for what it missed', async () => {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ conversationId: CONV, token: 'secret-token', lastSeq: 4 }));
    const page = open();
    const socket = page.sockets[0]!;
    expect(socket.auth).toEqual({ conversationId: CONV, token: 'secret-token' });
    expect(page.has('#chat-view')).toBe(true);
    expect(page.$('#state-banner').textContent).toBe('Reconectando con tu conversación…');
    act(() => socket.connect());
    const sync = await ack(page, socket, 'widget:sync', { ok: true, data: { state: st('ACTIVA', { agentName: 'Carlos' }), messages: [msg(1), msg(2, { tipoUsuario: 'CLIENTE' })] } });
    expect(sync.payload).toEqual({ afterSeq: 0 });
    expect(page.messages().map((m) => m.seq)).toEqual(['1', '2']);
    expect(page.$('#state-banner').textContent).toBe('Te atiende Carlos');
  });

  it('orders messages by seq and fills a gap with a sync', async () => {
    const page = await started();
    act(() => page.socket.fire('widget:message', msg(4)));
    expect((await page.socket.next('widget:sync')).payload).toEqual({ afterSeq: 1 });
    act(() => page.socket.fire('widget:message', msg(3)));
    act(() => page.socket.fire('widget:message', msg(2)));
    expect(page.messages().map((m) => m.seq)).toEqual(['1', '2', '3', '4']);
    expect(JSON.parse(window.sessionStorage.getItem(STORAGE_KEY)!).lastSeq).toBe(4);
    // Another conversation's message and a malformed one are dropped.
    act(() => page.socket.fire('widget:message', msg(5, { conversationId: 'conv_other' })));
    act(() => page.socket.fire('widget:message', { seq: 6, mensaje: 'sin forma' }));
    expect(page.messages()).toHaveLength(4);
  });

  it('starts over when the stored conversation is no longer available', () => {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ conversationId: CONV, token: 'old', lastSeq: 0 }));
    const page = open();
    const socket = page.sockets[0]!;
    socket.active = false;
    act(() => socket.fire('connect_error', new Error('La conversación no existe')));
    expect(page.has('#entry-view')).toBe(true);
    expect(page.$('#entry-error').textContent).toBe('Tu conversación anterior ya no está disponible. Puedes iniciar una nueva.');
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('shows the design avatar only from a safe address', () => {
    const page = open({ ...BOOT, config: { ...BOOT.config, avatarUrl: 'https://example.co/avatar.png' } });
    expect(page.$('#widget-avatar').getAttribute('src')).toBe('https://example.co/avatar.png');
    cleanup();
    const unsafe = open({ ...BOOT, config: { ...BOOT.config, avatarUrl: 'javascript:alert(1)' } });
    expect(unsafe.has('#widget-avatar')).toBe(false);
  });

  it('ignores stored resume data that is not its shape', () => {
    window.sessionStorage.setItem(STORAGE_KEY, '{"conversationId":5}');
    const page = open();
    expect(page.has('#entry-view')).toBe(true);
    expect(page.sockets).toHaveLength(0);
  });
});
