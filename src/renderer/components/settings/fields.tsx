import { Checkbox, Field, Select, Switch, Textarea, makeStyles, tokens, useId } from '@fluentui/react-components';
import { SETTINGS_TEXT } from './texts';

/** The form controls of the settings pages beside the app's TextField: each labelled, each with its Spanish message. */

export function TextAreaField({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  required = false,
  rows = 3,
  onBlur
}: {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error?: string;
  hint?: string;
  required?: boolean;
  rows?: number;
}) {
  return (
    <Field label={label} required={required} hint={hint} validationMessage={error} validationState={error ? 'error' : 'none'}>
      <Textarea name={name} value={value} rows={rows} resize="vertical" onChange={(_, d) => onChange(d.value)} onBlur={onBlur} />
    </Field>
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** A single choice; `placeholder` (first, empty value) when nothing is chosen yet. */
export function SelectField({
  label,
  name,
  value,
  options,
  onChange,
  error,
  hint,
  required = true,
  disabled,
  placeholder = SETTINGS_TEXT.choose
}: {
  label: string;
  name?: string;
  value: string;
  options: readonly Choice[];
  onChange(value: string): void;
  error?: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string | null;
}) {
  return (
    <Field label={label} required={required} hint={hint} validationMessage={error} validationState={error ? 'error' : 'none'}>
      <Select name={name} value={value} disabled={disabled} onChange={(_, d) => onChange(d.value)}>
        {placeholder === null ? null : <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** An on/off setting (a labelled switch). */
export function SwitchField({ label, checked, onChange, disabled }: { label: string; checked: boolean; onChange(checked: boolean): void; disabled?: boolean }) {
  return <Switch label={label} checked={checked} disabled={disabled} onChange={(_, d) => onChange(d.checked)} />;
}

const useStyles = makeStyles({
  group: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, border: 'none', margin: 0, padding: 0 },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalXS, fontWeight: tokens.fontWeightSemibold },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, marginTop: tokens.spacingVerticalXS }
});

/**
 * Several choices from a short list (working days, derivations): a fieldset of labelled
 * checkboxes. Not inside a Fluent Field: a Field gives its one id to every control it holds.
 */
export function CheckGroupField({
  label,
  options,
  value,
  onChange,
  error
}: {
  label: string;
  options: readonly { value: number; label: string }[];
  value: readonly number[];
  onChange(value: number[]): void;
  error?: string;
}) {
  const styles = useStyles();
  const errorId = useId('check-group-error');
  return (
    <div>
      <fieldset className={styles.group} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
        <legend className={styles.legend}>{label}</legend>
        {options.map((o) => (
          <Checkbox
            key={o.value}
            label={o.label}
            checked={value.includes(o.value)}
            onChange={(_, d) => onChange(d.checked ? [...value, o.value].sort((a, b) => a - b) : value.filter((v) => v !== o.value))}
          />
        ))}
      </fieldset>
      {error ? (
        <div id={errorId} className={styles.error}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
