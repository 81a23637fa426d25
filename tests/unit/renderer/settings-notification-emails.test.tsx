// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EmailsScreen, emailsScreen } from '../../../src/renderer/features/settings/notifications/emails.screen';
import type { NotificationEmail } from '../../../src/shared/domain/notification';
import { MSG } from '../../../src/shared/messages';
import type { SettingsCallArg } from '../../../src/shared/settings-calls';
import { describeListScreen, dialog, failReply, installSettings, okReply, renderPage, rowOf } from './settings-fixtures';

afterEach(cleanup);

const email = (idEmail: number, address: string, descripcion = '', activo = true): NotificationEmail => ({ idEmail, email: address, descripcion, activo });
const ROWS = [email(4, 'supervision@demo.co', 'Supervisión'), email(2, 'mesa@demo.co', 'Mesa de ayuda', false)];
const bodyOf = (a: SettingsCallArg | undefined) => (a as { body?: unknown } | undefined)?.body;

describeListScreen(emailsScreen, {
  rows: ROWS,
  create: {
    refused: { fill: { email: 'gerencia@', descripcion: 'Gerencia' }, messages: ['Ingrese un correo electrónico válido'] },
    fill: { email: ' Gerencia@Demo.co ' },
    sent: { email: 'gerencia@demo.co', descripcion: 'Gerencia', activo: true },
    reply: (b) => ({ idEmail: 9, ...(b as Omit<NotificationEmail, 'idEmail'>) })
  },
  platformRefusal: { fill: { email: 'otro@demo.co' }, error: { status: 409, message: 'El correo ya está registrado' }, shows: 'El correo ya está registrado' },
  edit: {
    fill: { descripcion: 'Supervisores de turno', activo: 'false' },
    sent: { idEmail: 4, email: 'supervision@demo.co', descripcion: 'Supervisores de turno', activo: false },
    reply: (b) => b as NotificationEmail
  },
  remove: { row: 1, request: (a) => (a as { query?: unknown }).query, expected: { idEmail: 2 } }
});

describe('notificaciones/emails', () => {
  it('says its SPEC §8 texts as SPEC spells them', async () => {
    expect([MSG.emails.loadFailed, MSG.emails.createFailed, MSG.emails.updateFailed, MSG.emails.deleteFailed]).toEqual([
      'Error al obtener configuración de correos.',
      'Error al crear email.',
      'Error al actualizar email.',
      'Error al eliminar email.'
    ]);
    installSettings({ notificationEmails: () => failReply(500, MSG.generic.serverError) });
    renderPage(<EmailsScreen />);
    expect(await screen.findByText('Error al obtener configuración de correos.')).toBeTruthy();
  });

  it('refuses, before sending, an address already listed (compared as the platform stores it, lower-case)', async () => {
    const fake = installSettings({ notificationEmails: () => okReply(ROWS) });
    renderPage(<EmailsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo correo' }));
    fireEvent.change(dialog().getByLabelText(/^Correo electrónico/), { target: { value: ' MESA@demo.co' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Guardar' }));
    expect(await dialog().findByText('Ese correo ya está en la lista.')).toBeTruthy();
    expect(fake.sent('createNotificationEmail')).toEqual([]);
  });

  it('switches a recipient off at once with the whole record, and keeps it on when the platform refuses', async () => {
    let refuse = true;
    const fake = installSettings({
      notificationEmails: () => okReply(ROWS),
      updateNotificationEmail: (arg) => (refuse ? failReply(404, 'El correo no existe') : okReply(bodyOf(arg)))
    });
    renderPage(<EmailsScreen />);
    await screen.findByRole('rowheader', { name: 'supervision@demo.co' });
    const toggle = () => within(rowOf('supervision@demo.co')).getByRole('switch');
    fireEvent.click(toggle());
    expect(await screen.findByText(MSG.emails.updateFailed)).toBeTruthy();
    expect(await screen.findByText('El correo no existe')).toBeTruthy();
    expect((toggle() as HTMLInputElement).checked).toBe(true);
    refuse = false;
    fireEvent.click(toggle());
    await waitFor(() => expect((toggle() as HTMLInputElement).checked).toBe(false));
    expect(bodyOf(fake.sent('updateNotificationEmail').at(-1))).toEqual({ idEmail: 4, email: 'supervision@demo.co', descripcion: 'Supervisión', activo: false });
  });

  it('lets a Superadministrador choose the organisation, and sends its id with every call', async () => {
    const fake = installSettings({
      organizations: () => okReply([{ idOrg: 100, name: 'Demo Contact Center', schemaName: 'demo', isActive: true, organizationType: 'Contact center' }, { idOrg: 200, name: 'Otra', schemaName: 'otra', isActive: true, organizationType: 'Contact center' }]),
      notificationEmails: (arg) => okReply(arg.idOrg === 200 ? [email(7, 'otra@otra.co')] : ROWS)
    });
    renderPage(<EmailsScreen />, 1);
    await screen.findByRole('rowheader', { name: 'supervision@demo.co' });
    await waitFor(() => expect((screen.getByLabelText(/^Organización/) as HTMLSelectElement).options.length).toBe(2));
    fireEvent.change(screen.getByLabelText(/^Organización/), { target: { value: '200' } });
    await screen.findByRole('rowheader', { name: 'otra@otra.co' });
    expect(fake.sent('notificationEmails').map((a) => a.idOrg)).toEqual([100, 200]);
  });
});
