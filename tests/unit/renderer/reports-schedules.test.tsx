// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SchedulesPage } from '../../../src/renderer/features/reports/SchedulesPage';
import type { ReportSchedule } from '../../../src/shared/report-downloads';
import { renderWithProviders } from './component-fixtures';
import { installFakeAtiende, ok } from './fake-atiende';

const SAVED: ReportSchedule = {
  id: '6f1c1a7e-3f0a-4c52-9a55-0d7f1d5e2a10',
  owner: 'admin@demo.co',
  report: 'conversations',
  query: {},
  frequency: 'daily',
  weekday: null,
  hour: 6,
  folder: '/tmp/programados',
  idOrg: null,
  format: 'csv',
  delimiter: ',',
  since: '2026-03-10T12:00:00.000Z',
  lastRun: null
};

let reports: Record<string, ReturnType<typeof vi.fn>>;
beforeEach(() => {
  const fake = installFakeAtiende();
  reports = {
    schedules: vi.fn(() => ok<ReportSchedule[]>([])),
    chooseFolder: vi.fn(() => ok({ path: '/tmp/programados' })),
    saveSchedule: vi.fn(() => ok(SAVED)),
    deleteSchedule: vi.fn(() => ok(null)),
    runSchedule: vi.fn(() => ok(SAVED))
  };
  (fake.api as unknown as { reports: typeof reports }).reports = reports;
});
afterEach(cleanup);

describe('scheduled exports', () => {
  it("take the CSV separator: ';' (Excel en español) unless ',' is chosen", async () => {
    renderWithProviders(
      <MemoryRouter>
        <SchedulesPage />
      </MemoryRouter>
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Programar reporte' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Reporte/), { target: { value: 'conversations' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Seleccionar carpeta' }));
    await waitFor(() => expect((within(dialog).getByLabelText(/^Carpeta/) as HTMLInputElement).value).toBe('/tmp/programados'));
    const separator = within(dialog).getByLabelText(/^Separador del CSV/) as HTMLSelectElement;
    expect(separator.value).toBe(';');
    expect([...separator.options].map((o) => o.textContent)).toEqual(['Punto y coma (Excel en español)', 'Coma']);
    fireEvent.change(separator, { target: { value: ',' } });
    const form = dialog.querySelector('form');
    if (!form) throw new Error('the dialog has no form');
    fireEvent.submit(form);
    await waitFor(() => expect(reports.saveSchedule).toHaveBeenCalled());
    expect(reports.saveSchedule?.mock.calls[0]?.[0]).toMatchObject({ schedule: { report: 'conversations', folder: '/tmp/programados', format: 'csv', delimiter: ',' } });
  }, 30_000);

  it('write a CSV unless Excel is chosen; a workbook has no separator to choose', async () => {
    reports.schedules = vi.fn(() => ok<ReportSchedule[]>([{ ...SAVED, format: 'xlsx' }]));
    renderWithProviders(
      <MemoryRouter>
        <SchedulesPage />
      </MemoryRouter>
    );
    // The list says which file each schedule writes.
    const table = await screen.findByRole('table', { name: 'Reportes programados' });
    expect(within(table).getByRole('row', { name: /Historial de conversaciones/ }).textContent).toContain('Excel (.xlsx)');

    fireEvent.click(screen.getByRole('button', { name: 'Programar reporte' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Reporte/), { target: { value: 'causal' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Seleccionar carpeta' }));
    await waitFor(() => expect((within(dialog).getByLabelText(/^Carpeta/) as HTMLInputElement).value).toBe('/tmp/programados'));
    const format = within(dialog).getByLabelText(/^Formato/) as HTMLSelectElement;
    expect(format.value).toBe('csv');
    expect([...format.options].map((o) => o.textContent)).toEqual(['CSV', 'Excel (.xlsx)']);
    expect(within(dialog).getByLabelText(/^Separador del CSV/)).toBeTruthy();
    fireEvent.change(format, { target: { value: 'xlsx' } });
    expect(within(dialog).queryByLabelText(/^Separador del CSV/)).toBeNull();
    const form = dialog.querySelector('form');
    if (!form) throw new Error('the dialog has no form');
    fireEvent.submit(form);
    await waitFor(() => expect(reports.saveSchedule).toHaveBeenCalled());
    expect(reports.saveSchedule?.mock.calls[0]?.[0]).toMatchObject({ schedule: { report: 'causal', folder: '/tmp/programados', format: 'xlsx' } });
  }, 30_000);
});
