// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DirectoryScreen, directoryScreen } from '../../../src/renderer/features/settings/human/directory.screen';
import type { DirectoryContact } from '../../../src/shared/domain/directory';
import type { LocationList } from '../../../src/shared/domain/location';
import { MSG } from '../../../src/shared/messages';
import { describeListScreen, dialog, installSettings, okReply, renderPage, rowNames, rowOf } from './settings-fixtures';

afterEach(cleanup);

const LOCATIONS: LocationList = {
  regionals: [],
  departments: [
    { id: 5, idRegional: null, name: 'Antioquia' },
    { id: 11, idRegional: null, name: 'Bogotá D.C.' }
  ],
  cities: [
    { id: 5001, name: 'Medellín', idDepartment: 5 },
    { id: 5266, name: 'Envigado', idDepartment: 5 },
    { id: 11001, name: 'Bogotá D.C.', idDepartment: 11 }
  ]
};

const contact = (id: number, nombre: string, idVa = 1, city = { id: 5001, name: 'Medellín' }, department = { id: 5, name: 'Antioquia' }): DirectoryContact => ({
  idContact: id,
  nombre,
  email: `${nombre.split(' ')[0]!.toLowerCase()}@demo.co`,
  telefono: '+57 604 444 1020',
  identificacion: '43876512',
  tipoIdentificacion: 'CÉDULA CIUDADANIA',
  idVa,
  activo: true,
  listadoMensajes: [],
  city,
  department
});

const body = (arg: { body?: unknown }) => arg.body as Record<string, unknown>;

function cityOf(id: number) {
  const city = LOCATIONS.cities.find((c) => c.id === id)!;
  const department = LOCATIONS.departments.find((d) => d.id === city.idDepartment)!;
  return { city: { id: city.id, name: city.name }, department: { id: department.id, name: department.name } };
}

/** The platform's answer to a create or update: the contact with its city and department named. */
function stored(sent: unknown, idContact?: number): DirectoryContact {
  const { idCity, ...rest } = sent as Omit<DirectoryContact, 'city' | 'department'> & { idCity: number };
  return { ...rest, ...(idContact === undefined ? {} : { idContact }), ...cityOf(idCity) };
}

describeListScreen(directoryScreen, {
  rows: [contact(1, 'Mariana Restrepo'), contact(2, 'Jorge Díaz')],
  replies: { virtualAgents: () => okReply([{ idVa: 1, name: 'Asistente Demo' }]), locationList: () => okReply(LOCATIONS) },
  create: {
    refused: {
      fill: { nombre: 'Laura Gómez', email: 'laura@', telefono: '300 555 0101', identificacion: '1020304050' },
      messages: ['Ingrese un correo electrónico válido', 'Seleccione el departamento', 'Seleccione la ciudad']
    },
    fill: { email: 'laura@demo.co', idDepartment: '5', idCity: '5266' },
    sent: {
      nombre: 'Laura Gómez',
      email: 'laura@demo.co',
      telefono: '300 555 0101',
      identificacion: '1020304050',
      tipoIdentificacion: 'CÉDULA CIUDADANIA',
      idVa: 1,
      idCity: 5266,
      activo: true,
      listadoMensajes: []
    },
    reply: (b) => stored(b, 20)
  },
  edit: {
    fill: { idDepartment: '11', idCity: '11001' },
    sent: {
      idContact: 1,
      nombre: 'Mariana Restrepo',
      email: 'mariana@demo.co',
      telefono: '+57 604 444 1020',
      identificacion: '43876512',
      tipoIdentificacion: 'CÉDULA CIUDADANIA',
      idVa: 1,
      idCity: 11001,
      activo: true,
      listadoMensajes: []
    },
    reply: (b) => stored(b)
  },
  remove: { row: 1, request: (a) => a.params, expected: { idContact: 2 } }
});

