// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JSDOM, VirtualConsole, type DomElement } from 'jsdom';
import { renderWidgetPage } from '../../../src/server/widget/page';
import type { LiveMessage, WidgetConfig, WidgetState } from '../../../src/shared/realtime';

/** A stand-in for the socket.io client: records emissions, lets the test ack or time them out. */
class FakeSocket {
  connected = false;
  active = true;
  handlers: Record<string, ((...args: unknown[]) => void)[]> = {};
  sent: { event: string; payload: Record<string, unknown>; ack: (err: unknown, ack?: unknown) => void }[] = [];
  disconnected = false;
  constructor(
    readonly namespace: string,
    readonly opts: { auth: Record<string, unknown> }
  ) {}
  get auth() {
    return this.opts.auth;
  }
  set auth(v) {
    this.opts.auth = v;
  }
  on(event: string, fn: (...args: unknown[]) => void) {
    (this.handlers[event] ??= []).push(fn);
    return this;
  }
  timeout() {
    return { emit: (event: string, payload: Record<string, unknown>, ack: (err: unknown, a?: unknown) => void) => this.sent.push({ event, payload, ack }) };
  }
  disconnect() {
    this.disconnected = true;
    this.connected = false;
  }
  fire(event: string, ...args: unknown[]) {
    for (const fn of this.handlers[event] ?? []) fn(...args);
  }
  connect() {
    this.connected = true;
    this.fire('connect');
  }
  drop() {
    this.connected = false;
    this.fire('disconnect');
  }
  /** Waits for an emission of `event` (the page may get there through promises and file reads). */
  next(event: string) {
    return vi.waitFor(() => this.take(event), { timeout: 5000, interval: 2 });
  }
  /** The latest emission of `event` not yet answered. */
  take(event: string) {
    const i = this.sent.findIndex((s) => s.event === event);
    if (i < 0) throw new Error(`No ${event} emitted (have ${this.sent.map((s) => s.event).join(', ')})`);
    return this.sent.splice(i, 1)[0]!;
  }
}

const CONFIG: WidgetConfig = {
  org: 100,
  va: 1,
  organizationName: 'Demo Contact Center',
  assistantName: 'Asistente Demo',
  entryForm: [
    { idField: 11, label: 'Nombre', fieldType: 'text', required: true, options: [] },
    { idField: 12, label: 'Correo', fieldType: 'email', required: true, options: [] },
    { idField: 13, label: 'Tipo de documento', fieldType: 'select', required: false, options: ['CC', 'CE'] }
  ],
  design: null,
  avatarUrl: null
};

const CONV = 'conv_1';
const msg = (seq: number, over: Partial<LiveMessage> = {}): LiveMessage => ({
  conversationId: CONV,
  seq,
  clientId: null,
  tipoMensaje: 'TEXTO',
  tipoUsuario: 'BOT',
  mensaje: `m${seq}`,
  adjunto: null,
  items: null,
  fechaMensaje: '2026-03-02T15:00:00.000Z',
  ...over
});
const st = (state: WidgetState['state'], over: Partial<WidgetState> = {}): WidgetState => ({ conversationId: CONV, state, agentName: null, endMessage: null, surveyPending: false, ...over });

let dom: JSDOM | null = null;
afterEach(() => dom?.window.close());

function open(storage: Record<string, string> = {}) {
  const sockets: FakeSocket[] = [];
  const errors: string[] = [];
  const virtualConsole = new VirtualConsole();
  virtualConsole.on('jsdomError', (e) => {
    if (!/Could not parse CSS/.test(e.message)) errors.push(e.message);
  });
  const html = renderWidgetPage(CONFIG, 'n0nce', { ackTimeoutMs: 1000, retryDelayMs: 0, startTimeoutMs: 1000 });
  dom = new JSDOM(html, {
    url: 'http://127.0.0.1:3100/widget?org=100&va=1',
    runScripts: 'dangerously',
    virtualConsole,
    beforeParse(window) {
      for (const [k, v] of Object.entries(storage)) window.sessionStorage.setItem(k, v);
      Object.assign(window, {
        io: (ns: string, opts: { auth: Record<string, unknown> }) => {
          const s = new FakeSocket(ns, opts);
          sockets.push(s);
          return s;
        }
      });
    }
  });
  const doc = dom.window.document;
  const $ = (sel: string): DomElement => {
    const found = doc.querySelector(sel);
    if (!found) throw new Error(`missing ${sel}`);
    return found;
  };
  const messages = () => [...doc.querySelectorAll('#messages li[data-testid="message"]')].map((li) => ({ sender: li.getAttribute('data-sender'), status: li.getAttribute('data-status'), seq: li.getAttribute('data-seq'), text: li.textContent }));
  const click = (sel: string) => $(sel).click();
  const flush = () => new Promise((r) => setTimeout(r, 5));
  return { sockets, errors, doc, $, messages, click, flush, window: dom.window };
}

