// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ParametersPage } from '../../../src/renderer/features/settings/admin/ParametersPage';
import { LDAP_TEXT, type LdapSettingsBody, type LdapSettingsView } from '../../../src/shared/domain/ldap';
import { ISO, failReply, installSettings, okReply, renderPage } from './settings-fixtures';

afterEach(cleanup);

const stored = (idOrg: number, extra: Partial<LdapSettingsView> = {}): LdapSettingsView => ({
  idOrg,
  configured: true,
  enabled: true,
  url: 'ldap://directorio.demo.co:389',
  bindDn: 'cn=servicio,dc=demo,dc=co',
  hasBindPassword: true,
  searchBase: 'ou=personas,dc=demo,dc=co',
  userFilter: '(uid={{username}})',
  groupSearchBase: '',
  emailAttribute: 'mail',
  nameAttribute: 'cn',
  roleMappings: [{ groupDn: 'cn=asesores,ou=grupos,dc=demo,dc=co', role: 5 }],
  timeoutMs: 5000,
  connectTimeoutMs: 5000,
  dateUpdate: ISO,
  ...extra
});

type Sent = { body?: unknown; idOrg?: number };
const bodyOf = (arg: Sent) => arg.body as LdapSettingsBody;

function install(replies: Parameters<typeof installSettings>[0] = {}) {
  const orgs = [
    { idOrg: 100, organization: 'Demo Contact Center' },
    { idOrg: 200, organization: 'Otra Entidad S.A.S.' }
  ];
  return installSettings({
    organizations: () => okReply([100, 200].map((idOrg) => ({ idOrg, name: idOrg === 100 ? 'Demo Contact Center' : 'Otra Entidad S.A.S.', schemaName: `org_${idOrg}`, organizationType: 'Banca', isActive: true }))),
    loginAttempts: () => okReply(orgs.map((o) => ({ ...o, loginAttemptsAllowed: 5 }))),
    passwordExpiration: () => okReply(orgs.map((o) => ({ ...o, passwordExpirationDays: 90 }))),
    autoUnlock: () => okReply(orgs.map((o) => ({ ...o, autoUnlockMinutes: null }))),
    lockedUsers: () => okReply([]),
    ldapSettings: (arg) => okReply(arg.idOrg === 200 ? { ...stored(200), configured: false, enabled: false, url: '', bindDn: '', hasBindPassword: false, roleMappings: [], dateUpdate: null } : stored(100)),
    saveLdapSettings: (arg) => {
      const { bindPassword, ...fields } = bodyOf(arg);
      return okReply({ ...stored(arg.idOrg ?? 100), ...fields, hasBindPassword: bindPassword !== undefined || fields.bindDn !== '', dateUpdate: '2026-03-02T15:30:00.000Z' });
    },
    ...replies
  });
}

const ldap = () => within(screen.getByRole('form', { name: 'Directorio LDAP' }));
const probe = () => within(screen.getByRole('form', { name: 'Probar la configuración' }));
const input = (scope: ReturnType<typeof ldap>, label: RegExp) => scope.getByLabelText(label) as HTMLInputElement;

async function opened() {
  await screen.findByRole('form', { name: 'Directorio LDAP' });
  await waitFor(() => expect(input(ldap(), /^URL del directorio/).value).toBe('ldap://directorio.demo.co:389'));
}

