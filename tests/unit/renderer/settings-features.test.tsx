// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { FeaturesScreen } from '../../../src/renderer/features/settings/customisation/features.screen';
import { FEATURES, type Feature } from '../../../src/shared/domain/feature';
import { MSG } from '../../../src/shared/messages';
import { createStore } from 'jotai';
import { sessionAtom } from '../../../src/renderer/features/session/atoms';
import { sessionView } from './fake-atiende';
import { renderApp } from './render-app';
import { failReply, installSettings, okReply, renderPage } from './settings-fixtures';

afterEach(cleanup);

const AGENTS = [
  { idVa: 1, name: 'Asistente Demo' },
  { idVa: 2, name: 'Asistente Ventas' }
];
const features = (off: number[] = []): Feature[] => FEATURES.map((f) => ({ idFeature: f.idFeature, name: f.name, status: !off.includes(f.idFeature) }));
const toggle = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;
const body = (arg: { body?: unknown }) => arg.body as { idFeature: number; status: boolean };

describe('funcionalidades', () => {
  it('lists the first virtual agent’s features as labelled switches, with what each does', async () => {
    const fake = installSettings({ virtualAgents: () => okReply(AGENTS), features: (arg) => okReply(features((arg.params as { idVa: number }).idVa === 2 ? [4] : [3])) });
    renderPage(<FeaturesScreen />, 3);
    expect(await screen.findByRole('heading', { level: 1, name: 'Funcionalidades' })).toBeTruthy();
    await screen.findByRole('switch', { name: 'Formulario de entrada' });
    expect(screen.getAllByRole('switch').map((s) => s.getAttribute('aria-label') ?? (s as HTMLInputElement).labels?.[0]?.textContent)).toEqual(FEATURES.map((f) => f.name));
    expect(toggle('Adjuntos del cliente').checked).toBe(false);
    expect(toggle('Encuesta de satisfacción').checked).toBe(true);
    expect(toggle('Adjuntos del cliente').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('El cliente puede adjuntar archivos en el chat.')).toBeTruthy();
    expect(fake.sent('features')[0]?.params).toEqual({ idVa: 1 });
  });

  it('saves a switch the moment it is flipped (a native checkbox with role switch: Space flips it) and keeps what the platform stored', async () => {
    const fake = installSettings({
      virtualAgents: () => okReply(AGENTS),
      features: () => okReply(features()),
      updateFeatureStatus: (arg) => okReply({ idFeature: body(arg).idFeature, name: 'Encuesta de satisfacción', status: body(arg).status })
    });
    renderPage(<FeaturesScreen />, 3);
    const survey = await screen.findByRole('switch', { name: 'Encuesta de satisfacción' });
    survey.focus();
    // A native checkbox: Space toggles it (the browser fires click).
    fireEvent.click(survey);
    await screen.findByText(MSG.features.updated);
    expect(fake.sent('updateFeatureStatus').map((a) => ({ params: a.params, body: a.body }))).toEqual([{ params: { idVa: 1 }, body: { idFeature: 4, status: false } }]);
    expect(toggle('Encuesta de satisfacción').checked).toBe(false);
    expect(toggle('Encuesta de satisfacción').disabled).toBe(false);
  });

  it('puts a refused switch back and says why, in SPEC §8’s words and the platform’s', async () => {
    installSettings({
      virtualAgents: () => okReply(AGENTS),
      features: () => okReply(features()),
      updateFeatureStatus: () => failReply(500, 'La base de datos no respondió')
    });
    renderPage(<FeaturesScreen />, 3);
    const escalation = await screen.findByRole('switch', { name: 'Escalamiento a un asesor' });
    fireEvent.click(escalation);
    await screen.findByText(MSG.features.updateFailed);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Escalamiento a un asesor');
    expect(alert.textContent).toContain('La base de datos no respondió');
    await waitFor(() => expect(toggle('Escalamiento a un asesor').checked).toBe(true));
  });

  it('says the load failed in SPEC §8’s words and loads again on retry', async () => {
    let fail = true;
    const fake = installSettings({ virtualAgents: () => okReply(AGENTS), features: () => (fail ? failReply(500, 'Sin conexión') : okReply(features())) });
    renderPage(<FeaturesScreen />, 3);
    expect(await screen.findByText(MSG.features.loadFailed)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByRole('switch', { name: 'Formulario de entrada' });
    expect(fake.sent('features').length).toBe(2);
  });

  it('reads another virtual agent’s switches when it is chosen', async () => {
    const fake = installSettings({ virtualAgents: () => okReply(AGENTS), features: (arg) => okReply(features((arg.params as { idVa: number }).idVa === 2 ? [5] : [])) });
    renderPage(<FeaturesScreen />, 3);
    await screen.findByRole('switch', { name: 'Descarga de la conversación' });
    expect(toggle('Descarga de la conversación').checked).toBe(true);
    fireEvent.change(screen.getByRole('combobox', { name: 'Asistente virtual' }), { target: { value: '2' } });
    await waitFor(() => expect(toggle('Descarga de la conversación').checked).toBe(false));
    expect(fake.sent('features').at(-1)?.params).toEqual({ idVa: 2 });
  });

  it('is the page at configuracion/personalizacion/funcionalidades, with its drawer entry, for the entity administrator', async () => {
    installSettings({ virtualAgents: () => okReply(AGENTS), features: () => okReply(features()) });
    const store = createStore();
    store.set(sessionAtom, { status: 'resolved', view: sessionView(3), restored: true });
    renderApp('/configuracion/personalizacion/funcionalidades', store);
    expect(await screen.findByRole('heading', { level: 1, name: 'Funcionalidades' })).toBeTruthy();
    await screen.findByRole('switch', { name: 'Formulario de entrada' });
    expect(screen.getAllByRole('link', { name: 'Funcionalidades', hidden: true }).some((a) => a.getAttribute('href') === '/configuracion/personalizacion/funcionalidades')).toBe(true);
  });
});
