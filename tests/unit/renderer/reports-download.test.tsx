// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import './dom-setup';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { DataTable } from '../../../src/renderer/components/DataTable';
import { DownloadPanel, formatBytes } from '../../../src/renderer/components/DownloadPanel';
import { toTypingRows } from '../../../src/renderer/features/reports/TypingReportPage';
import type { DownloadProgress } from '../../../src/shared/report-downloads';
import { renderWithProviders } from './component-fixtures';
import { fail, installFakeAtiende, ok } from './fake-atiende';

const ID = '6f1c1a7e-3f0a-4c52-9a55-0d7f1d5e2a10';
const running: DownloadProgress = { id: ID, report: 'causal', state: 'running', rows: 0, bytes: 0, path: '/tmp/reporteCausales.csv' };

let fake: ReturnType<typeof installFakeAtiende>;
let api: {
  download: ReturnType<typeof vi.fn>;
  cancel: ReturnType<typeof vi.fn>;
  showInFolder: ReturnType<typeof vi.fn>;
  preferences: ReturnType<typeof vi.fn>;
};
/** The remembered preferences have arrived (the panel asks for them when it mounts). */
const settled = () => act(async () => {});

beforeEach(() => {
  fake = installFakeAtiende();
  api = {
    download: vi.fn(() => ok(running)),
    cancel: vi.fn(() => ok(null)),
    showInFolder: vi.fn(() => ok(null)),
    preferences: vi.fn(() => ok<{ delimiter: ';' | ',' }>({ delimiter: ';' }))
  };
  (fake.api as unknown as { reports: typeof api }).reports = api;
});
afterEach(() => cleanup());

