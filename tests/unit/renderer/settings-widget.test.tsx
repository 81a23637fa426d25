// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WidgetScreen, widgetDesignRecord } from '../../../src/renderer/features/settings/customisation/widget.screen';
import { nearestPassingShade } from '../../../src/shared/color';
import { DEFAULT_WIDGET_THEME, type WidgetDesign } from '../../../src/shared/domain/widget-design';
import { MSG } from '../../../src/shared/messages';
import { embedSnippet } from '../../../src/shared/widget-embed';
import { describeRecordScreen, failReply, installSettings, okReply, renderPage } from './settings-fixtures';

afterEach(cleanup);

const BRAND: WidgetDesign = { ...DEFAULT_WIDGET_THEME, colores: { ...DEFAULT_WIDGET_THEME.colores, header: { background: '#5b2a86', color: '#ffffff' } } };
const answer = (design: WidgetDesign) => ({ idVa: 1, colores: JSON.stringify(design.colores), font: JSON.stringify(design.font) });
const AGENTS = [{ idVa: 1, name: 'Asistente Demo' }];
const FONTS = { items: [{ family: 'Roboto', category: 'sans-serif', variants: ['regular', '700'] }, { family: 'Lato', category: 'sans-serif', variants: ['regular'] }] };
const body = (arg: { body?: unknown } | undefined) => arg?.body as { idVa: number; colores: WidgetDesign['colores']; font: WidgetDesign['font'] };

describeRecordScreen(widgetDesignRecord, {
  record: BRAND,
  answer: answer,
  replies: { virtualAgents: () => okReply(AGENTS), webFonts: () => okReply(FONTS), widgetAvatar: () => okReply({ url: '' }) },
  shown: { 'header.background': '#5b2a86', 'mensajeCliente.color': DEFAULT_WIDGET_THEME.colores.mensajeCliente.color },
  refused: { fill: { 'header.background': 'morado' }, messages: ['El color debe tener el formato #rrggbb'] },
  fill: { 'header.background': '#3a1d5c' },
  sent: { idVa: 1, ...BRAND, colores: { ...BRAND.colores, header: { background: '#3a1d5c', color: '#ffffff' } } }
});

describe('personalizacion/widget: its business rules', () => {
  const open = async (replies = {}) => {
    const fake = installSettings({
      virtualAgents: () => okReply(AGENTS),
      widgetDesign: () => okReply(answer(BRAND)),
      webFonts: () => okReply(FONTS),
      widgetAvatar: () => okReply({ url: '' }),
      updateWidgetDesign: (arg) => okReply(answer({ colores: body(arg).colores, font: body(arg).font })),
      ...replies
    });
    renderPage(<WidgetScreen />, 3);
    const form = within(await screen.findByRole('form', { name: 'Diseño del widget' }));
    await waitFor(() => expect((form.getByLabelText('Encabezado: fondo') as HTMLInputElement).value).toBe('#5b2a86'));
    return { fake, form };
  };

  it("refuses a light text on the customer's bubble before saving, and offers the nearest passing shade", async () => {
    const { fake, form } = await open();
    const text = form.getByLabelText('Mensaje del cliente: texto') as HTMLInputElement;
    fireEvent.change(text, { target: { value: '#ffe082' } });
    fireEvent.change(form.getByLabelText('Mensaje del cliente: fondo'), { target: { value: '#ffffff' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByText(/^Mensaje del cliente: el contraste entre el color y su fondo es 1,\d\d:1 y debe ser al menos 4,5:1/)).toBeTruthy();
    expect(fake.sent('updateWidgetDesign')).toEqual([]);

    const shade = nearestPassingShade({ background: '#ffffff', color: '#ffe082' });
    fireEvent.click(form.getByRole('button', { name: `Usar ${shade}` }));
    expect(text.value).toBe(shade);
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.widget.configUpdated)).toBeTruthy();
    expect(body(fake.sent('updateWidgetDesign')[0]).colores.mensajeCliente).toEqual({ background: '#ffffff', color: shade });
  });

  it('frames the real widget page in preview mode, sandboxed, and shows the snippet with Copiar', async () => {
    const { fake, form } = await open();
    const frame = await form.findByTitle('Vista previa del widget');
    expect(frame.getAttribute('src')).toBe('http://127.0.0.1:4100/widget?org=100&va=1&preview=1');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    const snippet = form.getByLabelText(/^Código para insertar el widget/) as HTMLTextAreaElement;
    expect(snippet.value).toBe(embedSnippet('http://127.0.0.1:4100', 100, 1));
    expect(snippet.readOnly).toBe(true);
    fireEvent.click(form.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByText('Copiado')).toBeTruthy();
    expect(fake.api.clipboard.writeText).toHaveBeenCalledWith({ text: snippet.value });
  });

  it("says 'Error al cargar Google Fonts' and 'Error al obtener avatar' where those reads fail", async () => {
    await open({ webFonts: () => failReply(500, MSG.generic.serverError), widgetAvatar: () => failReply(500, MSG.generic.serverError) });
    expect(await screen.findByText(MSG.dashboard.fontsLoadFailed)).toBeTruthy();
    expect(screen.getByText(MSG.widget.avatarLoadFailed)).toBeTruthy();
  });

  it('uploads an avatar through uploadDesignImage, then sets it; clears it after confirming', async () => {
    const url = '/api/multimedia/descargar/abc123';
    const { fake, form } = await open({
      uploadDesignImage: () => okReply({ id: 'abc123', url, contentType: 'image/png', size: 4 }),
      upsertWidgetAvatar: (arg: { body?: unknown }) => okReply({ url: (arg.body as { url: string }).url })
    });
    await form.findByText('El asistente no tiene avatar.');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'avatar.png', { type: 'image/png' });
    fireEvent.change(form.getByLabelText('Cargar avatar'), { target: { files: [file] } });
    expect(await screen.findByText(MSG.widget.avatarUpdated)).toBeTruthy();
    expect(fake.sent('upsertWidgetAvatar')[0]).toMatchObject({ query: { idVa: 1 }, body: { url } });
    expect(fake.sent('uploadDesignImage')[0]).toMatchObject({ body: { format_type: 'base64', content_type: 'image/png', name: 'avatar.png' } });

    fireEvent.click(form.getByRole('button', { name: 'Quitar avatar' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Quitar avatar' }));
    await waitFor(() => expect(fake.sent('upsertWidgetAvatar')).toHaveLength(2));
    expect(fake.sent('upsertWidgetAvatar')[1]).toMatchObject({ body: { url: '' } });
    expect(await form.findByText('El asistente no tiene avatar.')).toBeTruthy();
  });

  it("refuses an SVG avatar before uploading, and says 'Error al actualizar avatar' when the platform refuses one", async () => {
    const { fake, form } = await open({ uploadDesignImage: () => failReply(415, 'El tipo de archivo no está permitido') });
    await form.findByText('El asistente no tiene avatar.');
    fireEvent.change(form.getByLabelText('Cargar avatar'), { target: { files: [new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' })] } });
    expect(await form.findByText('El avatar debe ser una imagen PNG, JPEG o WebP')).toBeTruthy();
    expect(fake.sent('uploadDesignImage')).toEqual([]);
    fireEvent.change(form.getByLabelText('Cargar avatar'), { target: { files: [new File([new Uint8Array([1, 2])], 'a.png', { type: 'image/png' })] } });
    expect(await screen.findByText(MSG.widget.avatarUpdateFailed)).toBeTruthy();
    expect(form.getByText('El tipo de archivo no está permitido')).toBeTruthy();
    expect(fake.sent('upsertWidgetAvatar')).toEqual([]);
  });
});
