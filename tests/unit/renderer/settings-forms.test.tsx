// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import './dom-setup';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { BusinessReasonsPage } from '../../../src/renderer/features/settings/human/BusinessReasonsPage';
import { GeneralPage } from '../../../src/renderer/features/settings/human/general.screen';
import { SplitsPage } from '../../../src/renderer/features/settings/human/SplitsPage';
import { TemplatesScreen } from '../../../src/renderer/features/settings/human/templates.screen';
import type { ChatParameters, PauseEvent } from '../../../src/shared/domain/parameters';
import type { BusinessReason } from '../../../src/shared/domain/reason';
import type { Split } from '../../../src/shared/domain/split';
import { DUPLICATE_TEXT, nameKey, nameTaken } from '../../../src/shared/domain/unique-name';
import { MSG } from '../../../src/shared/messages';
import { ISO, dialog, failReply, findConfirm, installSettings, okReply, renderPage, rowNames, rowOf } from './settings-fixtures';

afterEach(cleanup);
// Each test walks several dialogs: on a loaded 2-core machine that takes longer than the fixtures' 30 s.
vi.setConfig({ testTimeout: 90_000 });

const PARAMS: ChatParameters = { diasLaborales: [1, 2, 3, 4, 5], horaLaboralInicio: '08:00', horaLaboralFin: '18:00', nroMaximoChatsAsesor: 3, tiempoInactividadCliente: 10 };
const pause = (id: number, nombre: string): PauseEvent => ({ id, nombre, descripcion: '', activo: true, tiempoMaximo: null, logic_delete: false, fechaCreacion: ISO, fechaActualizacion: ISO });
const reason = (id: number, nombre: string): BusinessReason => ({
  idCausal: id,
  codigoCausal: `C${id}`,
  nombre,
  descripcion: '',
  activo: true,
  fechaCreacion: ISO,
  fechaActualizacion: ISO,
  logic_delete: false
});
const split = (id: number, nombre: string): Split => ({
  idSplit: id,
  codigoSplit: `S${id}`,
  nombre,
  descripcion: '',
  activo: true,
  fechaActualizacion: ISO,
  timeInactivityAgent: 5,
  timeInactivityClient: 10,
  timeMaxInitConversation: 15,
  horariosAtencion: [],
  derivaciones: []
});

const UNSAVED = 'Hay cambios sin guardar. ¿Desea descartarlos?';

const noDialog = () => waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
const button = (scope: ReturnType<typeof within>, name: string) => scope.getByRole('button', { name, hidden: true });
const input = (form: ReturnType<typeof within>, label: RegExp) => form.getByLabelText(label) as HTMLInputElement;

describe('nameKey: what counts as the same name (the platform folds alike)', () => {
  it('ignores case, Spanish accents and runs of spaces, but tells ñ from n', () => {
    expect(nameKey('  Almuérzo   LARGO ')).toBe('almuerzo largo');
    expect(nameKey('PINGÜINO')).toBe(nameKey('pinguino'));
    expect(nameKey('Año')).not.toBe(nameKey('Ano'));
    expect(nameTaken([pause(1, 'Almuerzo')], 'ALMUERZO', (p) => p.nombre, (p) => p.id)).toBe(true);
    // Renaming an item onto its own name (another case) is not a duplicate.
    expect(nameTaken([pause(1, 'Almuerzo')], 'ALMUERZO', (p) => p.nombre, (p) => p.id, 1)).toBe(false);
    expect(nameTaken([pause(1, 'Almuerzo')], '   ', (p) => p.nombre, (p) => p.id)).toBe(false);
  });
});

