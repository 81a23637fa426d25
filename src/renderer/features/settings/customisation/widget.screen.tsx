import { DEFAULT_WIDGET_THEME, UpdateWidgetDesign, WidgetDesignAnswer } from '../../../../shared/domain/widget-design';
import { MSG } from '../../../../shared/messages';
import { RecordScreen, recordScreen } from '../../../components/settings/RecordScreen';
import type { FieldRow } from '../../../components/settings/screen-fields';
import { callSettings } from '../../../components/settings/settings-client';
import { WIDGET_TEXT as T } from './texts';
import { AvatarField } from './widget/AvatarField';
import { ColourField } from './widget/ColourField';
import { FontFamilyField, FontVariantField } from './widget/FontField';
import { loadWidgetLookup, type WidgetLookup } from './widget/lookup';
import { PreviewFrame } from './widget/PreviewFrame';
import { SnippetField } from './widget/SnippetField';
import { checkValues, COLOUR_FIELDS, valuesOf, type WidgetValues } from './widget/values';
import type { z } from 'zod';

type Design = z.output<typeof WidgetDesignAnswer>;
type Body = z.output<typeof UpdateWidgetDesign>;

/** Each part's colours side by side: its background, then its text (the footer: its icons) with the contrast guard. */
const colourRows: FieldRow<WidgetValues, WidgetLookup>[] = COLOUR_FIELDS.map(({ part, label, background, text }) => {
  const use = part === 'footer' ? 'ui' : 'text';
  const textLabel = part === 'footer' ? T.icons(label) : T.text(label);
  return [
    { kind: 'custom', name: background, label: T.background(label), render: (form) => <ColourField form={form} name={background} label={T.background(label)} /> },
    { kind: 'custom', name: text, label: textLabel, render: (form) => <ColourField form={form} name={text} label={textLabel} background={background} use={use} /> }
  ];
});

/**
 * configuracion/personalizacion/widget (issue 40): a virtual agent's widget design (SPEC §3, §7):
 * the colours with the WCAG guard the platform runs too (the customer's own bubble included), the
 * font, the avatar (saved on its own), the live preview — the real widget page in a sandboxed
 * frame, fed the draft — and the embed snippet with 'Copiar'.
 */
export const widgetDesignRecord = recordScreen<Design, WidgetValues, Body, WidgetLookup>({
  screen: 'widget',
  title: T.title,
  description: T.intro,
  scope: { organization: true, virtualAgent: true },
  calls: { load: 'widgetDesign', save: 'updateWidgetDesign' },
  load: ({ scope }) => callSettings('widgetDesign', { query: { idVa: scope.idVa ?? 0 }, idOrg: scope.idOrg }),
  lookup: loadWidgetLookup,
  blank: valuesOf(DEFAULT_WIDGET_THEME),
  valuesOf: (design) => valuesOf(design),
  // The virtual agent is the scope's: the save puts it in (a check knows only the values).
  check: (values) => checkValues(values, 1),
  fields: [
    { kind: 'custom', label: T.preview, wide: true, render: (form, lookup) => <PreviewFrame form={form} lookup={lookup} /> },
    ...colourRows,
    [
      { kind: 'custom', name: 'fontFamily', label: T.fontFamily, render: (form, lookup) => <FontFamilyField form={form} lookup={lookup} /> },
      { kind: 'custom', name: 'fontVariant', label: T.fontVariant, render: (form, lookup) => <FontVariantField form={form} lookup={lookup} /> }
    ],
    { kind: 'custom', label: T.avatar, wide: true, render: (_form, lookup) => <AvatarField lookup={lookup} /> },
    { kind: 'custom', label: T.snippet, wide: true, render: (_form, lookup) => <SnippetField lookup={lookup} /> }
  ],
  save: (body, { scope }) => callSettings('updateWidgetDesign', { body: { ...body, idVa: scope.idVa ?? body.idVa }, idOrg: scope.idOrg }),
  messages: { loadFailed: MSG.widget.configLoadFailed, updated: MSG.widget.configUpdated, updateFailed: MSG.widget.configUpdateFailed }
});

/** The page of personalizacion/widget (screens.ts loads it). */
export function WidgetScreen() {
  return <RecordScreen descriptor={widgetDesignRecord} />;
}
