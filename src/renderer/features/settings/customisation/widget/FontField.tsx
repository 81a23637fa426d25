import { Body1, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { MSG } from '../../../../../shared/messages';
import { SelectField } from '../../../../components/settings/fields';
import type { SettingsForm } from '../../../../components/settings/use-settings-form';
import type { Load } from '../../../../components/use-load';
import { WIDGET_TEXT as T } from '../texts';
import type { WidgetLookup } from './lookup';
import type { WidgetValues } from './values';

/** The font family (the platform's web-fonts list), its category with it. */
export function FontFamilyField({ form, lookup }: { form: SettingsForm<WidgetValues>; lookup: Load<WidgetLookup> }) {
  const fonts = lookup.data?.fonts;
  if (lookup.status === 'resolved' && !fonts) {
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{MSG.dashboard.fontsLoadFailed}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!fonts) return <Body1>{T.fontsLoading}</Body1>;
  const family = form.values.fontFamily;
  // A family saved before the list changed still shows, so the form never silently changes it.
  const options = fonts.some((f) => f.family === family) ? fonts : [...fonts, { family, category: form.values.fontCategory, variants: [form.values.fontVariant] }];
  return (
    <SelectField
      label={T.fontFamily}
      name="fontFamily"
      value={family}
      placeholder={null}
      options={options.map((f) => ({ value: f.family, label: f.family }))}
      error={form.error('fontFamily')}
      onChange={(value) => {
        const font = fonts.find((f) => f.family === value);
        if (!font) return;
        form.change({ fontFamily: font.family, fontCategory: font.category, fontVariant: font.variants.includes(form.values.fontVariant) ? form.values.fontVariant : (font.variants[0] ?? 'regular') });
      }}
    />
  );
}

/** The chosen family's variants. */
export function FontVariantField({ form, lookup }: { form: SettingsForm<WidgetValues>; lookup: Load<WidgetLookup> }) {
  const variants = lookup.data?.fonts?.find((f) => f.family === form.values.fontFamily)?.variants ?? [form.values.fontVariant];
  return (
    <SelectField
      label={T.fontVariant}
      name="fontVariant"
      value={form.values.fontVariant}
      placeholder={null}
      options={variants.map((v) => ({ value: v, label: v }))}
      error={form.error('fontVariant')}
      onChange={(value) => form.set('fontVariant', value)}
    />
  );
}
