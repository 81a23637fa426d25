import { ENTRY_FIELD_TYPES, EntryFieldInput, formProblem, PATTERN_FIELD_TYPES, type EntryFormField } from '../../../../shared/domain/entry-form';
import type { IpcError } from '../../../../shared/ipc';
import { FormDialog } from '../../../components/settings/FormDialog';
import { SelectField, SwitchField, TextAreaField } from '../../../components/settings/fields';
import { checkWith, linesFrom } from '../../../components/settings/form';
import { useSettingsForm } from '../../../components/settings/use-settings-form';
import { TextField } from '../../../components/TextField';
import { ENTRY_FORM_TEXT as T } from './entry-form-texts';

export interface FieldValues {
  label: string;
  fieldType: string;
  required: boolean;
  active: boolean;
  pattern: string;
  options: string;
  consentText: string;
}

/** The body field a stored field is sent back as (its idField kept). */
export function asInput(f: EntryFormField): EntryFieldInput {
  return { idField: f.idField, label: f.label, fieldType: f.fieldType, required: f.required, active: f.active, options: f.options, pattern: f.pattern, consentText: f.consentText };
}

function valuesOf(field: EntryFormField | null): FieldValues {
  return field
    ? { label: field.label, fieldType: field.fieldType, required: field.required, active: field.active, pattern: field.pattern ?? '', options: field.options.join('\n'), consentText: field.consentText ?? '' }
    : { label: '', fieldType: 'text', required: false, active: true, pattern: '', options: '', consentText: '' };
}

function bodyOf(v: FieldValues, idField: number | undefined) {
  return {
    ...(idField === undefined ? {} : { idField }),
    label: v.label,
    fieldType: v.fieldType,
    required: v.required,
    active: v.active,
    options: v.fieldType === 'select' ? linesFrom(v.options) : [],
    pattern: PATTERN_FIELD_TYPES.includes(v.fieldType) && v.pattern.trim() !== '' ? v.pattern : null,
    consentText: v.fieldType === 'consent' ? v.consentText : null
  };
}

/**
 * Adds or edits one field: checked in Spanish with the catalogue's schema and the form's rules
 * (a label taken, a second consent or city) before anything is sent; `save` sends the whole list
 * and answers the platform's refusal, which keeps the dialog open with the input.
 */
export function EntryFieldDialog({
  editing,
  fields,
  save,
  onClose
}: {
  editing: EntryFormField | null;
  fields: readonly EntryFormField[];
  save(list: EntryFieldInput[]): Promise<IpcError | null>;
  onClose(): void;
}) {
  const form = useSettingsForm<FieldValues>(() => valuesOf(editing));
  const v = form.values;
  const others = fields.filter((f) => f.idField !== editing?.idField);
  const check = () => checkWith(EntryFieldInput, bodyOf(v, editing?.idField));
  const extra = (): Record<string, string> => {
    const problem = formProblem([...others.map(asInput), bodyOf(v, editing?.idField)]);
    if (!problem) return {};
    return { [problem.includes('etiqueta') ? 'label' : 'fieldType']: problem };
  };

  async function submit(): Promise<boolean> {
    const data = form.accept(check(), extra());
    if (!data) return false;
    const list = editing ? fields.map((f) => (f.idField === editing.idField ? data : asInput(f))) : [...fields.map(asInput), data];
    const refusal = await save(list);
    if (refusal) {
      form.refused(refusal, { name: 'label' });
      return false;
    }
    return true;
  }

  return (
    <FormDialog title={editing ? T.editTitle : T.createTitle} dirty={form.dirty} formError={form.formError} onSubmit={submit} onClose={onClose} onBlurField={(name) => form.blurred(name, check(), extra())}>
      <TextField label={T.label} name="label" value={v.label} onChange={(label) => form.set('label', label)} error={form.error('label')} />
      <SelectField
        label={T.type}
        name="fieldType"
        placeholder={null}
        value={v.fieldType}
        options={ENTRY_FIELD_TYPES.map((t) => ({ value: t, label: T.types[t] }))}
        onChange={(fieldType) => form.set('fieldType', fieldType)}
        error={form.error('fieldType')}
      />
      {PATTERN_FIELD_TYPES.includes(v.fieldType) ? (
        <TextField label={T.pattern} name="pattern" required={false} hint={T.patternHint} value={v.pattern} onChange={(pattern) => form.set('pattern', pattern)} error={form.error('pattern')} />
      ) : null}
      {v.fieldType === 'select' ? <TextAreaField label={T.options} name="options" required value={v.options} onChange={(options) => form.set('options', options)} error={form.error('options')} rows={4} /> : null}
      {v.fieldType === 'consent' ? (
        <TextAreaField label={T.consentText} name="consentText" required hint={T.consentHint} value={v.consentText} onChange={(consentText) => form.set('consentText', consentText)} error={form.error('consentText')} rows={5} />
      ) : null}
      <SwitchField label={T.required} checked={v.required} onChange={(required) => form.set('required', required)} />
      <SwitchField label={T.active} checked={v.active} onChange={(active) => form.set('active', active)} />
    </FormDialog>
  );
}
