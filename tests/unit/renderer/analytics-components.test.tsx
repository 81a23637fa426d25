// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import './dom-setup';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { ChartPanel, type ChartPanelProps } from '../../../src/renderer/components/ChartPanel';
import { FilterBar, type FilterField, type FilterValue } from '../../../src/renderer/components/FilterBar';
import { IndicatorTile } from '../../../src/renderer/components/IndicatorTile';
import { MultiSelect } from '../../../src/renderer/components/MultiSelect';
import { defaultFilterValue } from '../../../src/renderer/features/analytics/filter';
import { formatDay, presetOf, presetRange, rangeProblem } from '../../../src/renderer/components/dates';
import { today } from '../../../src/shared/format';
import { bucketLabel } from '../../../src/renderer/features/analytics/labels';
import { INDICATOR_IDS, INDICATOR_LABELS, PERCENT_INDICATOR_IDS } from '../../../src/shared/constants';
import type { ChartSeries } from '../../../src/shared/domain/statistics';
import { PNG_DATA_URL, drawn } from './chart-mock';
import { renderWithProviders } from './component-fixtures';
import { fail, installFakeAtiende, ok } from './fake-atiende';

vi.mock('react-chartjs-2', () => import('./chart-mock'));

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
  function Harness({ fields, onChange, onProblem }: { fields: FilterField[]; onChange(v: FilterValue): void; onProblem?(p: string | null): void }) {
    const [value, setValue] = useState(defaultFilterValue('2026-03-10'));
    return (
      <FilterBar
        fields={fields}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        onDatesProblem={onProblem}
      />
    );
  }

  /** Types into a date picker as a person does: the text, then leaving the field. */
  function type(input: HTMLElement, text: string) {
    fireEvent.change(input, { target: { value: text } });
    fireEvent.blur(input);
  }
  const startField = () => screen.getByRole('combobox', { name: /Fecha inicial/ }) as HTMLInputElement;
  const endField = () => screen.getByRole('combobox', { name: /Fecha final/ }) as HTMLInputElement;

  it('shows the dates as DD/MM/YYYY, takes them typed, and emits the range as yyyy-MM-dd once it is valid', () => {
    const onChange = vi.fn();
    const onProblem = vi.fn();
    renderWithProviders(<Harness fields={[{ kind: 'dates' }]} onChange={onChange} onProblem={onProblem} />);
    // Whatever the system's locale: not a native date input (MM/DD/YYYY under an English one).
    expect(startField().type).toBe('text');
    expect([startField().value, endField().value]).toEqual(['10/03/2026', '10/03/2026']);

    type(startField(), '1/3/2026');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ start: '2026-03-01', end: '2026-03-10' }));
    expect(startField().value).toBe('01/03/2026');
    expect(onProblem).toHaveBeenLastCalledWith(null);

    onChange.mockClear();
    type(endField(), '27/02/2026');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('La fecha final debe ser igual o posterior a la fecha inicial')).toBeTruthy();
    // The page is told, so that it does not leave the previous range's figures looking current.
    expect(onProblem).toHaveBeenLastCalledWith('La fecha final debe ser igual o posterior a la fecha inicial');

    type(endField(), '31/02/2026');
    expect(screen.getByText('Ingrese una fecha válida con el formato DD/MM/AAAA')).toBeTruthy();
    type(endField(), '');
    expect(screen.getByText('La fecha final es obligatoria')).toBeTruthy();
    type(endField(), '15/07/1999');
    expect(screen.getByText('La fecha debe estar entre 01/01/2000 y 31/12/2100')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();

    type(endField(), '05/03/2026');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ start: '2026-03-01', end: '2026-03-05' }));
    expect(screen.queryByText(/La fecha final debe|Ingrese una fecha|obligatoria|debe estar entre/)).toBeNull();
    expect(onProblem).toHaveBeenLastCalledWith(null);
  }, 30_000);

  it('sets the dates from a period counted from today, and shows the period the dates are', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness fields={[{ kind: 'dates' }]} onChange={onChange} />);
    const period = screen.getByLabelText('Periodo') as HTMLSelectElement;
    // 10/03/2026 is no period counted from the real today.
    expect([...period.options].map((o) => o.textContent)).toEqual(['Personalizado', 'Hoy', 'Ayer', 'Últimos 7 días', 'Últimos 30 días', 'Este mes', 'Mes anterior']);
    for (const id of ['yesterday', 'last30', 'lastMonth', 'today'] as const) {
      fireEvent.change(period, { target: { value: id } });
      const range = presetRange(id, today());
      expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining(range));
      expect(period.value).toBe(id);
      expect([startField().value, endField().value]).toEqual([formatDay(range.start), formatDay(range.end)]);
    }
    type(startField(), '01/01/2026');
    expect(period.value).toBe(presetOf({ start: '2026-01-01', end: today() }, today()) ?? '');
  });

  it("holds the span to the server's limit for the resolution, and offers only the resolutions the range allows", () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness fields={[{ kind: 'dates' }, { kind: 'resolution' }]} onChange={onChange} />);
    const resolution = screen.getByLabelText('Agrupar por') as HTMLSelectElement;
    fireEvent.change(resolution, { target: { value: 'hour' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ resolution: 'hour' }));

    onChange.mockClear();
    type(startField(), '01/01/2026');
    const tooLong = rangeProblem({ start: '2026-01-01', end: '2026-03-10' }, 'hour').end ?? '';
    expect(tooLong).not.toBe('');
    expect(screen.getByText(tooLong)).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();

    // Grouped by day the same range is accepted: it goes out with the new resolution.
    fireEvent.change(resolution, { target: { value: 'day' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ resolution: 'day', start: '2026-01-01', end: '2026-03-10' }));
    expect(screen.queryByText(tooLong)).toBeNull();
    const hour = [...resolution.options].find((o) => o.value === 'hour');
    expect(hour?.disabled).toBe(true);
    expect(hour?.textContent).toMatch(/^Hora \(rangos de hasta \d+ días\)$/);
  });

  it('opens a Spanish calendar starting on Monday with the mouse, and a day clicked becomes the date', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness fields={[{ kind: 'dates' }]} onChange={onChange} />);
    fireEvent.click(startField());
    const calendar = await screen.findByRole('dialog', { name: 'Calendario de la fecha inicial' });
    expect(within(calendar).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Lu', 'Ma', 'Mi', 'Ju', 'Vi', 'Sá', 'Do']);
    expect(within(calendar).getByText('Marzo 2026')).toBeTruthy();
    fireEvent.click(within(calendar).getByRole('button', { name: /^4, marzo, 2026/ }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ start: '2026-03-04', end: '2026-03-10' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Calendario de la fecha inicial' })).toBeNull());
  }, 30_000);

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

describe('MultiSelect', () => {
  it('stays open while options are clicked, and closes on Escape (focus back on it) or a click outside', async () => {
    const onChange = vi.fn();
    function Harness() {
      const [value, setValue] = useState<number[]>([]);
      return (
        <>
          <MultiSelect
            label="Splits"
            options={[{ value: 4, label: 'Ventas' }, { value: 5, label: 'Soporte' }]}
            value={value}
            onChange={(ids) => {
              setValue(ids);
              onChange(ids);
            }}
          />
          <p>Fuera</p>
        </>
      );
    }
    renderWithProviders(<Harness />);
    const button = screen.getByRole('combobox', { name: 'Splits' });
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Ventas' }));
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Soporte' }));
    expect(onChange).toHaveBeenLastCalledWith([4, 5]);
    expect(screen.getByRole('menuitemcheckbox', { name: 'Todos' }).getAttribute('aria-checked')).toBe('false');
    fireEvent.keyDown(button, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menuitemcheckbox', { name: 'Ventas' })).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(button.textContent).toContain('Ventas, Soporte');

    fireEvent.click(button);
    expect(await screen.findByRole('menuitemcheckbox', { name: 'Ventas' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByText('Fuera'));
    fireEvent.click(screen.getByText('Fuera'));
    await waitFor(() => expect(screen.queryByRole('menuitemcheckbox', { name: 'Ventas' })).toBeNull());
  }, 30_000);
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
