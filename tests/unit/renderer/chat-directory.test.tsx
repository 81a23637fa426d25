// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok } from './fake-atiende';
import { SLOW, chatView, consoleState, renderConsole, consoleTestSetup, toastTexts } from './chat-fixtures';
import { AgentDirectoryContact } from '../../../src/shared/domain/directory';

/** Contacts as the main process answers them: through the contract schema (tipoIdentificacion defaults). */
const contacts = AgentDirectoryContact.array().parse([
  {
    idCiudad: 1,
    ciudad: 'Bogotá',
    departamento: 'Cundinamarca',
    email: 'soporte@empresa.co',
    identificacion: '900123456',
    idVa: 1,
    listadoMensajes: ['Puede comunicarse con soporte al 601 555 0000'],
    nombre: 'Soporte Empresarial',
    telefono: '6015550000'
  },
  {
    idCiudad: 2,
    ciudad: 'Medellín',
    departamento: 'Antioquia',
    email: 'ventas@empresa.co',
    identificacion: '800987654',
    idVa: 1,
    listadoMensajes: [],
    nombre: 'Ventas Regional',
    telefono: '6045550000',
    tipoIdentificacion: 'NIT'
  }
]);

describe('the contact directory', SLOW, () => {
  const fake = consoleTestSetup();
  beforeEach(() => {
    fake.api.chat.state.mockImplementation(() => ok(consoleState([chatView('c1')])));
  });

  const panel = () => screen.getByRole('complementary', { name: 'Directorio de contactos' });
  const names = () => within(panel()).queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);

  it('lists contacts with the default identification type and searches by name, city, department or identification', async () => {
    fake.api.chat.contacts.mockImplementation(() => ok(contacts));
    renderConsole();
    fireEvent.click(await screen.findByRole('button', { name: 'Directorio' }));
    await within(panel()).findByText('Soporte Empresarial');
    expect(names()).toEqual(['Soporte Empresarial', 'Ventas Regional']);
    expect(within(panel()).getByText('CÉDULA CIUDADANIA 900123456')).toBeTruthy();
    expect(within(panel()).getByText('NIT 800987654')).toBeTruthy();
    for (const text of ['soporte@empresa.co', '6015550000', 'Bogotá', 'Cundinamarca']) expect(within(panel()).getByText(text)).toBeTruthy();

    const search = within(panel()).getByRole('searchbox', { name: /Buscar contacto/ });
    fireEvent.change(search, { target: { value: 'medellin' } });
    expect(names()).toEqual(['Ventas Regional']);
    fireEvent.change(search, { target: { value: 'cundinamarca' } });
    expect(names()).toEqual(['Soporte Empresarial']);
    fireEvent.change(search, { target: { value: '800987' } });
    expect(names()).toEqual(['Ventas Regional']);
    fireEvent.change(search, { target: { value: 'soporte empresarial' } });
    expect(names()).toEqual(['Soporte Empresarial']);
    fireEvent.change(search, { target: { value: 'Cali' } });
    expect(names()).toEqual([]);
    expect(within(panel()).getByText('Ningún contacto coincide con la búsqueda.')).toBeTruthy();
  });

  it("inserts a contact's message into the composer of the active chat", async () => {
    fake.api.chat.contacts.mockImplementation(() => ok(contacts));
    renderConsole();
    fireEvent.click(await screen.findByRole('button', { name: 'Directorio' }));
    const insert = await within(panel()).findByRole('button', { name: 'Insertar mensaje: Puede comunicarse con soporte al 601 555 0000' });
    expect((insert as HTMLButtonElement).disabled).toBe(true); // no chat in view yet

    fireEvent.click(screen.getByRole('button', { name: /Cliente c1/ }));
    await screen.findByRole('combobox', { name: 'Mensaje' });
    fireEvent.click(within(panel()).getByRole('button', { name: /Insertar mensaje/ }));
    expect((screen.getByRole('combobox', { name: 'Mensaje' }) as HTMLTextAreaElement).value).toBe('Puede comunicarse con soporte al 601 555 0000');
  });

  it("shows 'No hay contactos disponibles para mostrar' as a 3-second info notice when empty", async () => {
    renderConsole();
    fireEvent.click(await screen.findByRole('button', { name: 'Directorio' }));
    await waitFor(() => expect(toastTexts()).toEqual(['No hay contactos disponibles para mostrar']));
    const timer = document.querySelector<HTMLElement>('.fui-Toast [data-timer-status]') ?? document.querySelector<HTMLElement>('[data-timer-status]');
    expect(timer?.style.animationDuration).toBe('3000ms');
    expect(within(panel()).getByText('El directorio no tiene contactos.')).toBeTruthy();
  });

  it('reports a failed load and retries', async () => {
    fake.api.chat.contacts.mockImplementationOnce(() => fail({ status: 500, message: 'Se ha presentado un error en el servidor. Inténtelo mas tarde' }));
    fake.api.chat.contacts.mockImplementation(() => ok(contacts));
    renderConsole();
    fireEvent.click(await screen.findByRole('button', { name: 'Directorio' }));
    await waitFor(() => expect(toastTexts()).toContain('Error al obtener lista de contactos.'));
    await act(async () => fireEvent.click(within(panel()).getByRole('button', { name: 'Reintentar' })));
    expect(await within(panel()).findByText('Ventas Regional')).toBeTruthy();
  });

  it('closes from its own button and from the toggle', async () => {
    renderConsole();
    const toggle = await screen.findByRole('button', { name: 'Directorio' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(panel()).getByRole('button', { name: 'Cerrar directorio' }));
    expect(screen.queryByRole('complementary', { name: 'Directorio de contactos' })).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
