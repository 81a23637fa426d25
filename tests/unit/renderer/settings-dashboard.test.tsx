// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DashboardScreen, dashboardRecord } from '../../../src/renderer/features/settings/customisation/dashboard.screen';
import { RecordScreen } from '../../../src/renderer/components/settings/RecordScreen';
import { SETTINGS_TEXT } from '../../../src/renderer/components/settings/texts';
import { DASHBOARD_TEXT } from '../../../src/renderer/features/settings/customisation/texts';
import { contrast } from '../../../src/shared/color';
import type { DashboardDesign, DashboardDesignVersion } from '../../../src/shared/domain/dashboard-design';
import type { WebFont } from '../../../src/shared/domain/design';
import { MSG } from '../../../src/shared/messages';
import { createStore } from 'jotai';
import { sessionAtom } from '../../../src/renderer/features/session/atoms';
import { sessionView } from './fake-atiende';
import { renderApp } from './render-app';
import { ISO, describeRecordScreen, failReply, findConfirm, installSettings, okReply, renderPage } from './settings-fixtures';

vi.mock('react-chartjs-2', () => import('./chart-mock'));
afterEach(cleanup);

/** A design whose every pair reaches WCAG AA. */
const DESIGN: DashboardDesign = {
  colores: {
    header: { background: '#0b5394', color: '#ffffff' },
    principal: { background: '#1973bb', color: '#ffffff' },
    secundario: { background: '#ffffff', color: '#242424' },
    asesorHumano: {
      header: { background: '#0b5394', color: '#ffffff' },
      mensajeAsesor: { background: '#1973bb', color: '#ffffff' },
      mensajeCliente: { background: '#f1f3f4', color: '#1f1f1f' },
      footer: { background: '#ffffff', iconsColor: '#1973bb' }
    }
  },
  fuente: { family: 'Roboto', category: 'sans-serif', variant: 'regular' }
};
const FONTS: WebFont[] = [
  { family: 'Roboto', category: 'sans-serif', variants: ['regular', '700'] },
  { family: 'Lato', category: 'sans-serif', variants: ['regular', 'italic'] }
];
const options = { idOrg: null, organisation: 'Demo', fonts: { status: 'resolved' as const, data: FONTS }, logo: { src: null, error: null }, onLogo: () => {}, onSaved: () => {} };
const body = (arg: { body?: unknown } | undefined) => arg?.body;

describeRecordScreen(dashboardRecord(options), {
  record: DESIGN,
  shown: { headerBackground: '#0b5394', headerColor: '#ffffff', footerIcons: '#1973bb', fuente: 'Roboto', variante: 'regular' },
  refused: { fill: { headerBackground: '#12' }, messages: ['El color debe tener el formato #rrggbb'] },
  fill: { headerBackground: '#073763', agentBackground: '#0b5394' },
  sent: {
    ...DESIGN,
    colores: { ...DESIGN.colores, header: { background: '#073763', color: '#ffffff' }, asesorHumano: { ...DESIGN.colores.asesorHumano, mensajeAsesor: { background: '#0b5394', color: '#ffffff' } } }
  }
});