describe('duplicate names', () => {
  it('pause events: refused under the name before sending, the input kept; a 409 of the platform goes there too', async () => {
    const fake = installSettings({
      chatParameters: () => okReply(PARAMS),
      pauseEvents: () => okReply([pause(1, 'Almuerzo'), pause(2, 'Baño')]),
      createPauseEvent: () => failReply(409, DUPLICATE_TEXT.pauseEvent)
    });
    renderPage(<GeneralPage />);
    const section = within(await screen.findByRole('region', { name: 'Eventos de pausa' }));
    await section.findByRole('rowheader', { name: 'Almuerzo' });
    fireEvent.click(section.getByRole('button', { name: 'Nuevo evento de pausa' }));
    const form = dialog();
    fireEvent.change(input(form, /^Nombre/), { target: { value: '  ALMUÉRZO ' } });
    fireEvent.click(button(form, 'Guardar'));
    expect(await form.findByText(DUPLICATE_TEXT.pauseEvent)).toBeTruthy();
    expect(input(form, /^Nombre/).getAttribute('aria-invalid')).toBe('true');
    expect(input(form, /^Nombre/).value).toBe('  ALMUÉRZO ');
    expect(fake.sent('createPauseEvent')).toEqual([]);

    // A name another user took meanwhile: the platform's 409, under the field, with SPEC §8's toast.
    fireEvent.change(input(form, /^Nombre/), { target: { value: 'Reunión' } });
    expect(form.queryByText(DUPLICATE_TEXT.pauseEvent)).toBeNull();
    fireEvent.click(button(form, 'Guardar'));
    expect(await screen.findByText(MSG.pauseEvents.createFailed)).toBeTruthy();
    expect(await form.findByText(DUPLICATE_TEXT.pauseEvent)).toBeTruthy();
    expect(input(form, /^Nombre/).value).toBe('Reunión');
    expect(fake.sent('createPauseEvent')).toHaveLength(1);
  });

  it('business reasons: another reason’s name or code is refused; the reason’s own name in another case is not', async () => {
    const fake = installSettings({
      businessReasons: () => okReply([reason(1, 'Reclamo'), reason(2, 'Queja')]),
      updateBusinessReason: (arg) => okReply({ ...reason(2, ''), ...(arg.body as object) })
    });
    renderPage(<BusinessReasonsPage />);
    await screen.findByRole('rowheader', { name: 'Reclamo' });
    fireEvent.click(screen.getByRole('button', { name: 'Nueva causal' }));
    let form = dialog();
    fireEvent.change(input(form, /^Código/), { target: { value: 'C1' } });
    fireEvent.change(input(form, /^Nombre/), { target: { value: 'reclamo' } });
    fireEvent.click(button(form, 'Guardar'));
    expect(await form.findByText(DUPLICATE_TEXT.reason)).toBeTruthy();
    expect(form.getByText(DUPLICATE_TEXT.reasonCode)).toBeTruthy();
    expect(fake.sent('createBusinessReason')).toEqual([]);
    // The errors show inside the refused save; Cancel answers once the save has ended (it is inert while saving).
    await waitFor(() => expect(button(form, 'Cancelar').getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.click(button(form, 'Cancelar'));
    fireEvent.click(button(await findConfirm(), 'Descartar cambios'));
    await noDialog();

    fireEvent.click(within(rowOf('Queja')).getByRole('button', { name: 'Editar Queja' }));
    form = dialog();
    fireEvent.change(input(form, /^Nombre/), { target: { value: 'RECLAMO' } });
    fireEvent.focusOut(input(form, /^Nombre/));
    expect(await form.findByText(DUPLICATE_TEXT.reason)).toBeTruthy();
    fireEvent.change(input(form, /^Nombre/), { target: { value: 'QUEJA' } });
    fireEvent.click(button(form, 'Guardar'));
    expect(await screen.findByText(MSG.causales.updated)).toBeTruthy();
    expect(fake.sent('updateBusinessReason')).toHaveLength(1);
  });

  it('splits: a name or code already listed is refused, and the list names its three times with their unit', async () => {
    const fake = installSettings({ splits: () => okReply([split(1, 'Atención general'), split(2, 'Ventas')]) });
    renderPage(<SplitsPage />);
    await screen.findByRole('rowheader', { name: 'Ventas' });
    const cells = within(rowOf('Ventas'));
    expect(cells.getByText('Inactividad del asesor: 5 min')).toBeTruthy();
    expect(cells.getByText('Inactividad del cliente: 10 min')).toBeTruthy();
    expect(cells.getByText('Tiempo máximo de inicio: 15 min')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Nuevo split' }));
    const form = dialog();
    fireEvent.change(input(form, /^Código/), { target: { value: 'S2' } });
    fireEvent.change(input(form, /^Nombre/), { target: { value: 'atencion general' } });
    fireEvent.change(input(form, /^Inactividad del asesor/), { target: { value: '5' } });
    fireEvent.change(input(form, /^Inactividad del cliente/), { target: { value: '10' } });
    fireEvent.change(input(form, /^Tiempo máximo/), { target: { value: '15' } });
    fireEvent.click(button(form, 'Guardar'));
    expect(await form.findByText(DUPLICATE_TEXT.split)).toBeTruthy();
    expect(form.getByText(DUPLICATE_TEXT.splitCode)).toBeTruthy();
    expect(fake.sent('createSplit')).toEqual([]);
  });
});

describe('required fields', () => {
  it('say so when left blank, on blur as on submit', async () => {
    const fake = installSettings({ responseTemplates: () => okReply({ templates: [] }) });
    renderPage(<TemplatesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Nueva plantilla' }));
    const form = dialog();
    expect(form.queryByText('El nombre de la plantilla es obligatorio')).toBeNull();
    fireEvent.focusOut(input(form, /^Nombre de la plantilla/));
    expect(await form.findByText('El nombre de la plantilla es obligatorio')).toBeTruthy();
    expect(form.queryByText('El contenido de la plantilla es obligatorio')).toBeNull();
    fireEvent.focusOut(form.getByLabelText(/^Contenido/));
    expect(await form.findByText('El contenido de la plantilla es obligatorio')).toBeTruthy();
    // Typing clears a field's message; a blank (spaces only) one says it again on submit.
    fireEvent.change(input(form, /^Nombre de la plantilla/), { target: { value: '   ' } });
    expect(form.queryByText('El nombre de la plantilla es obligatorio')).toBeNull();
    fireEvent.click(button(form, 'Guardar'));
    expect(await form.findByText('El nombre de la plantilla es obligatorio')).toBeTruthy();
    expect(fake.sent('upsertResponseTemplate')).toEqual([]);
  });
});

describe('unsaved edits', () => {
  it('a dialog with edits asks before Cancel or Escape discards them; one without closes at once', async () => {
    installSettings({ chatParameters: () => okReply(PARAMS), pauseEvents: () => okReply([pause(1, 'Almuerzo')]) });
    renderPage(<GeneralPage />);
    const section = within(await screen.findByRole('region', { name: 'Eventos de pausa' }));
    await section.findByRole('rowheader', { name: 'Almuerzo' });

    fireEvent.click(section.getByRole('button', { name: 'Nuevo evento de pausa' }));
    fireEvent.click(button(dialog(), 'Cancelar'));
    await noDialog();
    expect(screen.queryByText(UNSAVED)).toBeNull();

    fireEvent.click(section.getByRole('button', { name: 'Nuevo evento de pausa' }));
    fireEvent.change(input(dialog(), /^Nombre/), { target: { value: 'Reunión' } });
    fireEvent.click(button(dialog(), 'Cancelar'));
    const ask = await findConfirm();
    expect(ask.getByText(UNSAVED)).toBeTruthy();
    fireEvent.click(button(ask, 'Seguir editando'));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
    expect(input(dialog(), /^Nombre/).value).toBe('Reunión');

    fireEvent.keyDown(input(dialog(), /^Nombre/), { key: 'Escape' });
    fireEvent.click(button(await findConfirm(), 'Descartar cambios'));
    await noDialog();
    expect(rowNames({ scope: section })).toEqual(['Almuerzo']);
  });

  it('leaving a page whose inline form has edits asks first', async () => {
    installSettings({ chatParameters: () => okReply(PARAMS), pauseEvents: () => okReply([]) });
    const router = createMemoryRouter(
      [
        {
          path: '/general',
          element: (
            <>
              <Link to="/otra">Ir a otra página</Link>
              <GeneralPage />
            </>
          )
        },
        { path: '/otra', element: <p>Otra página</p> }
      ],
      { initialEntries: ['/general'] }
    );
    renderPage(<RouterProvider router={router} />);
    const form = within(await screen.findByRole('form', { name: 'Parámetros de chat' }));
    const maxChats = form.getByLabelText(/^Número máximo de chats/) as HTMLInputElement;
    await waitFor(() => expect(maxChats.value).toBe('3'));

    // Nothing edited: the link simply goes.
    fireEvent.click(screen.getByRole('link', { name: 'Ir a otra página' }));
    expect(await screen.findByText('Otra página')).toBeTruthy();
    await act(() => router.navigate('/general'));
    const again = within(await screen.findByRole('form', { name: 'Parámetros de chat' }));
    const field = again.getByLabelText(/^Número máximo de chats/) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('3'));

    fireEvent.change(field, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('link', { name: 'Ir a otra página' }));
    const ask = await findConfirm();
    expect(ask.getByText(UNSAVED)).toBeTruthy();
    fireEvent.click(button(ask, 'Seguir editando'));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
    expect(router.state.location.pathname).toBe('/general');
    expect(field.value).toBe('7');

    fireEvent.click(screen.getByRole('link', { name: 'Ir a otra página' }));
    fireEvent.click(button(await findConfirm(), 'Descartar cambios'));
    expect(await screen.findByText('Otra página')).toBeTruthy();
  });
});
