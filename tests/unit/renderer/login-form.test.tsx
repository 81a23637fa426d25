// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { LDAP_ORGANISATION_LABEL, LDAP_SWITCH_LABEL, LDAP_USERNAME_LABEL, LoginPage, LOCKED_NOTE } from '../../../src/renderer/features/session/LoginPage';
import { LDAP_TEXT } from '../../../src/shared/domain/ldap';
import { MSG } from '../../../src/shared/messages';
import { bannersAtom } from '../../../src/renderer/app/banners';
import { sessionAtom } from '../../../src/renderer/features/session/atoms';
import { LOGIN_TEXT, validateLogin } from '../../../src/renderer/features/session/validation';
import { fail, installFakeAtiende, ok, sessionView } from './fake-atiende';

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

describe('LoginPage: sign-in with an LDAP directory', () => {
  let fake: ReturnType<typeof installFakeAtiende>;
  let store: ReturnType<typeof createStore>;

  /** The login page with `directories` organisations offering LDAP sign-in (the page is told only whether any, and whether several). */
  async function renderWith(directories: number) {
    fake = installFakeAtiende();
    fake.api.session.ldapSignInOffer.mockImplementation(() => ok({ offered: directories > 0, organisationRequired: directories > 1 }));
    store = createStore();
    store.set(sessionAtom, { status: 'idle', view: null, restored: true });
    await act(async () => {
      render(
        <Provider store={store}>
          <FluentProvider theme={webLightTheme}>
            <LoginPage />
          </FluentProvider>
        </Provider>
      );
    });
  }
  afterEach(cleanup);

  const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
  const submit = async () => {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    });
  };
  const toggle = () => screen.queryByRole('switch', { name: new RegExp(LDAP_SWITCH_LABEL.replace(/[()]/g, '\\$&')) });

  it('offers no directory sign-in where no organisation has one enabled', async () => {
    await renderWith(0);
    expect(fake.api.session.ldapSignInOffer).toHaveBeenCalledTimes(1);
    expect(toggle()).toBeNull();
    expect(screen.getByLabelText(/Correo electrónico/)).toBeTruthy();
  });

  it("signs in with the directory's user name, starting switched off", async () => {
    await renderWith(1);
    const ldap = toggle() as HTMLInputElement;
    expect(ldap).toBeTruthy();
    expect(ldap.checked).toBe(false);
    await act(async () => {
      fireEvent.click(ldap);
    });
    expect(screen.queryByLabelText(/Correo electrónico/)).toBeNull();
    // With one directory there is nothing to name.
    expect(screen.queryByLabelText(new RegExp(LDAP_ORGANISATION_LABEL))).toBeNull();
    await submit();
    expect(screen.getByText(LDAP_TEXT.usernameRequired)).toBeTruthy();
    expect(fake.api.session.loginLdap).not.toHaveBeenCalled();

    type(screen.getByLabelText(new RegExp(LDAP_USERNAME_LABEL)), ' ana ');
    type(screen.getByLabelText(/Contraseña/), 'Clave-Ana');
    await submit();
    // With one directory the platform picks it: no organisation is sent.
    expect(fake.api.session.loginLdap).toHaveBeenCalledWith({ username: 'ana', password: 'Clave-Ana' });
    expect(fake.api.session.login).not.toHaveBeenCalled();
    expect(store.get(sessionAtom)).toEqual({ status: 'resolved', view: sessionView(), restored: true });
  });

  it('shows the same invalid-credentials text on an LDAP 401, keeps the name and clears the password', async () => {
    await renderWith(1);
    fake.api.session.loginLdap.mockImplementationOnce(() => fail({ status: 401, message: 'x' }));
    await act(async () => {
      fireEvent.click(toggle() as HTMLElement);
    });
    type(screen.getByLabelText(new RegExp(LDAP_USERNAME_LABEL)), 'ana');
    type(screen.getByLabelText(/Contraseña/), 'mala');
    await submit();
    expect(store.get(bannersAtom).map((b) => b.text)).toEqual([MSG.session.invalidCredentials]);
    expect((screen.getByLabelText(new RegExp(LDAP_USERNAME_LABEL)) as HTMLInputElement).value).toBe('ana');
    expect((screen.getByLabelText(/Contraseña/) as HTMLInputElement).value).toBe('');
  });

  it("shows the directory's failure in words and a locked account as locked", async () => {
    await renderWith(1);
    fake.api.session.loginLdap.mockImplementationOnce(() => fail({ status: 503, message: LDAP_TEXT.unreachable }));
    await act(async () => {
      fireEvent.click(toggle() as HTMLElement);
    });
    type(screen.getByLabelText(new RegExp(LDAP_USERNAME_LABEL)), 'ana');
    type(screen.getByLabelText(/Contraseña/), 'x');
    await submit();
    expect(store.get(bannersAtom).map((b) => b.text)).toEqual([LDAP_TEXT.unreachable]);

    fake.api.session.loginLdap.mockImplementationOnce(() => fail({ status: 403, message: 'x', locked: true }));
    type(screen.getByLabelText(/Contraseña/), 'x');
    await submit();
    expect(screen.getByText(LOCKED_NOTE)).toBeTruthy();
    expect((screen.getByLabelText(new RegExp(LDAP_USERNAME_LABEL)) as HTMLInputElement).disabled).toBe(true);
  });

  it('asks for the name of the organisation when several offer it, listing none, and sends what was typed', async () => {
    await renderWith(2);
    await act(async () => {
      fireEvent.click(toggle() as HTMLElement);
    });
    type(screen.getByLabelText(new RegExp(LDAP_USERNAME_LABEL)), 'ana');
    type(screen.getByLabelText(/Contraseña/), 'Clave-Ana');
    await submit();
    expect(screen.getByText(LDAP_TEXT.organisationRequired)).toBeTruthy();
    expect(fake.api.session.loginLdap).not.toHaveBeenCalled();
    const organisation = screen.getByLabelText(new RegExp(LDAP_ORGANISATION_LABEL)) as HTMLInputElement;
    // A text to type, not a list to pick from: the page knows no organisation's name.
    expect(organisation.tagName).toBe('INPUT');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('option')).toBeNull();
    type(organisation, 'Entidad\u001b[2J');
    await submit();
    expect(screen.getByText(/La entidad contiene caracteres no permitidos/)).toBeTruthy();
    expect(fake.api.session.loginLdap).not.toHaveBeenCalled();
    type(organisation, ' Otra Entidad S.A.S. ');
    await submit();
    expect(fake.api.session.loginLdap).toHaveBeenCalledWith({ username: 'ana', password: 'Clave-Ana', organization: 'Otra Entidad S.A.S.' });
  });

  // A text input drops line breaks by itself; the other control characters it keeps are refused by the shared schema.
  it('refuses a user name or password with a control character before anything is sent', async () => {
    await renderWith(1);
    await act(async () => {
      fireEvent.click(toggle() as HTMLElement);
    });
    type(screen.getByLabelText(new RegExp(LDAP_USERNAME_LABEL)), 'ana');
    type(screen.getByLabelText(/Contraseña/), 'x\u0007SET k v');
    await submit();
    expect(screen.getByText(/La contraseña contiene caracteres no permitidos/)).toBeTruthy();
    type(screen.getByLabelText(new RegExp(LDAP_USERNAME_LABEL)), 'an\u001ba');
    type(screen.getByLabelText(/Contraseña/), 'x');
    await submit();
    expect(screen.getByText(/El usuario contiene caracteres no permitidos/)).toBeTruthy();
    expect(fake.api.session.loginLdap).not.toHaveBeenCalled();
  });

  it('switching back signs in with e-mail and password as before', async () => {
    await renderWith(1);
    await act(async () => {
      fireEvent.click(toggle() as HTMLElement);
    });
    await act(async () => {
      fireEvent.click(toggle() as HTMLElement);
    });
    type(screen.getByLabelText(/Correo electrónico/), 'admin@demo.co');
    type(screen.getByLabelText(/Contraseña/), 'Atiende2026!');
    await submit();
    expect(fake.api.session.login).toHaveBeenCalledWith({ email: 'admin@demo.co', password: 'Atiende2026!' });
    expect(fake.api.session.loginLdap).not.toHaveBeenCalled();
  });
});
