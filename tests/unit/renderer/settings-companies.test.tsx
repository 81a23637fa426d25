// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CompaniesScreen, companiesScreen } from '../../../src/renderer/features/settings/admin/companies.screen';
import type { Organization } from '../../../src/shared/domain/organization';
import { MSG } from '../../../src/shared/messages';
import { describeListScreen, dialog, failReply, installSettings, okReply, renderPage, rowNames, rowOf } from './settings-fixtures';

afterEach(cleanup);

const org = (idOrg: number, name: string, isActive = true): Organization => ({ idOrg, name, schemaName: `org_${idOrg}`, organizationType: 'Banca', isActive });
const body = (arg: { body?: unknown }) => arg.body as Record<string, unknown>;

describeListScreen(companiesScreen, {
  role: 1,
  rows: [org(100, 'Demo Contact Center'), org(200, 'Otra Entidad S.A.S.')],
  create: {
    refused: { fill: { name: 'Tercera', schemaName: 'Tercera Entidad' }, messages: ['El esquema solo admite minúsculas, números y _, y empieza por una letra', 'El tipo de organización es obligatorio'] },
    fill: { schemaName: 'tercera', organizationType: 'Salud' },
    sent: { name: 'Tercera', schemaName: 'tercera', organizationType: 'Salud', isActive: true },
    reply: (b) => ({ idOrg: 300, ...(b as Omit<Organization, 'idOrg'>) })
  },
  // A schema already in use comes back naming its field: it shows there.
  platformRefusal: {
    fill: { name: 'Copia', schemaName: 'org_100', organizationType: 'Banca' },
    error: { status: 409, message: 'schemaName: El esquema ingresado ya está en uso por otra compañía' },
    shows: 'El esquema ingresado ya está en uso por otra compañía'
  },
  edit: { row: 1, fill: { name: 'Otra Entidad' }, sent: { idOrg: 200, name: 'Otra Entidad', schemaName: 'org_200', organizationType: 'Banca', isActive: true }, reply: (b) => b as Organization },
  remove: { row: 1, request: (a) => a.params, expected: { idOrg: 200 } }
});

describe('compañías', () => {
  it('lists, searches on the platform, creates at the end after refusing bad input, and edits in place', async () => {
    const fake = installSettings({
      organizations: (arg) => okReply(arg.query?.search === 'otra' ? [org(200, 'Otra Entidad S.A.S.')] : [org(100, 'Demo Contact Center'), org(200, 'Otra Entidad S.A.S.')]),
      createOrganization: (arg) => okReply({ idOrg: 300, ...(body(arg) as Omit<Organization, 'idOrg'>) }),
      updateOrganization: (arg) => okReply(body(arg) as Organization)
    });
    renderPage(<CompaniesScreen />, 1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Compañías' })).toBeTruthy();
    await screen.findByRole('rowheader', { name: 'Demo Contact Center' });

    const search = within(screen.getByRole('search', { name: 'Buscar compañía' }));
    fireEvent.change(search.getByRole('searchbox'), { target: { value: ' otra ' } });
    fireEvent.click(search.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Demo Contact Center' })).toBeNull());
    expect(fake.sent('organizations').at(-1)?.query).toEqual({ search: 'otra' });
    fireEvent.change(search.getByRole('searchbox'), { target: { value: '' } });
    await screen.findByRole('rowheader', { name: 'Demo Contact Center' });

    fireEvent.click(screen.getByRole('button', { name: 'Nueva compañía' }));
    const form = dialog();
    fireEvent.change(form.getByLabelText(/^Nombre/), { target: { value: 'Tercera' } });
    fireEvent.change(form.getByLabelText(/^Esquema/), { target: { value: 'Tercera Entidad' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByText('El esquema solo admite minúsculas, números y _, y empieza por una letra')).toBeTruthy();
    expect(form.getByText('El tipo de organización es obligatorio')).toBeTruthy();
    expect((form.getByLabelText(/^Nombre/) as HTMLInputElement).value).toBe('Tercera');
    expect(fake.sent('createOrganization')).toEqual([]);

    fireEvent.change(form.getByLabelText(/^Esquema/), { target: { value: 'tercera' } });
    fireEvent.change(form.getByLabelText(/^Tipo de organización/), { target: { value: 'Salud' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.companies.created)).toBeTruthy();
    expect(body(fake.sent('createOrganization')[0]!)).toEqual({ name: 'Tercera', schemaName: 'tercera', organizationType: 'Salud', isActive: true });
    await screen.findByRole('rowheader', { name: 'Tercera' });
    expect(rowNames()).toEqual(['Demo Contact Center', 'Otra Entidad S.A.S.', 'Tercera']);

    fireEvent.click(within(rowOf('Otra Entidad S.A.S.')).getByRole('button', { name: 'Editar Otra Entidad S.A.S.' }));
    const edit = dialog();
    fireEvent.change(edit.getByLabelText(/^Nombre/), { target: { value: 'Otra Entidad' } });
    fireEvent.click(edit.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.companies.updated)).toBeTruthy();
    await screen.findByRole('rowheader', { name: 'Otra Entidad' });
    expect(body(fake.sent('updateOrganization')[0]!)).toEqual({ idOrg: 200, name: 'Otra Entidad', schemaName: 'org_200', organizationType: 'Banca', isActive: true });
  });

  it('deactivates with the same update, and says why the platform refused', async () => {
    const fake = installSettings({
      organizations: () => okReply([org(100, 'Demo Contact Center'), org(200, 'Otra Entidad S.A.S.')]),
      updateOrganization: (arg) =>
        body(arg).idOrg === 100 ? failReply(409, 'No puede desactivar ni eliminar la compañía a la que pertenece') : okReply(body(arg) as Organization)
    });
    renderPage(<CompaniesScreen />, 1);
    await screen.findByRole('rowheader', { name: 'Otra Entidad S.A.S.' });
    fireEvent.click(within(rowOf('Otra Entidad S.A.S.')).getByRole('switch', { name: 'Desactivar Otra Entidad S.A.S.' }));
    await waitFor(() => expect(within(rowOf('Otra Entidad S.A.S.')).getByRole('switch', { name: 'Activar Otra Entidad S.A.S.' })).toBeTruthy());
    expect(body(fake.sent('updateOrganization')[0]!)).toMatchObject({ idOrg: 200, isActive: false });

    fireEvent.click(within(rowOf('Demo Contact Center')).getByRole('switch', { name: 'Desactivar Demo Contact Center' }));
    expect(await screen.findByText(MSG.companies.updateFailed)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('No puede desactivar ni eliminar la compañía a la que pertenece');
    expect((within(rowOf('Demo Contact Center')).getByRole('switch') as HTMLInputElement).checked).toBe(true);
  });
});
