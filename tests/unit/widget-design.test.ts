import { describe, expect, it } from 'vitest';
import { checkContrast } from '../../src/shared/color';
import { completeFrom } from '../../src/shared/domain/design';
import { DEFAULT_WIDGET_THEME, UpdateWidgetDesign, widgetContrastFailures } from '../../src/shared/domain/widget-design';

describe('the widget design body and its contrast guard', () => {
  it('completes a missing part from the default theme, at every depth', () => {
    const parsed = UpdateWidgetDesign.parse({ idVa: 1, colores: { header: { background: '#1b3a5c' } }, font: { variant: '700' } });
    expect(parsed.colores.header).toEqual({ background: '#1b3a5c', color: DEFAULT_WIDGET_THEME.colores.header.color });
    expect(parsed.colores.footer).toEqual(DEFAULT_WIDGET_THEME.colores.footer);
    expect(parsed.font).toEqual({ ...DEFAULT_WIDGET_THEME.font, variant: '700' });
    expect(completeFrom(DEFAULT_WIDGET_THEME, {})).toEqual(DEFAULT_WIDGET_THEME);
  });

  it("refuses a light text on the customer's bubble, offering a shade that passes", () => {
    const colores = { ...DEFAULT_WIDGET_THEME.colores, mensajeCliente: { background: '#ffffff', color: '#f5e663' } };
    const [failure, ...rest] = widgetContrastFailures(colores);
    expect(rest).toEqual([]);
    expect(failure).toMatchObject({ key: 'mensajeCliente', side: 'color', minimum: 4.5 });
    expect(checkContrast({ background: '#ffffff', color: failure?.shade ?? '' }).passes).toBe(true);
    const refused = UpdateWidgetDesign.safeParse({ idVa: 1, colores: { mensajeCliente: colores.mensajeCliente } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['colores', 'mensajeCliente', 'color'] });
    expect(refused.error?.issues[0]?.message).toContain(`Mensaje del cliente: el contraste`);
    expect(UpdateWidgetDesign.safeParse({ idVa: 1, colores: { mensajeCliente: { background: '#ffffff', color: failure?.shade } } }).success).toBe(true);
  });

  it("checks the footer's icons as UI (3:1) and admits SPEC's default pairs as they are", () => {
    expect(widgetContrastFailures({ ...DEFAULT_WIDGET_THEME.colores, footer: { background: '#ffffff', iconsColor: '#949494' } })).toEqual([]);
    expect(widgetContrastFailures({ ...DEFAULT_WIDGET_THEME.colores, footer: { background: '#ffffff', iconsColor: '#bdbdbd' } })[0]).toMatchObject({ key: 'footer', side: 'iconsColor', minimum: 3 });
    // SPEC §3's header (white on 0298b1) is 3.4:1: kept as SPEC gives it, shown darkened by `readable`.
    expect(checkContrast(DEFAULT_WIDGET_THEME.colores.header).passes).toBe(false);
    expect(widgetContrastFailures(DEFAULT_WIDGET_THEME.colores)).toEqual([]);
    expect(widgetContrastFailures({ ...DEFAULT_WIDGET_THEME.colores, header: { background: '#0298b1', color: '#f0f0f0' } })[0]?.key).toBe('header');
  });
});
