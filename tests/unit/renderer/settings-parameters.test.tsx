// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ParametersPage } from '../../../src/renderer/features/settings/admin/ParametersPage';
import type { LockedUser } from '../../../src/shared/domain/user';
import { formatDateTime } from '../../../src/shared/format';
import { MSG } from '../../../src/shared/messages';
import { failReply, installSettings, okReply, renderPage, rowOf } from './settings-fixtures';

afterEach(cleanup);

const locked = (idUser: number, name: string, unlocksAt: string | null = null): LockedUser => ({
  idUser,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@demo.co`,
  role: 5,
  roleLabel: 'Asesor humano',
  company: 100,
  nameCompany: 'Demo Contact Center',
  failedAttempts: 5,
  lockedAt: '2026-03-02T15:04:05.000Z',
  lockedFromIp: '10.0.0.7',
  unlocksAt
});
const body = (arg: { body?: unknown }) => arg.body as Record<string, unknown>;
const form = () => within(screen.getByRole('form', { name: 'Parámetros de seguridad' }));

function install(extra: Parameters<typeof installSettings>[0] = {}) {
  return installSettings({
    organizations: () => okReply([100, 200].map((idOrg) => ({ idOrg, name: idOrg === 100 ? 'Demo Contact Center' : 'Otra Entidad S.A.S.', schemaName: `org_${idOrg}`, organizationType: 'Banca', isActive: true }))),
    loginAttempts: () =>
      okReply([
        { idOrg: 100, organization: 'Demo Contact Center', loginAttemptsAllowed: 5 },
        { idOrg: 200, organization: 'Otra Entidad S.A.S.', loginAttemptsAllowed: 3 }
      ]),
    passwordExpiration: () =>
      okReply([
        { idOrg: 100, organization: 'Demo Contact Center', passwordExpirationDays: 90 },
        { idOrg: 200, organization: 'Otra Entidad S.A.S.', passwordExpirationDays: 30 }
      ]),
    autoUnlock: () =>
      okReply([
        { idOrg: 100, organization: 'Demo Contact Center', autoUnlockMinutes: null },
        { idOrg: 200, organization: 'Otra Entidad S.A.S.', autoUnlockMinutes: 15 }
      ]),
    lockedUsers: (arg) => okReply(arg.idOrg === 200 ? [] : [locked(20, 'Ana Pérez'), locked(21, 'Bruno Díaz', '2026-03-02T15:19:05.000Z')]),
    updateLoginAttempts: (arg) => okReply({ idOrg: Number(arg.idOrg ?? 100), organization: 'Demo Contact Center', ...body(arg) }),
    updatePasswordExpiration: (arg) => okReply({ idOrg: Number(arg.idOrg ?? 100), organization: 'Demo Contact Center', ...body(arg) }),
    updateAutoUnlock: (arg) => okReply({ idOrg: Number(arg.idOrg ?? 100), organization: 'Demo Contact Center', ...body(arg) }),
    updateUserFlags: (arg) => {
      const { failedAttempts: _f, lockedAt: _a, lockedFromIp: _i, unlocksAt: _u, ...user } = locked(Number((arg.params as { idUser: number }).idUser), 'Ana Pérez');
      return okReply({ ...user, isActive: true, isLocked: false, dateCreate: '2026-01-15T13:00:00.000Z', dateUpdate: '2026-03-02T15:30:00.000Z' });
    },
    ...extra
  });
}

describe('parámetros de seguridad', () => {
  it("refuses out-of-bounds values in Spanish, then sends only what changed for the administrator's organisation", async () => {
    const fake = install();
    renderPage(<ParametersPage />, 3);
    await screen.findByRole('form', { name: 'Parámetros de seguridad' });
    const attempts = form().getByLabelText(/^Intentos de inicio de sesión permitidos/) as HTMLInputElement;
    await waitFor(() => expect(attempts.value).toBe('5'));
    expect((form().getByLabelText(/^Días de vigencia de la contraseña/) as HTMLInputElement).value).toBe('90');
    expect(screen.queryByLabelText(/^Organización/)).toBeNull();
    expect((form().getByRole('button', { name: 'Guardar' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(attempts, { target: { value: '0' } });
    fireEvent.click(form().getByRole('switch', { name: 'Desbloquear automáticamente' }));
    fireEvent.change(form().getByLabelText(/^Minutos hasta el desbloqueo automático/), { target: { value: '2000' } });
    fireEvent.click(form().getByRole('button', { name: 'Guardar' }));
    expect(await form().findByText(/El número de intentos/)).toBeTruthy();
    expect(form().getByText(/Los minutos de desbloqueo automático/)).toBeTruthy();
    expect(attempts.value).toBe('0');
    expect(fake.sent('updateLoginAttempts')).toEqual([]);

    fireEvent.change(attempts, { target: { value: '4' } });
    fireEvent.change(form().getByLabelText(/^Minutos hasta el desbloqueo automático/), { target: { value: '30' } });
    fireEvent.click(form().getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.securityParameters.lockUpdated)).toBeTruthy();
    expect(await screen.findByText(MSG.securityParameters.autoUnlockUpdated)).toBeTruthy();
    expect(fake.sent('updateLoginAttempts').map((a) => [a.idOrg, body(a)])).toEqual([[undefined, { loginAttemptsAllowed: 4 }]]);
    expect(fake.sent('updateAutoUnlock').map(body)).toEqual([{ autoUnlockMinutes: 30 }]);
    expect(fake.sent('updatePasswordExpiration')).toEqual([]);
    // Saved: nothing is unsaved any more.
    await waitFor(() => expect((form().getByRole('button', { name: 'Guardar' }) as HTMLButtonElement).disabled).toBe(true));
    expect((form().getByLabelText(/^Intentos de inicio de sesión permitidos/) as HTMLInputElement).value).toBe('4');
  });

  it('keeps what was typed and says why when the platform refuses', async () => {
    install({ updatePasswordExpiration: () => failReply(400, 'passwordExpirationDays: Los días de expiración deben estar entre 1 y 365') });
    renderPage(<ParametersPage />, 3);
    await screen.findByRole('form', { name: 'Parámetros de seguridad' });
    const days = form().getByLabelText(/^Días de vigencia de la contraseña/) as HTMLInputElement;
    await waitFor(() => expect(days.value).toBe('90'));
    fireEvent.change(days, { target: { value: '60' } });
    fireEvent.click(form().getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.securityParameters.expiryUpdateFailed)).toBeTruthy();
    expect(await form().findByText('Los días de expiración deben estar entre 1 y 365')).toBeTruthy();
    expect(days.value).toBe('60');
  });

  it('lets the Superadministrador choose the organisation, and sends it with each change', async () => {
    const fake = install();
    renderPage(<ParametersPage />, 1);
    await screen.findByRole('form', { name: 'Parámetros de seguridad' });
    const attempts = form().getByLabelText(/^Intentos de inicio de sesión permitidos/) as HTMLInputElement;
    await waitFor(() => expect(attempts.value).toBe('5'));
    fireEvent.change(screen.getByLabelText(/^Organización/), { target: { value: '200' } });
    await waitFor(() => expect((form().getByLabelText(/^Intentos de inicio de sesión permitidos/) as HTMLInputElement).value).toBe('3'));
    expect((form().getByLabelText(/^Minutos hasta el desbloqueo automático/) as HTMLInputElement).value).toBe('15');
    expect(await screen.findByText('No hay cuentas bloqueadas')).toBeTruthy();

    fireEvent.change(form().getByLabelText(/^Días de vigencia de la contraseña/), { target: { value: '45' } });
    fireEvent.click(form().getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.securityParameters.expiryUpdated)).toBeTruthy();
    expect(fake.sent('updatePasswordExpiration').map((a) => [a.idOrg, body(a)])).toEqual([[200, { passwordExpirationDays: 45 }]]);
    expect(fake.sent('lockedUsers').map((a) => a.idOrg)).toEqual([100, 200]);
  });

  it('lists the accounts locked now (who, failures, when, from where) and unlocks one with a click', async () => {
    const fake = install();
    renderPage(<ParametersPage />, 3);
    await screen.findByRole('rowheader', { name: 'Ana Pérez' });
    const cells = within(rowOf('Ana Pérez')).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['ana@demo.co', '5', formatDateTime('2026-03-02T15:04:05.000Z'), '10.0.0.7', 'No (solo un administrador)']);
    expect(within(rowOf('Bruno Díaz')).getAllByRole('cell')[4]!.textContent).toBe(formatDateTime('2026-03-02T15:19:05.000Z'));

    fireEvent.click(within(rowOf('Ana Pérez')).getByRole('button', { name: 'Desbloquear a Ana Pérez' }));
    expect(await screen.findByText(MSG.users.unlocked)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Ana Pérez' })).toBeNull());
    expect(fake.sent('updateUserFlags').map((a) => [a.params, a.body])).toEqual([[{ idUser: 20 }, { isLocked: false }]]);
  });
});
