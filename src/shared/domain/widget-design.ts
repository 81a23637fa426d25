import { z } from 'zod';
import { ColorPair, FontChoice, IconBar, jsonText } from './design';
import { ImageUrl, PositiveInt } from './fields';

/** SPEC §3 "Widget design" colours: header, principal, secundario, asesorHumano, the agent and client chat messages, footer, popups and step buttons. */
export const WidgetColors = z.object({
  header: ColorPair,
  principal: ColorPair,
  secundario: ColorPair,
  asesorHumano: ColorPair,
  mensajeAsesor: ColorPair,
  mensajeCliente: ColorPair,
  footer: IconBar,
  popups: ColorPair,
  botonesPasos: ColorPair
});
export type WidgetColors = z.infer<typeof WidgetColors>;

export const WidgetDesign = z.object({ colores: WidgetColors, font: FontChoice });
export type WidgetDesign = z.infer<typeof WidgetDesign>;

/**
 * SPEC §3 default widget theme: principal 1973bb on white, header 0298b1 on white, secondary
 * 0298b1, advisor message 639ad9, font Roboto sans-serif. The colours SPEC does not give
 * (asesorHumano, client message, footer, popups, step buttons) follow the same palette.
 */
export const DEFAULT_WIDGET_THEME: WidgetDesign = {
  colores: {
    header: { background: '#0298b1', color: '#ffffff' },
    principal: { background: '#1973bb', color: '#ffffff' },
    secundario: { background: '#0298b1', color: '#ffffff' },
    asesorHumano: { background: '#0298b1', color: '#ffffff' },
    mensajeAsesor: { background: '#639ad9', color: '#ffffff' },
    mensajeCliente: { background: '#f1f3f4', color: '#1f1f1f' },
    footer: { background: '#ffffff', iconsColor: '#1973bb' },
    popups: { background: '#ffffff', color: '#1f1f1f' },
    botonesPasos: { background: '#1973bb', color: '#ffffff' }
  },
  font: { family: 'Roboto', category: 'sans-serif', variant: 'regular' }
};

/** GET getWidgetDesign: colores and font come as JSON strings (SPEC §7); parsed here. */
export const WidgetDesignAnswer = z.object({ idVa: z.number().int(), colores: jsonText(WidgetColors), font: jsonText(FontChoice) });
/** POST updateWidgetDesign (body not shown in SPEC): the design as objects, for one virtual agent. */
export const UpdateWidgetDesign = WidgetDesign.extend({ idVa: PositiveInt });

/** SPEC §3 "Avatar image url". */
export const AvatarBody = z.object({ url: ImageUrl });
