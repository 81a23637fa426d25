import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { checkContrast, nearestPassingShade } from '../../../../../shared/color';
import type { SettingsForm } from '../../../../components/settings/use-settings-form';
import { WIDGET_TEXT as T } from '../texts';
import type { ColourField as Name, WidgetValues } from './values';

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** '#abc' → '#aabbcc', which the native colour input needs. */
const sixDigits = (hex: string) => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex).toLowerCase();

const useStyles = makeStyles({
  // The shade button wraps below the field where the column is too narrow for it, never over the next column.
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  swatch: { width: '40px', height: '32px', padding: 0, border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium, background: 'none', cursor: 'pointer' },
  hex: { flexGrow: 1, flexBasis: '120px', minWidth: 0 },
  ratio: { color: tokens.colorNeutralForeground2 }
});

/**
 * One colour of the widget: the native picker and the hex text (keyboard: both are inputs), with
 * the catalogue schema's message under it. On a text (or the footer's icons) it also shows the
 * contrast on its background, live, and — while it fails WCAG AA — offers the nearest passing shade.
 */
export function ColourField({ form, name, label, background, use }: { form: SettingsForm<WidgetValues>; name: Name; label: string; background?: Name; use?: 'text' | 'ui' }) {
  const styles = useStyles();
  const value = form.values[name];
  const bg = background ? form.values[background].trim() : null;
  const check = bg && HEX.test(bg) && HEX.test(value.trim()) ? { ...checkContrast({ background: bg, color: value.trim() }, use), shade: '' } : null;
  if (check && !check.passes && bg) check.shade = nearestPassingShade({ background: bg, color: value.trim() }, use);
  const error = form.error(name);
  return (
    <Field label={label} validationMessage={error} validationState={error ? 'error' : 'none'} hint={check ? T.ratio(check.ratio, check.minimum) : undefined}>
      {(props) => (
        <div className={styles.row}>
          <input
            type="color"
            className={styles.swatch}
            aria-label={T.picker(label)}
            value={HEX.test(value.trim()) ? sixDigits(value.trim()) : '#000000'}
            onChange={(e) => form.set(name, e.target.value)}
          />
          <Input {...props} className={styles.hex} name={name} value={value} onChange={(_, d) => form.set(name, d.value)} />
          {check && !check.passes ? (
            <Button size="small" onClick={() => form.set(name, check.shade)}>
              {T.applyShade(check.shade)}
            </Button>
          ) : null}
        </div>
      )}
    </Field>
  );
}
