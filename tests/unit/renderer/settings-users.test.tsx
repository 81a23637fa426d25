// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { UsersScreen, usersScreen } from '../../../src/renderer/features/settings/admin/users.screen';
import type { Organization } from '../../../src/shared/domain/organization';
import { PASSWORD_TEXT } from '../../../src/shared/domain/password-policy';
import type { User } from '../../../src/shared/domain/user';
import { MSG } from '../../../src/shared/messages';
import { ROLE_LABELS, type RoleId } from '../../../src/shared/roles';
import { ISO, describeListScreen, dialog, failReply, findConfirm, installSettings, okReply, renderPage, rowNames, rowOf } from './settings-fixtures';

afterEach(cleanup);

// A choice in a select inside a Fluent dialog may leave tabster marking the surface aria-hidden in
// jsdom only (the end-to-end suite checks the dialog stays reachable): the buttons are found with hidden.

const user = (idUser: number, name: string, role: RoleId, extra: Partial<User> = {}): User => ({
  idUser,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@demo.co`,
  role,
  roleLabel: ROLE_LABELS[role],
  company: 100,
  nameCompany: 'Demo Contact Center',
  isActive: true,
  isLocked: false,
  dateCreate: ISO,
  dateUpdate: ISO,
  ...extra
});
const org = (idOrg: number, name: string): Organization => ({ idOrg, name, schemaName: `org_${idOrg}`, organizationType: 'Banca', isActive: true });
const body = (arg: { body?: unknown }) => arg.body as Record<string, unknown>;

describeListScreen(usersScreen, {
  role: 3,
  rows: [user(20, 'Ana Pérez', 5), user(22, 'Carlos Ruiz', 4)],
  create: {
    refused: { fill: { name: 'Bruno Díaz', email: 'bruno@demo.co', role: '6', password: 'corta1' }, messages: [PASSWORD_TEXT.tooShort] },
    fill: { password: 'Inicial2026' },
    sent: { name: 'Bruno Díaz', email: 'bruno@demo.co', role: 6, password: 'Inicial2026' },
    reply: (b) => user(21, 'Bruno Díaz', 6, { email: String((b as { email: string }).email) })
  },
  platformRefusal: { fill: { name: 'Bruno Díaz', email: 'admin@demo.co', role: '6', password: 'Inicial2026' }, error: { status: 422, message: MSG.users.usernameUnavailable }, shows: MSG.users.usernameUnavailable },
  edit: { fill: { name: 'Ana María Pérez' }, sent: { idUser: 20, name: 'Ana María Pérez', email: 'ana@demo.co', role: 5 }, reply: (b) => user(20, (b as { name: string }).name, 5) },
  remove: { row: 1, request: (a) => a.params, expected: { id: 22 } }
});

describe('usuarios, Administrador de entidad (role 3)', () => {
  it('offers roles 3–6 only and says the password policy in Spanish before sending', async () => {
    const fake = installSettings({
      users: () => okReply([user(20, 'Ana Pérez', 5)]),
      createCompanyUser: (arg) => okReply(user(21, String(body(arg).name), Number(body(arg).role) as RoleId, { email: String(body(arg).email) }))
    });
    renderPage(<UsersScreen />, 3);
    expect(await screen.findByRole('heading', { level: 1, name: 'Usuarios' })).toBeTruthy();
    await screen.findByRole('rowheader', { name: 'Ana Pérez' });
    // Role 3 chooses no organisation: its own.
    expect(screen.queryByLabelText(/^Organización/)).toBeNull();
    expect(fake.sent('users')[0]!.idOrg).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Nuevo usuario' }));
    const form = dialog();
    expect(within(form.getByLabelText(/^Rol/)).getAllByRole('option').map((o) => o.textContent)).toEqual(['Seleccione…', ...[3, 4, 5, 6].map((r) => ROLE_LABELS[r as RoleId])]);
    fireEvent.change(form.getByLabelText(/^Nombre/), { target: { value: 'Bruno Díaz' } });
    fireEvent.change(form.getByLabelText(/^Correo electrónico/), { target: { value: 'bruno@demo.co' } });
    fireEvent.change(form.getByLabelText(/^Contraseña inicial/), { target: { value: 'bruno2026' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar', hidden: true }));
    expect(await form.findByText('Seleccione un rol')).toBeTruthy();
    expect((form.getByLabelText(/^Nombre/) as HTMLInputElement).value).toBe('Bruno Díaz');
    fireEvent.change(form.getByLabelText(/^Rol/), { target: { value: '6' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar', hidden: true }));
    expect(await form.findByText(PASSWORD_TEXT.containsEmail)).toBeTruthy();
    fireEvent.change(form.getByLabelText(/^Contraseña inicial/), { target: { value: 'corta1' } });
    fireEvent.blur(form.getByLabelText(/^Contraseña inicial/));
    expect(await form.findByText(PASSWORD_TEXT.tooShort)).toBeTruthy();
    expect(fake.sent('createCompanyUser')).toEqual([]);
  });

  it("shows a 422 with SPEC §5's own message and the e-mail refusal under the e-mail, the input kept", async () => {
    installSettings({
      users: () => okReply([user(20, 'Ana Pérez', 5)]),
      updateUser: () => failReply(422, MSG.users.usernameUnavailable)
    });
    renderPage(<UsersScreen />, 3);
    await screen.findByRole('rowheader', { name: 'Ana Pérez' });
    fireEvent.click(within(rowOf('Ana Pérez')).getByRole('button', { name: 'Editar Ana Pérez' }));
    const form = dialog();
    fireEvent.change(form.getByLabelText(/^Correo electrónico/), { target: { value: 'admin@demo.co' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar', hidden: true }));
    expect(await screen.findByText(MSG.users.validationFailed)).toBeTruthy();
    expect(await form.findByText(MSG.users.usernameUnavailable)).toBeTruthy();
    expect((form.getByLabelText(/^Correo electrónico/) as HTMLInputElement).value).toBe('admin@demo.co');
  });

  it('deactivates, unlocks and deletes (after confirming, through the company variant)', async () => {
    const fake = installSettings({
      users: () => okReply([user(20, 'Ana Pérez', 5, { isLocked: true }), user(22, 'Carlos Ruiz', 4)]),
      updateUserFlags: (arg) => {
        const id = Number((arg.params as { idUser: number }).idUser);
        const base = id === 20 ? user(20, 'Ana Pérez', 5, { isLocked: true }) : user(22, 'Carlos Ruiz', 4);
        return okReply({ ...base, ...body(arg) });
      },
      deleteCompanyUser: () => okReply({ success: true })
    });
    renderPage(<UsersScreen />, 3);
    await screen.findByRole('rowheader', { name: 'Carlos Ruiz' });

    fireEvent.click(within(rowOf('Carlos Ruiz')).getByRole('switch', { name: 'Desactivar Carlos Ruiz' }));
    expect(await screen.findByText(MSG.users.deactivated)).toBeTruthy();
    await waitFor(() => expect(within(rowOf('Carlos Ruiz')).getByRole('switch', { name: 'Activar Carlos Ruiz' })).toBeTruthy());

    expect(within(rowOf('Ana Pérez')).getByText('Bloqueado')).toBeTruthy();
    fireEvent.click(within(rowOf('Ana Pérez')).getByRole('button', { name: 'Desbloquear a Ana Pérez' }));
    expect(await screen.findByText(MSG.users.unlocked)).toBeTruthy();
    await waitFor(() => expect(within(rowOf('Ana Pérez')).queryByText('Bloqueado')).toBeNull());
    expect(fake.sent('updateUserFlags').map((a) => [a.params, a.body])).toEqual([
      [{ idUser: 22 }, { isActive: false }],
      [{ idUser: 20 }, { isLocked: false }]
    ]);

    fireEvent.click(within(rowOf('Carlos Ruiz')).getByRole('button', { name: 'Eliminar Carlos Ruiz', hidden: true }));
    const confirm = await findConfirm();
    fireEvent.click(confirm.getByRole('button', { name: 'Eliminar', hidden: true }));
    expect(await screen.findByText(MSG.users.deleted)).toBeTruthy();
    await waitFor(() => expect(rowNames()).toEqual(['Ana Pérez']));
    expect(fake.sent('deleteCompanyUser').map((a) => a.params)).toEqual([{ id: 22 }]);
    expect(fake.sent('deleteUser')).toEqual([]);
  });
});

describe('usuarios, Superadministrador (role 1)', () => {
  it("lists the chosen organisation's users, searches, and creates any role there through /api/users", async () => {
    const fake = installSettings({
      organizations: () => okReply([org(100, 'Demo Contact Center'), org(200, 'Otra Entidad S.A.S.')]),
      users: (arg) =>
        okReply(
          arg.idOrg === 200
            ? [user(40, 'Olga Otra', 3, { company: 200, nameCompany: 'Otra Entidad S.A.S.' })]
            : arg.query?.search === 'ana'
              ? [user(20, 'Ana Pérez', 5)]
              : [user(20, 'Ana Pérez', 5), user(22, 'Carlos Ruiz', 4)]
        ),
      createUser: (arg) => okReply(user(41, String(body(arg).name), Number(body(arg).role) as RoleId, { company: Number(arg.idOrg), nameCompany: 'Otra Entidad S.A.S.' }))
    });
    renderPage(<UsersScreen />, 1);
    await screen.findByRole('rowheader', { name: 'Carlos Ruiz' });
    // Its own organisation first.
    expect(fake.sent('users')[0]!.idOrg).toBe(100);

    const search = within(screen.getByRole('search', { name: 'Buscar usuario' }));
    fireEvent.change(search.getByRole('searchbox'), { target: { value: 'ana' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Buscar usuario' }));
    await waitFor(() => expect(rowNames()).toEqual(['Ana Pérez']));
    fireEvent.change(search.getByRole('searchbox'), { target: { value: '' } });

    await waitFor(() => expect((screen.getByLabelText(/^Organización/) as HTMLSelectElement).disabled).toBe(false));
    fireEvent.change(screen.getByLabelText(/^Organización/), { target: { value: '200' } });
    await waitFor(() => expect(rowNames()).toEqual(['Olga Otra']));

    fireEvent.click(screen.getByRole('button', { name: 'Nuevo usuario' }));
    const form = dialog();
    expect(within(form.getByLabelText(/^Rol/)).getAllByRole('option')).toHaveLength(7);
    fireEvent.change(form.getByLabelText(/^Nombre/), { target: { value: 'Pablo Plataforma' } });
    fireEvent.change(form.getByLabelText(/^Correo electrónico/), { target: { value: 'pablo@otra.co' } });
    fireEvent.change(form.getByLabelText(/^Rol/), { target: { value: '2' } });
    fireEvent.change(form.getByLabelText(/^Contraseña inicial/), { target: { value: 'Inicial2026' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar', hidden: true }));
    expect(await screen.findByText(MSG.users.created)).toBeTruthy();
    const sent = fake.sent('createUser')[0]!;
    // The organisation travels beside the body; the main process puts it in company.
    expect(sent.idOrg).toBe(200);
    expect(body(sent)).toEqual({ name: 'Pablo Plataforma', email: 'pablo@otra.co', role: 2, password: 'Inicial2026' });
    await waitFor(() => expect(rowNames()).toEqual(['Pablo Plataforma', 'Olga Otra']));
  });
});