describe('directorio LDAP en parámetros', () => {
  it('never shows the service password, asks for it again when the URL changes, and saves what was typed', async () => {
    const fake = install();
    renderPage(<ParametersPage />, 3);
    await opened();
    const password = input(ldap(), /^Contraseña de la cuenta de servicio/);
    expect(password.value).toBe('');
    expect(password.type).toBe('password');
    expect(ldap().getByText(/Hay una contraseña guardada; nunca se muestra/)).toBeTruthy();
    expect(ldap().getByText(/Si cambia la URL o el DN de la cuenta de servicio, debe escribir la contraseña de nuevo/)).toBeTruthy();
    expect(input(ldap(), /^DN del grupo 1/).value).toBe('cn=asesores,ou=grupos,dc=demo,dc=co');

    const url = input(ldap(), /^URL del directorio/);
    fireEvent.change(url, { target: { value: 'ldaps://nuevo.demo.co:636' } });
    expect(ldap().getByText(/Cambió la URL o el DN de la cuenta de servicio/)).toBeTruthy();
    fireEvent.click(ldap().getByRole('button', { name: 'Guardar' }));
    expect(await ldap().findByText(LDAP_TEXT.bindPasswordRequired)).toBeTruthy();
    expect(url.value).toBe('ldaps://nuevo.demo.co:636');
    expect(fake.sent('saveLdapSettings')).toEqual([]);

    fireEvent.change(password, { target: { value: 'Secreto2026' } });
    fireEvent.click(ldap().getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Configuración LDAP guardada exitosamente')).toBeTruthy();
    const [sent] = fake.sent('saveLdapSettings');
    expect(sent?.idOrg).toBeUndefined();
    expect(bodyOf(sent!)).toMatchObject({ enabled: true, url: 'ldaps://nuevo.demo.co:636', bindPassword: 'Secreto2026', roleMappings: [{ groupDn: 'cn=asesores,ou=grupos,dc=demo,dc=co', role: 5 }] });
    // Saved: the password field is empty again (never shown), nothing is unsaved.
    await waitFor(() => expect(input(ldap(), /^Contraseña de la cuenta de servicio/).value).toBe(''));
    expect((ldap().getByRole('button', { name: 'Guardar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the stored password when URL and DN stay, and leaves it out of the body', async () => {
    const fake = install();
    renderPage(<ParametersPage />, 3);
    await opened();
    fireEvent.change(input(ldap(), /^Base de búsqueda de usuarios/), { target: { value: 'ou=gente,dc=demo,dc=co' } });
    fireEvent.click(ldap().getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Configuración LDAP guardada exitosamente')).toBeTruthy();
    const body = bodyOf(fake.sent('saveLdapSettings')[0]!);
    expect(body.searchBase).toBe('ou=gente,dc=demo,dc=co');
    expect('bindPassword' in body).toBe(false);
  });

  it('refuses a filter without {{username}}, a repeated group and an enabled directory without groups, in Spanish, keeping the input', async () => {
    const fake = install();
    renderPage(<ParametersPage />, 3);
    await opened();
    const filter = input(ldap(), /^Filtro de usuarios/);
    fireEvent.change(filter, { target: { value: '(uid=juan)' } });
    fireEvent.click(ldap().getByRole('button', { name: 'Agregar grupo' }));
    fireEvent.change(input(ldap(), /^DN del grupo 2/), { target: { value: 'CN=Asesores, OU=grupos, DC=demo, DC=co' } });
    fireEvent.change(ldap().getByLabelText(/^Rol del grupo 2/), { target: { value: '6' } });
    fireEvent.click(ldap().getByRole('button', { name: 'Guardar' }));
    expect(await ldap().findByText(LDAP_TEXT.filterPlaceholder)).toBeTruthy();
    expect(ldap().getByText(LDAP_TEXT.duplicateGroup)).toBeTruthy();
    expect(filter.value).toBe('(uid=juan)');
    expect(fake.sent('saveLdapSettings')).toEqual([]);

    fireEvent.change(filter, { target: { value: '(uid={{username}})' } });
    fireEvent.click(ldap().getByRole('button', { name: 'Quitar el grupo 2' }));
    fireEvent.click(ldap().getByRole('button', { name: 'Quitar el grupo 1' }));
    expect(ldap().getByText('Ningún grupo tiene rol asignado.')).toBeTruthy();
    fireEvent.click(ldap().getByRole('button', { name: 'Guardar' }));
    expect(await ldap().findByText(LDAP_TEXT.mappingRequired)).toBeTruthy();
    expect(fake.sent('saveLdapSettings')).toEqual([]);

    // Switched off, it saves without groups.
    fireEvent.click(ldap().getByRole('switch', { name: 'Habilitar el inicio de sesión LDAP' }));
    fireEvent.click(ldap().getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Configuración LDAP guardada exitosamente')).toBeTruthy();
    expect(bodyOf(fake.sent('saveLdapSettings')[0]!)).toMatchObject({ enabled: false, roleMappings: [], userFilter: '(uid={{username}})' });
  });

  it("shows the platform's refusal above the fields and keeps what was typed", async () => {
    install({ saveLdapSettings: () => failReply(400, LDAP_TEXT.filterInvalid) });
    renderPage(<ParametersPage />, 3);
    await opened();
    const filter = input(ldap(), /^Filtro de usuarios/);
    fireEvent.change(filter, { target: { value: '(&(uid={{username}})(objectClass=person))' } });
    fireEvent.click(ldap().getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Error al guardar la configuración LDAP')).toBeTruthy();
    expect(await ldap().findByText(LDAP_TEXT.filterInvalid)).toBeTruthy();
    expect(filter.value).toBe('(&(uid={{username}})(objectClass=person))');
  });

  it('refuses a control character in a field before anything is sent, and shows the platform\'s address refusal under the URL', async () => {
    const fake = install({ saveLdapSettings: () => failReply(400, `url: ${LDAP_TEXT.addressRefused}`) });
    renderPage(<ParametersPage />, 3);
    await opened();
    // A text input drops line breaks by itself; any other control character it keeps is refused by the shared schema.
    const password = input(ldap(), /^Contraseña de la cuenta de servicio/);
    fireEvent.change(password, { target: { value: 'Secreto\u0007SET k v' } });
    fireEvent.change(input(ldap(), /^DN de la cuenta de servicio/), { target: { value: 'cn=servicio\u001b,dc=demo,dc=co' } });
    fireEvent.click(ldap().getByRole('button', { name: 'Guardar' }));
    expect(await ldap().findByText(/^La contraseña de la cuenta de servicio contiene caracteres no permitidos/)).toBeTruthy();
    expect(ldap().getByText(/^El DN de la cuenta de servicio contiene caracteres no permitidos/)).toBeTruthy();
    expect(fake.sent('saveLdapSettings')).toEqual([]);

    fireEvent.change(password, { target: { value: 'Secreto2026' } });
    fireEvent.change(input(ldap(), /^DN de la cuenta de servicio/), { target: { value: 'cn=servicio,dc=demo,dc=co' } });
    fireEvent.change(input(ldap(), /^URL del directorio/), { target: { value: 'ldap://10.0.0.5:389' } });
    fireEvent.click(ldap().getByRole('button', { name: 'Guardar' }));
    expect(await ldap().findByText(LDAP_TEXT.addressRefused)).toBeTruthy();
    expect(input(ldap(), /^URL del directorio/).getAttribute('aria-invalid')).toBe('true');
    expect(input(ldap(), /^URL del directorio/).value).toBe('ldap://10.0.0.5:389');
  });

  it("'Probar' tries the unsaved form as a person and shows their DN, groups and role; nothing is saved", async () => {
    const fake = install({
      probeLdap: (arg) => {
        const { username } = arg.body as { username: string };
        if (username === 'nadie') return okReply({ ok: false, stage: 'search', message: LDAP_TEXT.probeNoUser, detail: '' });
        return okReply({
          ok: true,
          dn: 'uid=juan,ou=personas,dc=demo,dc=co',
          email: 'juan@demo.co',
          name: 'Juan Gómez',
          groups: ['cn=asesores,ou=grupos,dc=demo,dc=co', 'cn=todos,ou=grupos,dc=demo,dc=co'],
          role: 5,
          message: LDAP_TEXT.probeOk
        });
      }
    });
    renderPage(<ParametersPage />, 3);
    await opened();
    fireEvent.click(probe().getByRole('button', { name: 'Probar' }));
    expect(await probe().findByText(LDAP_TEXT.usernameRequired)).toBeTruthy();
    expect(probe().getByText(LDAP_TEXT.passwordRequired)).toBeTruthy();
    expect(fake.sent('probeLdap')).toEqual([]);

    fireEvent.change(input(ldap(), /^Base de búsqueda de usuarios/), { target: { value: 'ou=gente,dc=demo,dc=co' } });
    fireEvent.change(input(probe(), /^Usuario del directorio para probar/), { target: { value: 'juan' } });
    fireEvent.change(input(probe(), /^Contraseña de ese usuario/), { target: { value: 'ClaveDeJuan1' } });
    fireEvent.click(probe().getByRole('button', { name: 'Probar' }));
    expect(await screen.findByText(LDAP_TEXT.probeOk)).toBeTruthy();
    expect(screen.getByText('uid=juan,ou=personas,dc=demo,dc=co')).toBeTruthy();
    expect(screen.getByText('cn=todos,ou=grupos,dc=demo,dc=co')).toBeTruthy();
    expect(screen.getByText('Rol que obtendría').nextElementSibling?.textContent).toBe('5 · Asesor humano');
    const [sent] = fake.sent('probeLdap');
    expect(sent?.body).toMatchObject({ username: 'juan', password: 'ClaveDeJuan1', settings: { searchBase: 'ou=gente,dc=demo,dc=co', url: 'ldap://directorio.demo.co:389' } });
    expect('bindPassword' in (sent?.body as { settings: object }).settings).toBe(false);

    fireEvent.change(input(probe(), /^Usuario del directorio para probar/), { target: { value: 'nadie' } });
    fireEvent.click(probe().getByRole('button', { name: 'Probar' }));
    expect(await screen.findByText(LDAP_TEXT.probeNoUser)).toBeTruthy();
    expect(screen.getByText('Paso que falló').nextElementSibling?.textContent).toBe('Búsqueda del usuario');
    expect(fake.sent('saveLdapSettings')).toEqual([]);
    // The unsaved edit is still there.
    expect(input(ldap(), /^Base de búsqueda de usuarios/).value).toBe('ou=gente,dc=demo,dc=co');
  });

  it("asks the Superadministrador's chosen organisation, and 'Probar' needs a service password its form can use", async () => {
    const fake = install();
    renderPage(<ParametersPage />, 1);
    await opened();
    fireEvent.change(screen.getByLabelText(/^Organización/), { target: { value: '200' } });
    expect(await screen.findByText('Esta organización aún no tiene directorio LDAP configurado.')).toBeTruthy();
    expect(fake.sent('ldapSettings').map((a) => a.idOrg)).toEqual([100, 200]);

    fireEvent.change(input(ldap(), /^URL del directorio/), { target: { value: 'ldap://otra.co:389' } });
    fireEvent.change(input(ldap(), /^DN de la cuenta de servicio/), { target: { value: 'cn=servicio,dc=otra,dc=co' } });
    fireEvent.change(input(ldap(), /^Base de búsqueda de usuarios/), { target: { value: 'dc=otra,dc=co' } });
    fireEvent.change(input(probe(), /^Usuario del directorio para probar/), { target: { value: 'ana' } });
    fireEvent.change(input(probe(), /^Contraseña de ese usuario/), { target: { value: 'ClaveDeAna1' } });
    fireEvent.click(probe().getByRole('button', { name: 'Probar' }));
    expect(await ldap().findByText(LDAP_TEXT.bindPasswordRequired)).toBeTruthy();
    expect(fake.sent('probeLdap')).toEqual([]);

    fireEvent.change(input(ldap(), /^Contraseña de la cuenta de servicio/), { target: { value: 'ServicioOtra1' } });
    fireEvent.click(ldap().getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Configuración LDAP guardada exitosamente')).toBeTruthy();
    const [sent] = fake.sent('saveLdapSettings');
    expect(sent?.idOrg).toBe(200);
    expect(bodyOf(sent!)).toMatchObject({ enabled: false, url: 'ldap://otra.co:389', bindDn: 'cn=servicio,dc=otra,dc=co', bindPassword: 'ServicioOtra1' });
  });
});