const form = async () => within(await screen.findByRole('form', { name: DASHBOARD_TEXT.form }));
const field = (scope: Awaited<ReturnType<typeof form>>, label: string) => scope.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`)) as HTMLInputElement;

describe('the dashboard editor', () => {
  it('refuses a pair below WCAG AA naming it and its nearest passing shade, and the offered shade is applied and saved', async () => {
    const fake = installSettings({ dashboardDesign: () => okReply(DESIGN), updateDashboardDesign: (arg) => okReply(body(arg)) });
    renderPage(<RecordScreen descriptor={dashboardRecord(options)} />, 3);
    const f = await form();
    await waitFor(() => expect(field(f, 'Encabezado: texto').value).toBe('#ffffff'));
    // White on a light teal: 3,42:1 (shown rounded down), below 4,5:1.
    fireEvent.change(field(f, 'Encabezado: fondo'), { target: { value: '#0298b1' } });
    fireEvent.click(f.getByRole('button', { name: SETTINGS_TEXT.save }));
    expect(await f.findByText('Encabezado: el contraste es 3,42:1 y debe ser al menos 4,5:1. El tono más cercano que cumple es #242424.')).toBeTruthy();
    expect(fake.sent('updateDashboardDesign')).toEqual([]);

    fireEvent.click(f.getByRole('button', { name: 'Usar el tono #242424 en Encabezado' }));
    expect(field(f, 'Encabezado: texto').value).toBe('#242424');
    expect(f.queryByRole('button', { name: /^Usar el tono .* en Encabezado$/ })).toBeNull();
    fireEvent.click(f.getByRole('button', { name: SETTINGS_TEXT.save }));
    expect(await screen.findByText(MSG.dashboard.configUpdated)).toBeTruthy();
    const sent = body(fake.sent('updateDashboardDesign')[0]) as DashboardDesign;
    expect(sent.colores.header).toEqual({ background: '#0298b1', color: '#242424' });
    expect(contrast(sent.colores.header.background, sent.colores.header.color)).toBeGreaterThanOrEqual(4.5);
  });

  it('checks the footer icons at the 3:1 of UI parts, and its picker edits the same value', async () => {
    installSettings({ dashboardDesign: () => okReply(DESIGN) });
    renderPage(<RecordScreen descriptor={dashboardRecord(options)} />, 3);
    const f = await form();
    const picker = await f.findByLabelText('Pie de la consola de chats: íconos (selector de color)');
    // #8a8a8a on white is 3,45:1: enough for icons, although not for text.
    fireEvent.change(picker, { target: { value: '#8a8a8a' } });
    expect(field(f, 'Pie de la consola de chats: íconos').value).toBe('#8a8a8a');
    expect(f.queryByRole('button', { name: /en Pie de la consola de chats$/ })).toBeNull();
    fireEvent.change(picker, { target: { value: '#dddddd' } });
    expect(f.getByRole('button', { name: /^Usar el tono #[0-9a-f]{6} en Pie de la consola de chats$/ })).toBeTruthy();
  });

  it('refuses a font the platform does not serve', async () => {
    const fake = installSettings({ dashboardDesign: () => okReply({ ...DESIGN, fuente: { family: 'Comic Sans', category: 'sans-serif', variant: 'regular' } }) });
    renderPage(<RecordScreen descriptor={dashboardRecord(options)} />, 3);
    const f = await form();
    expect(await f.findByText(DASHBOARD_TEXT.fontUnknown)).toBeTruthy();
    fireEvent.click(f.getByRole('button', { name: SETTINGS_TEXT.save }));
    await waitFor(() => expect(fake.sent('updateDashboardDesign')).toEqual([]));
  });

  it('says so when the fonts list cannot be read', async () => {
    installSettings({ dashboardDesign: () => okReply(DESIGN), webFonts: () => failReply(500, 'x'), dashboardImage: () => okReply({ Imagen: '' }), dashboardDesignVersions: () => okReply({ items: [] }) });
    renderPage(<DashboardScreen />, 3);
    expect(await screen.findByText(MSG.dashboard.fontsLoadFailed)).toBeTruthy();
    // An empty logo answer is an error (SPEC §5).
    expect(await screen.findByText(MSG.dashboard.logoLoadFailed)).toBeTruthy();
  });

  it('refuses a logo that is not PNG, JPEG or WebP before sending, and shows the platform’s reason for a refused one; an accepted one is set', async () => {
    let refuse = true;
    const fake = installSettings({
      dashboardDesign: () => okReply(DESIGN),
      webFonts: () => okReply({ items: FONTS }),
      dashboardImage: () => okReply({ Imagen: '/api/multimedia/descargar/old' }),
      dashboardDesignVersions: () => okReply({ items: [] }),
      uploadDesignImage: () => (refuse ? failReply(400, 'La imagen debe medir entre 16 y 2048 px por lado') : okReply({ id: 'new', url: '/api/multimedia/descargar/new', contentType: 'image/png', size: 4 })),
      updateDashboardImage: (arg) => okReply({ Imagen: (body(arg) as { url: string }).url })
    });
    renderPage(<DashboardScreen />, 3);
    const input = (await screen.findByTestId('logo-archivo')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'logo.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText(DASHBOARD_TEXT.logoType)).toBeTruthy();
    expect(fake.sent('uploadDesignImage')).toEqual([]);

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    expect(await screen.findByText('La imagen debe medir entre 16 y 2048 px por lado')).toBeTruthy();
    expect(await screen.findByText(MSG.dashboard.logoUpdateFailed)).toBeTruthy();
    expect(fake.sent('updateDashboardImage')).toEqual([]);

    refuse = false;
    fireEvent.change(input, { target: { files: [png] } });
    expect(await screen.findByText(MSG.dashboard.logoUpdated)).toBeTruthy();
    expect(body(fake.sent('uploadDesignImage').at(-1))).toEqual({ data: 'iVBORw==', format_type: 'base64', content_type: 'image/png', name: 'logo.png' });
    expect(body(fake.sent('updateDashboardImage')[0])).toEqual({ url: '/api/multimedia/descargar/new' });
    // The preview and the field show the new logo.
    expect((screen.getByTestId('logo-actual') as HTMLImageElement).src).toBe('data:image/png;base64,iVBORw==');
    expect((within(screen.getByTestId('vista-previa')).getByTestId('logo') as HTMLImageElement).src).toBe('data:image/png;base64,iVBORw==');
  });

  it('lists the kept versions with date and author, and restores one after asking: the form starts again from the design now in force', async () => {
    const version = (n: number, principal: string, creadoPor: string | null): DashboardDesignVersion => ({
      version: n,
      fechaCreacion: ISO,
      creadoPor,
      design: { ...DESIGN, colores: { ...DESIGN.colores, principal: { background: principal, color: '#ffffff' } } },
      logoUrl: ''
    });
    let restored = false;
    const fake = installSettings({
      dashboardDesign: () => okReply(restored ? version(2, '#0b5394', null).design : DESIGN),
      webFonts: () => okReply({ items: FONTS }),
      dashboardImage: () => okReply({ Imagen: '' }),
      dashboardDesignVersions: () => okReply({ items: restored ? [version(4, '#0b5394', 'admin@demo.co'), version(3, '#1973bb', 'admin@demo.co'), version(2, '#0b5394', null)] : [version(3, '#1973bb', 'admin@demo.co'), version(2, '#0b5394', null)] }),
      restoreDashboardDesign: () => {
        restored = true;
        return okReply(version(2, '#0b5394', null).design);
      }
    });
    renderPage(<DashboardScreen />, 3);
    const table = within(await screen.findByRole('table', { name: DASHBOARD_TEXT.versionsCaption }));
    expect(table.getAllByText('admin@demo.co')).toHaveLength(1);
    expect(table.getByText(DASHBOARD_TEXT.current)).toBeTruthy();
    expect(table.queryByRole('button', { name: 'Restaurar la versión 3' })).toBeNull();

    fireEvent.click(table.getByRole('button', { name: 'Restaurar la versión 2' }));
    let confirm = await findConfirm();
    fireEvent.click(confirm.getByRole('button', { name: SETTINGS_TEXT.cancel, hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fake.sent('restoreDashboardDesign')).toEqual([]);

    fireEvent.click(table.getByRole('button', { name: 'Restaurar la versión 2' }));
    confirm = await findConfirm();
    fireEvent.click(confirm.getByRole('button', { name: DASHBOARD_TEXT.restore, hidden: true }));
    expect(await screen.findByText(MSG.dashboard.versionRestored)).toBeTruthy();
    expect(body(fake.sent('restoreDashboardDesign')[0])).toEqual({ version: 2 });
    const f = await form();
    await waitFor(() => expect(field(f, 'Color principal: fondo').value).toBe('#0b5394'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: DASHBOARD_TEXT.versionsCaption })).getAllByText('admin@demo.co')).toHaveLength(2));
  });

  it('draws the preview with the real parts wearing the draft: the header, the drawer, the console header, both bubbles and the footer', async () => {
    installSettings({ dashboardDesign: () => okReply(DESIGN) });
    renderPage(<RecordScreen descriptor={dashboardRecord(options)} />, 3);
    const f = await form();
    await waitFor(() => expect(field(f, 'Menú lateral (secundario): fondo').value).toBe('#ffffff'));
    fireEvent.change(field(f, 'Menú lateral (secundario): fondo'), { target: { value: '#1b1b1b' } });
    fireEvent.change(field(f, 'Menú lateral (secundario): texto'), { target: { value: '#eeeeee' } });
    // A half-typed colour keeps the last valid one in the preview.
    fireEvent.change(field(f, 'Encabezado: fondo'), { target: { value: '#07' } });
    const preview = within(screen.getByTestId('vista-previa'));
    expect(preview.getByTestId('menu-lateral').style.backgroundColor).toBe('rgb(27, 27, 27)');
    expect(preview.getByTestId('cabecera').style.backgroundColor).toBe('rgb(2, 152, 177)');
    expect(preview.getByTestId('cabecera-consola').style.backgroundColor).toBe('rgb(11, 83, 148)');
    expect(preview.getByText(DASHBOARD_TEXT.previewAgent)).toBeTruthy();
    expect(preview.getByText(DASHBOARD_TEXT.previewCustomer)).toBeTruthy();
  });

  it('is the page at configuracion/personalizacion/dashboard with its drawer entry; the Superadministrador chooses the organisation first', async () => {
    const fake = installSettings({
      dashboardDesign: () => okReply(DESIGN),
      webFonts: () => okReply({ items: FONTS }),
      dashboardImage: () => okReply({ Imagen: '' }),
      dashboardDesignVersions: () => okReply({ items: [] }),
      organizations: () => okReply([100, 200].map((idOrg) => ({ idOrg, name: `Entidad ${idOrg}`, schemaName: `e${idOrg}`, isActive: true, organizationType: 'Contact center' })))
    });
    const store = createStore();
    store.set(sessionAtom, { status: 'resolved', view: sessionView(1), restored: true });
    renderApp('/configuracion/personalizacion/dashboard', store);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Dashboard', hidden: true }).some((a) => a.getAttribute('href') === '/configuracion/personalizacion/dashboard')).toBe(true);
    const chooser = await screen.findByRole('combobox', { name: 'Organización' });
    fireEvent.change(chooser, { target: { value: '200' } });
    await waitFor(() => expect(fake.sent('dashboardDesign').at(-1)?.idOrg).toBe(200));
  });

  it('previews a font the app does not wear yet with its file from the main process (design:font), in a font face of its own', async () => {
    const fake = installSettings({ dashboardDesign: () => okReply(DESIGN) });
    renderPage(<RecordScreen descriptor={dashboardRecord(options)} />, 3);
    const f = await form();
    await waitFor(() => expect((f.getByRole('combobox', { name: /^Fuente/ }) as HTMLSelectElement).value).toBe('Roboto'));
    // The app's own font: nothing asked.
    expect(fake.api.design.font).not.toHaveBeenCalled();
    fireEvent.change(f.getByRole('combobox', { name: /^Fuente/ }), { target: { value: 'Lato' } });
    await waitFor(() => expect(fake.api.design.font).toHaveBeenCalledWith({ family: 'Lato', variant: 'regular' }));
    await waitFor(() => expect(document.head.querySelector('style[data-design-font="Lato"]')?.textContent).toContain('font-family: "Lato"'));
    expect((f.getByRole('combobox', { name: /^Variante/ }) as HTMLSelectElement).value).toBe('regular');
  });
});
