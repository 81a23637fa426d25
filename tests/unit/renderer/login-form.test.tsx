// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { LoginPage, LOCKED_NOTE } from '../../../src/renderer/features/session/LoginPage';
import { bannersAtom } from '../../../src/renderer/app/banners';
import { sessionAtom } from '../../../src/renderer/features/session/atoms';
import { LOGIN_TEXT, validateLogin } from '../../../src/renderer/features/session/validation';
import { fail, installFakeAtiende, sessionView } from './fake-atiende';

describe('validateLogin', () => {
  it('asks for both fields in Spanish', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      ok: false,
      errors: { email: LOGIN_TEXT.emailRequired, password: LOGIN_TEXT.passwordRequired }
    });
  });

  it('rejects a malformed e-mail', () => {
    const result = validateLogin({ email: 'asesor@', password: 'x' });
    expect(result).toEqual({ ok: false, errors: { email: 'Ingrese un correo electrónico válido' } });
  });

  it('accepts and normalises a valid pair', () => {
    expect(validateLogin({ email: ' Admin@Demo.co ', password: 'Atiende2026!' })).toEqual({
      ok: true,
      data: { email: 'admin@demo.co', password: 'Atiende2026!' }
    });
  });
});

describe('LoginPage', () => {
  let fake: ReturnType<typeof installFakeAtiende>;
  let store: ReturnType<typeof createStore>;

  beforeEach(() => {
    fake = installFakeAtiende();
    store = createStore();
    store.set(sessionAtom, { status: 'idle', view: null, restored: true });
    render(
      <Provider store={store}>
        <FluentProvider theme={webLightTheme}>
          <LoginPage />
        </FluentProvider>
      </Provider>
    );
  });
  afterEach(cleanup);

  const email = () => screen.getByLabelText(/Correo electrónico/) as HTMLInputElement;
  const password = () => screen.getByLabelText(/Contraseña/) as HTMLInputElement;
  const submit = async () => {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    });
  };
  const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

  it('validates before sending anything', async () => {
    await submit();
    expect(screen.getByText(LOGIN_TEXT.emailRequired)).toBeTruthy();
    expect(screen.getByText(LOGIN_TEXT.passwordRequired)).toBeTruthy();
    expect(fake.api.session.login).not.toHaveBeenCalled();

    type(email(), 'no-es-correo');
    type(password(), 'x');
    await submit();
    expect(screen.getByText('Ingrese un correo electrónico válido')).toBeTruthy();
    expect(fake.api.session.login).not.toHaveBeenCalled();
  });

  it('signs in with the typed credentials and clears earlier sign-in errors', async () => {
    fake.api.session.login.mockImplementationOnce(() => fail({ status: 401, message: 'x' }));
    type(email(), 'admin@demo.co');
    type(password(), 'mala');
    await submit();
    expect(store.get(bannersAtom)).toHaveLength(1);
    type(email(), 'admin@demo.co');
    type(password(), 'Atiende2026!');
    await submit();
    expect(fake.api.session.login).toHaveBeenCalledWith({ email: 'admin@demo.co', password: 'Atiende2026!' });
    expect(store.get(sessionAtom)).toEqual({ status: 'resolved', view: sessionView(), restored: true });
    expect(store.get(bannersAtom)).toEqual([]);
  });

  it('shows the invalid-credentials banner on 401 and keeps the e-mail', async () => {
    fake.api.session.login.mockImplementationOnce(() => fail({ status: 401, message: 'x' }));
    type(email(), 'admin@demo.co');
    type(password(), 'mala');
    await submit();
    expect(store.get(bannersAtom).map((b) => b.text)).toEqual(['Usuario o contraseña inválidos']);
    expect(store.get(sessionAtom).status).toBe('rejected');
    expect(email().value).toBe('admin@demo.co');
    expect(email().disabled).toBe(false);
  });

  it('marks the form locked on 403', async () => {
    fake.api.session.login.mockImplementationOnce(() => fail({ status: 403, message: 'x', locked: true }));
    type(email(), 'admin@otra.co');
    type(password(), 'mala');
    await submit();
    expect(store.get(bannersAtom).map((b) => b.text)).toEqual(['Usuario ha sido bloqueado']);
    expect(screen.getByText(LOCKED_NOTE)).toBeTruthy();
    expect(email().disabled).toBe(true);
    expect(password().disabled).toBe(true);
    expect(email().value).toBe('admin@otra.co');
    expect((screen.getByRole('button', { name: 'Ingresar' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