describe('the download panel', () => {
  it('starts the download with the page filter, shows rows and bytes against the rows expected, then the folder', async () => {
    renderWithProviders(<DownloadPanel report="causal" query={{ start: '2026-03-01', end: '2026-03-09' }} idOrg={null} expectedRows={200} />);
    await settled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Descargar CSV' })));
    expect(api.download).toHaveBeenCalledWith({ report: 'causal', query: { start: '2026-03-01', end: '2026-03-09' }, delimiter: ';' });
    act(() => fake.emit('reports:progress', { ...running, rows: 50, bytes: 4096 }));
    const status = screen.getByRole('status', { name: 'Progreso de la descarga' });
    expect(within(status).getByText('50 filas · 4 KB')).toBeTruthy();
    expect(within(status).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0.25');
    // Progress of another download does not show here.
    act(() => fake.emit('reports:progress', { ...running, id: '11111111-1111-4111-8111-111111111111', rows: 999 }));
    expect(within(status).queryByText(/999/)).toBeNull();

    act(() => fake.emit('reports:progress', { ...running, state: 'done', rows: 200, bytes: 16_000 }));
    expect(within(status).getByText('Descarga completa: 200 filas')).toBeTruthy();
    expect(within(status).getByText('/tmp/reporteCausales.csv')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Abrir carpeta' })));
    expect(api.showInFolder).toHaveBeenCalledWith({ id: ID });
  });

  it('cancels a running download; says so; a failure shows the SPEC §8 text and the reason', async () => {
    renderWithProviders(<DownloadPanel report="causal" query={{}} idOrg={200} expectedRows={null} />);
    await settled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Descargar CSV' })));
    expect(api.download).toHaveBeenCalledWith({ report: 'causal', query: {}, idOrg: 200, delimiter: ';' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancelar descarga' })));
    expect(api.cancel).toHaveBeenCalledWith({ id: ID });
    act(() => fake.emit('reports:progress', { ...running, state: 'cancelled' }));
    expect(screen.getByText('Descarga cancelada: no se guardó ningún archivo')).toBeTruthy();

    api.download.mockImplementationOnce(() => fail({ status: 400, message: 'La fecha final debe ser igual o posterior a la fecha inicial' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Descargar CSV' })));
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Error al obtener reporte')).toBeTruthy();
    expect(within(alert).getByText('La fecha final debe ser igual o posterior a la fecha inicial')).toBeTruthy();
  });

  it("offers the separator: the user's remembered one shown, ';' (Excel en español) or ',' sent with the download", async () => {
    api.preferences.mockImplementationOnce(() => ok({ delimiter: ',' }));
    renderWithProviders(<DownloadPanel report="accessLog" query={{}} idOrg={null} expectedRows={3} />);
    await settled();
    const select = screen.getByLabelText('Separador') as HTMLSelectElement;
    expect(select.value).toBe(',');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Punto y coma (Excel en español)', 'Coma']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Descargar CSV' })));
    expect(api.download).toHaveBeenLastCalledWith({ report: 'accessLog', query: {}, delimiter: ',' });
    act(() => fake.emit('reports:progress', { ...running, report: 'accessLog', state: 'done', rows: 3, bytes: 90 }));
    fireEvent.change(select, { target: { value: ';' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Descargar CSV' })));
    expect(api.download).toHaveBeenLastCalledWith({ report: 'accessLog', query: {}, delimiter: ';' });
    act(() => fake.emit('reports:progress', { ...running, report: 'accessLog', state: 'done', rows: 3, bytes: 90 }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Descargar Excel' })));
    expect(api.download).toHaveBeenLastCalledWith({ report: 'accessLog', query: {}, delimiter: ';', format: 'xlsx' });
  });

  it('a dismissed save dialog changes nothing', async () => {
    api.download.mockImplementationOnce(() => ok(null));
    renderWithProviders(<DownloadPanel report="accessLog" query={{}} idOrg={null} expectedRows={3} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Descargar CSV' })));
    expect(screen.queryByRole('button', { name: 'Cancelar descarga' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('report formats', () => {
  it('bytes for people', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(12_800)).toBe('12,5 KB');
    expect(formatBytes(3_355_443)).toBe('3,2 MB');
  });

  it("the causal report rows: reasons joined by ';' and a new line, a generated row id", () => {
    const rows = toTypingRows(
      [
        { idConv: 'K2', dateConection: '2026-03-09T14:04:00.000Z', businessCausal: ['Consulta de saldo', 'Solicitud de información'], endCausal: 'Resuelto', agent: 'Valentina López', split: null, cliente: null },
        { idConv: 'K2', dateConection: '2026-03-09T14:04:00.000Z', businessCausal: [], endCausal: null, agent: 'Valentina López', split: null, cliente: null }
      ],
      3
    );
    expect(rows.map((r) => r.businessText)).toEqual(['Consulta de saldo;\nSolicitud de información', '']);
    expect(new Set(rows.map((r) => r.rowId)).size).toBe(2);
  });
});

describe('the report table', () => {
  it("sorts by the server's column from its header, offers 'Filas por página:' and pages", () => {
    const onChange = vi.fn();
    const onPage = vi.fn();
    const onPageSize = vi.fn();
    renderWithProviders(
      <DataTable
        caption="Accesos"
        columns={[
          { key: 'fecha', header: 'Fecha', render: (r: { f: string }) => r.f },
          { key: 'nombre', header: 'Nombre', render: () => 'Ana' }
        ]}
        rows={[{ f: '24/11/2026' }]}
        rowKey={(r) => r.f}
        sort={{ columnKey: 'fecha', order: 'desc', onChange }}
        paging={{ page: 1, totalPages: 3, totalResult: 25, onPage, pageSize: 10, onPageSize }}
      />
    );
    const header = screen.getByRole('columnheader', { name: /Fecha/ });
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: 'Nombre' }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(within(header).getByRole('button', { name: 'Fecha: ordenar de la más antigua a la más reciente' }));
    expect(onChange).toHaveBeenCalledWith('asc');
    const pager = screen.getByRole('navigation', { name: 'Paginador' });
    fireEvent.change(within(pager).getByLabelText('Filas por página:'), { target: { value: '50' } });
    expect(onPageSize).toHaveBeenCalledWith(50);
    fireEvent.click(within(pager).getByRole('button', { name: 'Página siguiente' }));
    expect(onPage).toHaveBeenCalledWith(2);
    expect(within(pager).getByText('25 resultados')).toBeTruthy();
  });
});
