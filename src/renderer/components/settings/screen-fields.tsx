import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { TextField } from '../TextField';
import type { Load } from '../use-load';
import { CheckGroupField, SelectField, SwitchField, TextAreaField, type Choice } from './fields';
import type { SettingsForm } from './use-settings-form';

/** The names of a form's fields whose values have type `T`. */
type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

/**
 * One field of a screen's form, described: the kit draws it with the app's controls, its label,
 * its hint and the Spanish message under it. `custom` draws its own JSX with the form in hand and
 * the screen's lookup (the lists its form offers, loaded with the screen: `lookup` of the descriptor).
 * `wide`: across the whole row of a form laid out in columns (a record on its page).
 */
export type FieldSpec<V, L = unknown> =
  | { kind: 'text'; name: KeysOf<V, string>; label: string; hint?: string; type?: 'text' | 'time' | 'email' | 'tel' | 'password'; autoComplete?: string; required?: boolean; wide?: boolean }
  | { kind: 'textarea'; name: KeysOf<V, string>; label: string; hint?: string; rows?: number; required?: boolean; wide?: boolean }
  | { kind: 'select'; name: KeysOf<V, string>; label: string; options: readonly Choice[]; hint?: string; wide?: boolean }
  | { kind: 'switch'; name: KeysOf<V, boolean>; label: string; wide?: boolean }
  | { kind: 'checks'; name: KeysOf<V, number[]>; label: string; options: readonly { value: number; label: string }[]; wide?: boolean }
  | { kind: 'custom'; label: string; /** The value it edits, when it edits one (the generated tests type into it by this name). */ name?: keyof V & string; render(form: SettingsForm<V>, lookup: Load<L>): ReactNode; wide?: boolean };

/** A row of a form: one field, or several side by side (each keeps its height when its neighbour shows a message). */
export type FieldRow<V, L = unknown> = FieldSpec<V, L> | readonly FieldSpec<V, L>[];

const useStyles = makeStyles({
  pair: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))', gap: tokens.spacingHorizontalM, alignItems: 'start' },
  wide: { gridColumn: '1 / -1' }
});

/** Every field of a described form, in order: `fields` and their rows. */
export function fieldsOf<V, L>(rows: readonly FieldRow<V, L>[]): FieldSpec<V, L>[] {
  return rows.flatMap((row): FieldSpec<V, L>[] => (isRow(row) ? [...row] : [row]));
}

function isRow<V, L>(row: FieldRow<V, L>): row is readonly FieldSpec<V, L>[] {
  return Array.isArray(row);
}

/** The described fields of a form, drawn with the form's values and messages. */
export function ScreenFields<V extends object, L>({ rows, form, lookup }: { rows: readonly FieldRow<V, L>[]; form: SettingsForm<V>; lookup: Load<L> }) {
  const styles = useStyles();
  return (
    <>
      {rows.map((row, i) =>
        isRow(row) ? (
          <div key={i} className={styles.pair}>
            {row.map((field, j) => (
              <ScreenField key={j} field={field} form={form} lookup={lookup} />
            ))}
          </div>
        ) : (
          <div key={i} className={row.wide ? styles.wide : undefined}>
            <ScreenField field={row} form={form} lookup={lookup} />
          </div>
        )
      )}
    </>
  );
}

function ScreenField<V extends object, L>({ field, form, lookup }: { field: FieldSpec<V, L>; form: SettingsForm<V>; lookup: Load<L> }) {
  const { values } = form;
  // Each kind's name only admits fields of its value's type (KeysOf), so the reads below are typed by the spec.
  const text = (name: KeysOf<V, string>) => values[name] as string;
  const put = (name: keyof V & string, value: unknown) => form.change({ [name]: value } as Partial<V>);
  switch (field.kind) {
    case 'text':
      return (
        <TextField
          label={field.label}
          name={field.name}
          type={field.type}
          autoComplete={field.autoComplete}
          hint={field.hint}
          required={field.required}
          value={text(field.name)}
          onChange={(v) => put(field.name, v)}
          error={form.error(field.name)}
        />
      );
    case 'textarea':
      return (
        <TextAreaField
          label={field.label}
          name={field.name}
          hint={field.hint}
          rows={field.rows}
          required={field.required}
          value={text(field.name)}
          onChange={(v) => put(field.name, v)}
          error={form.error(field.name)}
        />
      );
    case 'select':
      return <SelectField label={field.label} name={field.name} hint={field.hint} value={text(field.name)} options={field.options} onChange={(v) => put(field.name, v)} error={form.error(field.name)} />;
    case 'switch':
      return <SwitchField label={field.label} checked={values[field.name] as boolean} onChange={(v) => put(field.name, v)} />;
    case 'checks':
      return <CheckGroupField label={field.label} options={field.options} value={values[field.name] as number[]} onChange={(v) => put(field.name, v)} error={form.error(field.name)} />;
    case 'custom':
      return field.render(form, lookup);
  }
}
