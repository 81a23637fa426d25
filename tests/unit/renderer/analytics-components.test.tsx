// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import './dom-setup';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { ChartPanel, type ChartPanelProps } from '../../../src/renderer/components/ChartPanel';
import { FilterBar, type FilterField, type FilterValue } from '../../../src/renderer/components/FilterBar';
import { IndicatorTile } from '../../../src/renderer/components/IndicatorTile';
import { defaultFilterValue } from '../../../src/renderer/features/analytics/filter';
import { bucketLabel } from '../../../src/renderer/features/analytics/labels';
import { INDICATOR_IDS, INDICATOR_LABELS, PERCENT_INDICATOR_IDS } from '../../../src/shared/constants';
import type { ChartSeries } from '../../../src/shared/domain/statistics';
import { PNG_DATA_URL, drawn, renderWithProviders } from './analytics-fixtures';
import { fail, installFakeAtiende, ok } from './fake-atiende';

vi.mock('react-chartjs-2', async () => ({ Chart: (await import('./analytics-fixtures')).MockChart }));

let fake: ReturnType<typeof installFakeAtiende>;
beforeEach(() => {
  fake = installFakeAtiende();
  drawn.clear();
});
afterEach(cleanup);

const valueOf = (label: string) => within(screen.getByRole('group', { name: label })).getByText((_, el) => el?.hasAttribute('data-indicator') ?? false);

describe('IndicatorTile', () => {
  it("shows '--' while pending and after a failure, and the value once resolved", () => {
    const { rerender } = renderWithProviders(<IndicatorTile id="TMO" label="TMO" status="pending" value={null} />);
    expect(valueOf('TMO').textContent).toBe('--');
    expect(valueOf('TMO').getAttribute('data-indicator')).toBe('TMO');
    rerender(<IndicatorTile id="TMO" label="TMO" status="resolved" value={95} />);
    expect(valueOf('TMO').textContent).toBe('1.35 min');
    rerender(<IndicatorTile id="TMO" label="TMO" status="rejected" value={95} errorText="Error al obtener el indicador TMO" />);
    expect(valueOf('TMO').textContent).toBe('--');
    expect(screen.getByText('Error al obtener el indicador TMO')).toBeTruthy();
    rerender(<IndicatorTile id="TMO" label="TMO" status="resolved" value={null} />);
    expect(valueOf('TMO').textContent).toBe('--');
  });

  it("puts ' %' after exactly the percentage indicators", () => {
    for (const id of INDICATOR_IDS) {
      cleanup();
      renderWithProviders(<IndicatorTile id={id} label={INDICATOR_LABELS[id]} status="resolved" value={12.345} />);
      const text = valueOf(INDICATOR_LABELS[id]).textContent ?? '';
      expect(text.endsWith(' %'), id).toBe(PERCENT_INDICATOR_IDS.includes(id));
    }
    cleanup();
    renderWithProviders(<IndicatorTile id="NS" label="Nivel de satisfacción" status="resolved" value={87.5} />);
    expect(valueOf('Nivel de satisfacción').textContent).toBe('87,5 %');
    cleanup();
    renderWithProviders(<IndicatorTile id="NPS" label="NPS" status="resolved" value={-12} />);
    expect(valueOf('NPS').textContent).toBe('-12');
    cleanup();
    renderWithProviders(<IndicatorTile id="Ingresos" kind="count" label="Ingresos" status="resolved" value={1234567} />);
    expect(valueOf('Ingresos').textContent).toBe('1.234.567');
  });
});