async function started() {
  const page = open();
  page.$('#field-11').value = 'Ana Pérez';
  page.$('#field-12').value = 'ana@example.co';
  page.click('#entry-submit');
  const socket = page.sockets[0]!;
  socket.connect();
  const start = await socket.next('widget:start');
  start.ack(null, {
    ok: true,
    data: {
      conversationId: CONV,
      token: 'secret-token',
      state: st('BOT'),
      messages: [msg(1, { items: [{ itemType: 1, itemValue: '¡Hola!', itemOptions: null, itemFile: null }, { itemType: 9, itemValue: null, itemOptions: ['Horarios', 'Hablar con un asesor'], itemFile: null }] })]
    }
  });
  await page.flush();
  return { ...page, socket };
}

describe('widget page script', () => {
  it('renders the entry form from the configuration and checks it in Spanish before starting', () => {
    const page = open();
    expect(page.errors).toEqual([]);
    expect(page.$('label[for="field-11"]').textContent).toContain('Nombre');
    expect(page.$('#field-12').getAttribute('type')).toBe('email');
    expect([...page.$('#field-13').options].map((o) => o.value)).toEqual(['', 'CC', 'CE']);
    page.$('#field-12').value = 'no-es-correo';
    page.click('#entry-submit');
    expect(page.$('#field-11-error').textContent).toBe('Este campo es obligatorio');
    expect(page.$('#field-12-error').textContent).toBe('Escribe un correo electrónico válido');
    expect(page.$('#field-11').getAttribute('aria-invalid')).toBe('true');
    expect(page.doc.activeElement?.id).toBe('field-11');
    expect(page.sockets).toHaveLength(0);
  });

  it('starts the chat, keeps the resume data and renders the bot answer', async () => {
    const page = await started();
    expect(page.socket.opts.auth).toEqual({ conversationId: CONV, token: 'secret-token' });
    expect(page.$('#entry-view').hidden).toBe(true);
    expect(page.$('#chat-view').hidden).toBe(false);
    expect(page.$('#state-banner').textContent).toBe('Estás conversando con Asistente Demo');
    expect(page.$('#ask-agent').hidden).toBe(false);
    expect(JSON.parse(page.window.sessionStorage.getItem('atiende.widget.100.1')!)).toEqual({ conversationId: CONV, token: 'secret-token', lastSeq: 1 });
    expect([...page.doc.querySelectorAll('[data-testid="bot-option"]')].map((b) => b.textContent)).toEqual(['Horarios', 'Hablar con un asesor']);
    expect(page.errors).toEqual([]);
  });

  it('sends the start fields by id, dropping empty optional answers', async () => {
    const page = open();
    page.$('#field-11').value = '  Ana  ';
    page.$('#field-12').value = 'ana@example.co';
    page.click('#entry-submit');
    expect(page.sockets[0]!.opts.auth).toEqual({ org: 100, va: 1 });
    expect((await page.sockets[0]!.next('widget:start')).payload).toEqual({ fields: { '11': 'Ana', '12': 'ana@example.co' } });
  });

  it('shows the refusal of widget:start and lets the customer try again', async () => {
    const page = open();
    page.$('#field-11').value = 'Ana';
    page.$('#field-12').value = 'ana@example.co';
    page.click('#entry-submit');
    page.sockets[0]!.connect();
    (await page.sockets[0]!.next('widget:start')).ack(null, { ok: false, error: { status: 409, message: 'Fuera del horario de atención' } });
    await page.flush();
    expect(page.$('#entry-error').textContent).toBe('Fuera del horario de atención');
    expect(page.$('#entry-submit').disabled).toBe(false);
    expect(page.sockets[0]!.disconnected).toBe(true);
  });

  it('sends an option as a message and retries with the same clientId until acked', async () => {
    const page = await started();
    const option = [...page.doc.querySelectorAll('[data-testid="bot-option"]')][0]!;
    option.click();
    await page.flush();
    const first = await page.socket.next('widget:message');
    expect(first.payload).toMatchObject({ text: 'Horarios', attachment: null });
    const clientId = String(first.payload.clientId);
    expect(clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(page.messages().at(-1)).toMatchObject({ sender: 'CLIENTE', status: 'sending' });
    expect(page.$('#messages li[data-status="sending"] [data-testid="message-status"]').textContent).toBe('Enviando…');

    first.ack(new Error('operation has timed out'));
    await page.flush();
    const second = await page.socket.next('widget:message');
    expect(second.payload.clientId).toBe(clientId);

    // Offline: nothing is sent until the socket is back; then the same message goes again.
    page.socket.drop();
    second.ack(new Error('operation has timed out'));
    await page.flush();
    expect(page.socket.sent.filter((s) => s.event === 'widget:message')).toHaveLength(0);
    expect(page.$('#connection-status').hidden).toBe(false);
    page.socket.connect();
    expect((await page.socket.next('widget:sync')).payload).toEqual({ afterSeq: 1 });
    const third = await page.socket.next('widget:message');
    expect(third.payload.clientId).toBe(clientId);
    third.ack(null, { ok: true, data: msg(2, { tipoUsuario: 'CLIENTE', clientId, mensaje: 'Horarios' }) });
    await page.flush();
    expect(page.messages().map((m) => [m.sender, m.status, m.seq])).toEqual([
      ['BOT', 'sent', '1'],
      ['CLIENTE', 'sent', '2']
    ]);
    // The same message pushed by the server is not shown twice.
    page.socket.fire('widget:message', msg(2, { tipoUsuario: 'CLIENTE', clientId, mensaje: 'Horarios' }));
    expect(page.messages()).toHaveLength(2);
  });

  it('marks a refused message as not sent, with the reason', async () => {
    const page = await started();
    page.$('#composer-input').value = 'hola';
    page.click('#composer-send');
    await page.flush();
    (await page.socket.next('widget:message')).ack(null, { ok: false, error: { status: 409, message: 'La conversación ya finalizó' } });
    await page.flush();
    expect(page.messages().at(-1)).toMatchObject({ status: 'error' });
    expect(page.messages().at(-1)!.text).toContain('No se pudo enviar: La conversación ya finalizó');
  });

  it('refuses an empty message and a file over 10 MB in Spanish', async () => {
    const page = await started();
    page.click('#composer-send');
    expect(page.$('#composer-error').textContent).toBe('Escribe un mensaje o adjunta un archivo');
    const input = page.$('#composer-file');
    const big = new page.window.File(['x'], 'grande.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    Object.defineProperty(input, 'files', { value: [big], configurable: true });
    input.dispatchEvent(new page.window.Event('change'));
    expect(page.$('#composer-error').textContent).toBe('El archivo no puede superar 10 MB');
    expect(page.$('#composer-attachment').hidden).toBe(true);
    expect(page.socket.sent).toHaveLength(0);
  });

  it('uploads an attachment, then sends it and links it through the token route', async () => {
    const page = await started();
    const input = page.$('#composer-file');
    const file = new page.window.File(['hola'], 'nota.txt', { type: 'text/plain' });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    input.dispatchEvent(new page.window.Event('change'));
    expect(page.$('#composer-attachment-name').textContent).toBe('Adjunto: nota.txt');
    page.click('#composer-send');
    await page.flush();
    const upload = await page.socket.next('widget:upload');
    expect(upload.payload).toEqual({ data: Buffer.from('hola').toString('base64'), format_type: 'base64', content_type: 'text/plain', name: 'nota.txt', conversationId: CONV });
    upload.ack(null, { ok: true, data: { contentType: 'text/plain', name: 'nota.txt', url: '/widget/files/f1' } });
    await page.flush();
    const send = await page.socket.next('widget:message');
    expect(send.payload).toMatchObject({ text: '', attachment: { contentType: 'text/plain', name: 'nota.txt', url: '/widget/files/f1' } });
    send.ack(null, { ok: true, data: msg(2, { tipoUsuario: 'CLIENTE', tipoMensaje: 'ARCHIVO', clientId: String(send.payload.clientId), mensaje: '', adjunto: { contentType: 'text/plain', name: 'nota.txt', url: '/widget/files/f1' } }) });
    await page.flush();
    expect(page.$('[data-testid="message-file"]').getAttribute('href')).toBe('/widget/files/f1?token=secret-token');
  });

  it('follows the states: queue, agent, end with the survey', async () => {
    const page = await started();
    page.click('#ask-agent');
    await page.flush();
    expect((await page.socket.next('widget:message')).payload.text).toBe('Quiero hablar con un asesor');
    page.socket.fire('widget:state', st('EN_COLA'));
    expect(page.$('#state-banner').textContent).toBe('En espera de un asesor. Te atenderemos en breve.');
    expect(page.$('#ask-agent').hidden).toBe(true);
    page.socket.fire('widget:state', st('ACTIVA', { agentName: 'Carlos' }));
    expect(page.$('#state-banner').textContent).toBe('Te atiende Carlos');
    page.socket.fire('widget:message', msg(3, { tipoUsuario: 'ASESOR', mensaje: 'Hola, soy Carlos' }));
    // The unacked request stays last, marked 'Enviando…'.
    expect(page.messages().map((m) => [m.sender, m.seq, m.status])).toEqual([
      ['BOT', '1', 'sent'],
      ['ASESOR', '3', 'sent'],
      ['CLIENTE', null, 'sending']
    ]);
    expect(page.messages()[1]!.text).toContain('Carlos');

    page.click('#leave-button');
    expect(page.$('#leave-confirm').hidden).toBe(false);
    expect(page.doc.activeElement?.id).toBe('leave-confirm-yes');
    page.click('#leave-confirm-no');
    expect(page.$('#leave-confirm').hidden).toBe(true);
    expect(page.socket.sent.some((s) => s.event === 'widget:leave')).toBe(false);
    page.click('#leave-button');
    page.click('#leave-confirm-yes');
    (await page.socket.next('widget:leave')).ack(null, { ok: true, data: st('FINALIZADA', { endMessage: 'Gracias por comunicarte.', surveyPending: true }) });
    await page.flush();
    expect(page.$('#state-banner').getAttribute('data-state')).toBe('FINALIZADA');
    expect(page.$('#end-message').textContent).toBe('Gracias por comunicarte.');
    expect(page.$('#composer').hidden).toBe(true);
    expect(page.$('#survey-form').hidden).toBe(false);

    page.click('#survey-submit');
    expect(page.$('#survey-error').textContent).toBe('Selecciona una calificación de 1 a 5');
    page.click('#survey-satisfaction-4');
    page.click('#survey-submit');
    expect(page.$('#survey-error').textContent).toBe('Selecciona un valor de 0 a 10');
    page.click('#survey-nps-9');
    page.click('#survey-submit');
    const survey = await page.socket.next('widget:survey');
    expect(survey.payload).toEqual({ satisfaction: 4, nps: 9 });
    survey.ack(null, { ok: true, data: st('FINALIZADA', { endMessage: 'Gracias por comunicarte.', surveyPending: false }) });
    await page.flush();
    expect(page.$('#survey-form').hidden).toBe(true);
    expect(page.$('#survey-thanks').hidden).toBe(false);

    page.click('#new-chat');
    expect(page.$('#entry-view').hidden).toBe(false);
    expect(page.window.sessionStorage.getItem('atiende.widget.100.1')).toBeNull();
    expect(page.errors).toEqual([]);
  });

  it('resumes after a reload with the stored token and asks for what it missed', async () => {
    const page = open({ 'atiende.widget.100.1': JSON.stringify({ conversationId: CONV, token: 'secret-token', lastSeq: 4 }) });
    const socket = page.sockets[0]!;
    expect(socket.opts.auth).toEqual({ conversationId: CONV, token: 'secret-token' });
    expect(page.$('#chat-view').hidden).toBe(false);
    socket.connect();
    const sync = await socket.next('widget:sync');
    expect(sync.payload).toEqual({ afterSeq: 0 });
    sync.ack(null, { ok: true, data: { state: st('ASIGNADA', { agentName: 'Carlos' }), messages: [msg(1), msg(2, { tipoUsuario: 'CLIENTE' })] } });
    await page.flush();
    expect(page.messages().map((m) => m.seq)).toEqual(['1', '2']);
    expect(page.$('#state-banner').textContent).toBe('Te atiende Carlos');
  });

  it('orders messages by seq and fills a gap with a sync', async () => {
    const page = await started();
    page.socket.fire('widget:message', msg(4));
    expect((await page.socket.next('widget:sync')).payload).toEqual({ afterSeq: 1 });
    page.socket.fire('widget:message', msg(3));
    page.socket.fire('widget:message', msg(2));
    expect(page.messages().map((m) => m.seq)).toEqual(['1', '2', '3', '4']);
  });

  it('starts over when the stored conversation is no longer available', async () => {
    const page = open({ 'atiende.widget.100.1': JSON.stringify({ conversationId: CONV, token: 'old', lastSeq: 0 }) });
    const socket = page.sockets[0]!;
    socket.active = false;
    socket.fire('connect_error', new Error('La conversación no existe'));
    expect(page.$('#entry-view').hidden).toBe(false);
    expect(page.$('#entry-error').textContent).toBe('Tu conversación anterior ya no está disponible. Puedes iniciar una nueva.');
    expect(page.window.sessionStorage.getItem('atiende.widget.100.1')).toBeNull();
  });
});
