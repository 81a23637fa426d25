// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ALL_FEATURES_ON, type WidgetFeatures } from '../../../src/shared/domain/feature';
import { WidgetApp } from '../../../src/widget/App';
import { WidgetChat } from '../../../src/widget/chat';
import { BOOT, CONV, fakeIo, msg, st, type FakeSocket } from './fake-socket';

beforeEach(() => window.sessionStorage.clear());
afterEach(cleanup);

/** The widget of a virtual agent whose toggles are `off` (issue 38), every other one on. */
function open(off: Partial<Record<keyof WidgetFeatures, false>> = {}) {
  const features = { ...ALL_FEATURES_ON, ...off };
  const boot = { ...BOOT, config: { ...BOOT.config, features, entryForm: features.entryForm ? BOOT.config.entryForm : [] } };
  const { sockets, io } = fakeIo();
  const chat = new WidgetChat(boot, io, window.sessionStorage);
  const view = render(<WidgetApp boot={boot} chat={chat} />);
  const has = (selector: string) => view.container.querySelector(selector) !== null;
  const $ = (selector: string) => {
    const found = view.container.querySelector<HTMLElement>(selector);
    if (!found) throw new Error(`missing ${selector}`);
    return found;
  };
  const flush = () => act(() => new Promise((r) => setTimeout(r, 5)));
  return { sockets, has, $, flush };
}
type Page = ReturnType<typeof open>;

async function ack(page: Page, socket: FakeSocket, event: string, response: unknown) {
  const sent = await socket.next(event);
  await act(async () => sent.ack(null, response));
  await page.flush();
  return sent;
}

const START_ANSWER = { ok: true, data: { conversationId: CONV, token: 'secret-token', state: st('BOT'), messages: [msg(1)] } };

/** Starts the chat through the form (when it has one) and answers the start. */
async function started(off: Partial<Record<keyof WidgetFeatures, false>> = {}) {
  const page = open(off);
  if (page.has('#field-11')) {
    fireEvent.change(page.$('#field-11'), { target: { value: 'Ana Pérez' } });
    fireEvent.change(page.$('#field-12'), { target: { value: 'ana@example.co' } });
    fireEvent.click(page.$('#entry-submit'));
  }
  const socket = page.sockets[0]!;
  act(() => socket.connect());
  const start = await ack(page, socket, 'widget:start', START_ANSWER);
  return { ...page, socket, start };
}

async function ended(page: Awaited<ReturnType<typeof started>>, surveyPending = true) {
  fireEvent.click(page.$('#leave-button'));
  fireEvent.click(page.$('#leave-confirm-yes'));
  await ack(page, page.socket, 'widget:leave', { ok: true, data: st('FINALIZADA', { endMessage: 'Gracias por comunicarte.', surveyPending }) });
}

describe('the widget follows the virtual agent’s feature toggles (issue 38)', () => {
  it('with every feature on: the form, the attach button, the agent button, the survey and the transcript link', async () => {
    const page = await started();
    expect(page.start.payload).toEqual({ fields: { 11: 'Ana Pérez', 12: 'ana@example.co' } });
    expect(page.has('#composer-file')).toBe(true);
    expect(page.has('#ask-agent')).toBe(true);
    await ended(page);
    expect(page.has('#survey-form')).toBe(true);
    const link = screen.getByRole('link', { name: 'Descargar conversación' });
    expect(link.getAttribute('href')).toBe('/widget/transcript?token=secret-token');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('entry form off: the chat starts at once without answers, and again for a new chat', async () => {
    const page = await started({ entryForm: false });
    expect(page.has('#entry-form')).toBe(false);
    expect(page.start.payload).toEqual({ fields: {} });
    expect(page.has('#chat-view')).toBe(true);
    await ended(page);
    fireEvent.click(page.$('#new-chat'));
    const again = page.sockets[1]!;
    act(() => again.connect());
    expect((await again.next('widget:start')).payload).toEqual({ fields: {} });
  });

  it('attachments off: no attach button', async () => {
    const page = await started({ attachments: false });
    expect(page.has('#composer')).toBe(true);
    expect(page.has('#composer-file')).toBe(false);
    expect(screen.queryByText('Adjuntar archivo')).toBeNull();
  });

  it('escalation off: no ‘Hablar con un asesor’ button', async () => {
    const page = await started({ escalation: false });
    expect(page.has('#ask-agent')).toBe(false);
    expect(page.has('#leave-button')).toBe(true);
  });

  it('survey off: the end asks nothing, even from a state that says the survey is pending', async () => {
    const page = await started({ survey: false });
    await ended(page, true);
    expect(page.has('#end-view')).toBe(true);
    expect(page.has('#survey-form')).toBe(false);
    expect(page.socket.count('widget:survey')).toBe(0);
  });

  it('transcript off: no download offered', async () => {
    const page = await started({ transcript: false });
    await ended(page);
    expect(page.has('#transcript-download')).toBe(false);
    expect(screen.queryByText('Descargar conversación')).toBeNull();
  });
});