describe('FilterBar', () => {
  function Harness({ fields, onChange }: { fields: FilterField[]; onChange(v: FilterValue): void }) {
    const [value, setValue] = useState(defaultFilterValue('2026-03-10'));
    return (
      <FilterBar
        fields={fields}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    );
  }

  it('starts at today and emits the range as yyyy-MM-dd once it is valid', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness fields={[{ kind: 'dates' }]} onChange={onChange} />);
    const start = screen.getByLabelText(/Fecha inicial/) as HTMLInputElement;
    const end = screen.getByLabelText(/Fecha final/) as HTMLInputElement;
    expect(start.type).toBe('date');
    expect([start.value, end.value]).toEqual(['2026-03-10', '2026-03-10']);

    fireEvent.change(start, { target: { value: '2026-03-01' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ start: '2026-03-01', end: '2026-03-10' }));

    onChange.mockClear();
    fireEvent.change(end, { target: { value: '2026-02-27' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('La fecha final debe ser igual o posterior a la fecha inicial')).toBeTruthy();
    fireEvent.change(end, { target: { value: '' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(end, { target: { value: '2026-03-05' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ start: '2026-03-01', end: '2026-03-05' }));
    const emitted = onChange.mock.calls.at(-1)?.[0] as FilterValue;
    expect(emitted.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('offers the fields it is given, in Spanish, and emits lists as ids', async () => {
    const onChange = vi.fn();
    const fields: FilterField[] = [
      { kind: 'attention' },
      { kind: 'resolution' },
      { kind: 'multi', key: 'channels', label: 'Canales', options: [{ value: 1, label: 'Facebook' }, { value: 3, label: 'Web' }], status: 'resolved', errorText: 'x' },
      { kind: 'multi', key: 'agents', label: 'Asesores', options: [], status: 'rejected', errorText: 'Error al obtener asesores' }
    ];
    renderWithProviders(<Harness fields={fields} onChange={onChange} />);
    expect(screen.queryByLabelText(/Fecha inicial/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Atención'), { target: { value: 'notAttended' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ attention: 'notAttended' }));
    fireEvent.change(screen.getByLabelText('Agrupar por'), { target: { value: 'hour' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ resolution: 'hour' }));
    expect(screen.getByText('Error al obtener asesores')).toBeTruthy();

    const channels = screen.getByRole('combobox', { name: 'Canales' });
    expect(channels.textContent).toContain('Todos');
    fireEvent.click(channels);
    // Fluent's multiselect list: a menu of checkable items, 'Todos' first and checked while nothing is chosen.
    expect((await screen.findByRole('menuitemcheckbox', { name: 'Todos' })).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Web' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ channels: [3] }));
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Facebook' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ channels: [3, 1] }));
    expect(channels.textContent).toContain('Facebook, Web');
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Todos' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ channels: [] }));
  });
});

describe('ChartPanel', () => {
  const SERIES: ChartSeries = {
    labels: ['2026-03-01', '2026-03-02'],
    datasets: [
      { label: 'Facebook', data: [3, 1234.5] },
      { label: 'Web', data: [0, 7] }
    ]
  };
  const props = (over: Partial<ChartPanelProps> = {}): ChartPanelProps => ({
    title: 'Conversaciones por canal',
    kind: 'line',
    status: 'resolved',
    series: SERIES,
    errorTitle: 'Error al obtener estadísticas de conversaciones',
    onRetry: vi.fn(),
    categoryHeader: 'Periodo',
    formatLabel: bucketLabel,
    ...over
  });

  it('puts the same numbers beside the chart in a table captioned with its title', () => {
    renderWithProviders(<ChartPanel {...props()} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Conversaciones por canal' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Conversaciones por canal' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('[role=columnheader], [role=rowheader], [role=cell]')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Periodo', 'Facebook', 'Web', 'Total'],
      ['01/03/2026', '3', '0', '3'],
      ['02/03/2026', '1.234,5', '7', '1.241,5'],
      ['Total', '1.237,5', '7', '1.244,5']
    ]);
    const chart = drawn.get('Conversaciones por canal');
    expect(chart?.type).toBe('line');
    expect(chart?.data.labels).toEqual(['01/03/2026', '02/03/2026']);
    expect(chart?.data.datasets.map((d) => d.backgroundColor)).toEqual(['#CDE1FB', '#E7D5F8']);
    expect(chart?.data.datasets.map((d) => d.data)).toEqual([
      [3, 1234.5],
      [0, 7]
    ]);
  });

  it('colours a doughnut of channels with the SPEC §9 colours and shows shares', () => {
    const series: ChartSeries = { labels: ['Facebook', 'Whatsapp', 'Web'], datasets: [{ label: 'Conversaciones', data: [1, 2, 1] }] };
    renderWithProviders(<ChartPanel {...props({ kind: 'doughnut', series, categoryHeader: 'Canal', formatLabel: undefined })} />);
    expect(drawn.get('Conversaciones por canal')?.data.datasets[0]?.backgroundColor).toEqual(['#CDE1FB', '#DCF3E6', '#E7D5F8']);
    const table = screen.getByRole('table', { name: 'Conversaciones por canal' });
    expect(within(table).getByRole('row', { name: /Whatsapp/ }).textContent).toBe('Whatsapp250 %');
  });

  it('shows durations in the SPEC §9 format and no totals for them', () => {
    const series: ChartSeries = { labels: ['Ana', 'Luis'], datasets: [{ label: 'Tiempo promedio', data: [45, 150] }] };
    renderWithProviders(<ChartPanel {...props({ kind: 'horizontalBar', series, valueFormat: 'duration', categoryHeader: 'Asesor', formatLabel: undefined })} />);
    const table = screen.getByRole('table', { name: 'Conversaciones por canal' });
    expect(within(table).getByRole('row', { name: /Luis/ }).textContent).toBe('Luis2.30 min');
    expect(within(table).queryByText('Total')).toBeNull();
  });

  it('has loading, empty and error states with their texts, and retries', () => {
    const onRetry = vi.fn();
    const { rerender } = renderWithProviders(<ChartPanel {...props({ status: 'pending', series: null })} />);
    expect(screen.getByRole('heading', { name: 'Cargando…' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect((screen.getByRole('button', { name: /Guardar imagen/ }) as HTMLButtonElement).disabled).toBe(true);

    rerender(<ChartPanel {...props({ series: { labels: ['2026-03-01'], datasets: [{ label: 'Web', data: [0] }] } })} />);
    expect(screen.getByRole('heading', { name: 'Vacío' })).toBeTruthy();
    expect(screen.getByText('No hay datos para los filtros seleccionados.')).toBeTruthy();

    rerender(<ChartPanel {...props({ status: 'rejected', series: null, errorDetail: 'Se ha presentado un error en el servidor. Inténtelo mas tarde', onRetry })} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error al obtener estadísticas de conversaciones' })).toBeTruthy();
    expect(within(alert).getByText('Se ha presentado un error en el servidor. Inténtelo mas tarde')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("saves the chart as PNG through the main process ('Guardar imagen')", async () => {
    renderWithProviders(<ChartPanel {...props({ fileName: 'conversaciones-canal' })} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Guardar imagen/ })));
    expect(fake.api.analytics.savePng).toHaveBeenCalledWith({ suggestedName: 'conversaciones-canal', dataUrl: PNG_DATA_URL });
    expect(await screen.findByText('Imagen guardada en /tmp/grafico.png')).toBeTruthy();

    fake.api.analytics.savePng.mockImplementationOnce(() => fail({ status: 500, message: 'No fue posible guardar la imagen' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Guardar imagen/ })));
    expect(await screen.findByText('No fue posible guardar la imagen')).toBeTruthy();

    fake.api.analytics.savePng.mockImplementationOnce(() => ok(null));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Guardar imagen/ })));
    await waitFor(() => expect(fake.api.analytics.savePng).toHaveBeenCalledTimes(3));
  });
});