describe('directorio-contactos', () => {
  it('lists the contacts of the chosen virtual agent with city and department flattened', async () => {
    const fake = installSettings({
      virtualAgents: () => okReply([{ idVa: 1, name: 'Asistente Demo' }, { idVa: 2, name: 'Asistente Ventas' }]),
      locationList: () => okReply(LOCATIONS),
      directoryContacts: (arg) => okReply(arg.query?.idVa === 2 ? [contact(7, 'Pedro Ruiz', 2, { id: 11001, name: 'Bogotá D.C.' }, { id: 11, name: 'Bogotá D.C.' })] : [contact(1, 'Mariana Restrepo')])
    });
    renderPage(<DirectoryScreen />);
    expect(await screen.findByRole('rowheader', { name: 'Mariana Restrepo' })).toBeTruthy();
    expect(within(rowOf('Mariana Restrepo')).getByText('Medellín, Antioquia')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Asistente virtual/), { target: { value: '2' } });
    expect(await screen.findByRole('rowheader', { name: 'Pedro Ruiz' })).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: 'Mariana Restrepo' })).toBeNull();
    expect(fake.sent('directoryContacts').map((a) => a.query)).toEqual([{ idVa: 1 }, { idVa: 2 }]);
  });

  it("says 'No hay contactos disponibles para mostrar' when the directory is empty", async () => {
    installSettings({
      virtualAgents: () => okReply([{ idVa: 1, name: 'Asistente Demo' }]),
      locationList: () => okReply(LOCATIONS),
      directoryContacts: () => okReply([])
    });
    renderPage(<DirectoryScreen />);
    expect(await screen.findByText(MSG.contacts.empty)).toBeTruthy();
    expect(screen.getByText('Vacío')).toBeTruthy();
  });

  it('validates before sending, keeps what was typed, appends a created contact and replaces an edited one', async () => {
    let next = 20;
    const fake = installSettings({
      virtualAgents: () => okReply([{ idVa: 1, name: 'Asistente Demo' }]),
      locationList: () => okReply(LOCATIONS),
      directoryContacts: () => okReply([contact(1, 'Mariana Restrepo')]),
      createDirectoryContact: (arg) => {
        const { idCity, ...rest } = body(arg);
        return okReply({ ...rest, idContact: next++, ...cityOf(Number(idCity)) });
      },
      updateDirectoryContact: (arg) => {
        const { idCity, ...rest } = body(arg);
        return okReply({ ...rest, ...cityOf(Number(idCity)) });
      }
    });
    renderPage(<DirectoryScreen />);
    await screen.findByRole('rowheader', { name: 'Mariana Restrepo' });

    fireEvent.click(screen.getByRole('button', { name: 'Nuevo contacto' }));
    const form = dialog();
    expect((form.getByLabelText(/^Tipo de identificación/) as HTMLInputElement).value).toBe('CÉDULA CIUDADANIA');
    fireEvent.change(form.getByLabelText(/^Nombre/), { target: { value: 'Laura Gómez' } });
    fireEvent.change(form.getByLabelText(/^Correo electrónico/), { target: { value: 'laura@' } });
    fireEvent.change(form.getByLabelText(/^Teléfono/), { target: { value: '300 555 0101' } });
    fireEvent.change(form.getByLabelText(/^Identificación/), { target: { value: '1020304050' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByText('Ingrese un correo electrónico válido')).toBeTruthy();
    expect(form.getByText('Seleccione el departamento')).toBeTruthy();
    expect(form.getByText('Seleccione la ciudad')).toBeTruthy();
    expect((form.getByLabelText(/^Correo electrónico/) as HTMLInputElement).value).toBe('laura@');
    expect(fake.sent('createDirectoryContact')).toEqual([]);

    fireEvent.change(form.getByLabelText(/^Correo electrónico/), { target: { value: 'laura@demo.co' } });
    fireEvent.change(form.getByLabelText(/^Departamento/), { target: { value: '5' } });
    // Only the cities of the chosen department are offered.
    const cities = within(form.getByLabelText(/^Ciudad/)).getAllByRole('option').map((o) => o.textContent);
    expect(cities).toEqual(['Seleccione…', 'Medellín', 'Envigado']);
    fireEvent.change(form.getByLabelText(/^Ciudad/), { target: { value: '5266' } });
    fireEvent.change(form.getByLabelText(/^Mensajes predefinidos/), { target: { value: 'Primero\n\n  Segundo  ' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.contacts.created)).toBeTruthy();
    expect(body(fake.sent('createDirectoryContact')[0]!)).toEqual({
      nombre: 'Laura Gómez',
      email: 'laura@demo.co',
      telefono: '300 555 0101',
      identificacion: '1020304050',
      tipoIdentificacion: 'CÉDULA CIUDADANIA',
      idVa: 1,
      idCity: 5266,
      activo: true,
      listadoMensajes: ['Primero', 'Segundo']
    });
    await waitFor(() => expect(rowNames()).toEqual(['Mariana Restrepo', 'Laura Gómez']));
    expect(within(rowOf('Laura Gómez')).getByText('Envigado, Antioquia')).toBeTruthy();

    fireEvent.click(within(rowOf('Mariana Restrepo')).getByRole('button', { name: 'Editar Mariana Restrepo' }));
    const edit = dialog();
    expect((edit.getByLabelText(/^Departamento/) as HTMLSelectElement).value).toBe('5');
    expect((edit.getByLabelText(/^Ciudad/) as HTMLSelectElement).value).toBe('5001');
    fireEvent.change(edit.getByLabelText(/^Departamento/), { target: { value: '11' } });
    fireEvent.change(edit.getByLabelText(/^Ciudad/), { target: { value: '11001' } });
    fireEvent.click(edit.getByRole('button', { name: 'Guardar', hidden: true }));
    expect(await screen.findByText(MSG.contacts.updated)).toBeTruthy();
    await waitFor(() => expect(within(rowOf('Mariana Restrepo')).getByText('Bogotá D.C., Bogotá D.C.')).toBeTruthy());
    expect(body(fake.sent('updateDirectoryContact')[0]!)).toMatchObject({ idContact: 1, idCity: 11001 });
  });
});
