import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { WidgetConfig } from '../shared/realtime';
import type { PrefillFields } from '../shared/widget-embed-messages';
import { consentAnswer } from '../shared/domain/entry-values';
import { placeOf } from './entry-cities';
import { checkEntryForm, type EntryField } from './entry-validation';
import { resolvePrefill } from './prefill';
import { WIDGET_TEXTS as T } from './texts';

interface Props {
  config: WidgetConfig;
  starting: boolean;
  error: string | null;
  /** Focus the first control when shown (after 'Iniciar un nuevo chat'). */
  focusFirst: boolean;
  /** Issue 40: answers the host page handed in (Atiende.prefill); a new version fills them again. */
  prefill?: { fields: PrefillFields; version: number } | null;
  onStart: (answers: Record<string, string>) => void;
}

const fieldId = (field: EntryField) => `field-${field.idField}`;

/** Region → department → city: three lists, the city's id is the answer. */
function CityControl({ field, regions, value, problem, onChange }: { field: EntryField; regions: WidgetConfig['regions']; value: string; problem: string | undefined; onChange: (value: string) => void }) {
  const id = fieldId(field);
  const place = value ? placeOf(regions, Number(value)) : null;
  const [region, setRegion] = useState<number | null>(place?.region ?? null);
  const [department, setDepartment] = useState<number | null>(place?.department ?? null);
  const departments = regions.find((r) => r.id === region)?.departments ?? [];
  const cities = departments.find((d) => d.id === department)?.cities ?? [];
  const aria = { 'aria-describedby': `${id}-error`, 'aria-invalid': problem ? true : undefined, 'aria-required': field.required ? true : undefined };
  return (
    <div className="city-choice">
      <label htmlFor={`${id}-region`}>{T.region}</label>
      <select id={`${id}-region`} data-testid={`entry-field-${field.idField}-region`} {...aria} value={region ?? ''} onChange={(e) => { setRegion(e.target.value ? Number(e.target.value) : null); setDepartment(null); onChange(''); }}>
        <option value="">{T.selectPlaceholder}</option>
        {regions.map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
      </select>
      <label htmlFor={`${id}-department`}>{T.department}</label>
      <select id={`${id}-department`} data-testid={`entry-field-${field.idField}-department`} {...aria} disabled={region === null} value={department ?? ''} onChange={(e) => { setDepartment(e.target.value ? Number(e.target.value) : null); onChange(''); }}>
        <option value="">{T.selectPlaceholder}</option>
        {departments.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
      </select>
      <label htmlFor={id}>{T.city}</label>
      <select id={id} name={`f${field.idField}`} data-testid={`entry-field-${field.idField}`} data-field-type="city" {...aria} disabled={department === null} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{T.selectPlaceholder}</option>
        {cities.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
      </select>
    </div>
  );
}

function FieldControl({ field, value, problem, onChange }: { field: EntryField; value: string; problem: string | undefined; onChange: (value: string) => void }) {
  const id = fieldId(field);
  const common = {
    id,
    name: `f${field.idField}`,
    'data-testid': `entry-field-${field.idField}`,
    'data-field-type': field.fieldType,
    'aria-describedby': `${id}-error`,
    'aria-invalid': problem ? true : undefined,
    'aria-required': field.required ? true : undefined,
    required: field.required,
    value
  };
  if (field.fieldType === 'consent') {
    const { value: _v, required: _r, ...rest } = common;
    return (
      <input
        {...rest}
        type="checkbox"
        aria-describedby={`${id}-text ${id}-error`}
        checked={field.consentVersion !== null && value === consentAnswer(field.consentVersion)}
        onChange={(e) => onChange(e.target.checked && field.consentVersion !== null ? consentAnswer(field.consentVersion) : '')}
      />
    );
  }
  if (field.fieldType === 'select') {
    return (
      <select {...common} onChange={(e) => onChange(e.target.value)}>
        <option value="">{T.selectPlaceholder}</option>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }
  const type = field.fieldType === 'email' ? 'email' : field.fieldType === 'phone' ? 'tel' : 'text';
  const autoComplete = field.fieldType === 'email' ? 'email' : field.fieldType === 'phone' ? 'tel' : field.fieldType === 'text' && /nombre/i.test(field.label) ? 'name' : undefined;
  const inputMode = field.fieldType === 'phone' ? 'tel' : field.fieldType === 'number' ? 'numeric' : undefined;
  return <input {...common} type={type} autoComplete={autoComplete} inputMode={inputMode} onChange={(e) => onChange(e.target.value)} />;
}

/** The entry form of the virtual agent (its active fields by position), checked in Spanish before the chat starts. */
export function EntryForm({ config, starting, error, focusFirst, prefill = null, onStart }: Props) {
  const [values, setValues] = useState<Record<number, string>>({});
  const [problems, setProblems] = useState<Record<number, string>>({});
  const formRef = useRef<HTMLFormElement>(null);

  // The host page's answers go in as if typed, and are checked as typed ones are on submit: a problem
  // shows at once. Applied while rendering, once per prefill version (React's way to follow a prop).
  const [appliedPrefill, setAppliedPrefill] = useState(0);
  if (prefill && prefill.version !== appliedPrefill) {
    setAppliedPrefill(prefill.version);
    const given = resolvePrefill(config.entryForm, prefill.fields);
    const ids = Object.keys(given).map(Number);
    if (ids.length > 0) {
      setValues({ ...values, ...given });
      // Each field's check reads only its own answer: the given ones alone say which of them fail.
      const checked = checkEntryForm(config, given);
      const kept = Object.fromEntries(Object.entries(problems).filter(([id]) => !ids.includes(Number(id))));
      setProblems(checked.ok ? kept : { ...kept, ...Object.fromEntries(ids.flatMap((id) => (checked.problems[id] ? [[id, checked.problems[id]]] : []))) });
    }
  }

  useEffect(() => {
    if (focusFirst) formRef.current?.querySelector<HTMLElement>('input, select, button')?.focus();
  }, [focusFirst]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkEntryForm(config, values);
    if (!checked.ok) {
      setProblems(checked.problems);
      const first = config.entryForm.find((f) => checked.problems[f.idField]);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setProblems({});
    onStart(checked.answers);
  }

  return (
    <section className="view entry" id="entry-view" aria-labelledby="entry-title">
      <h2 id="entry-title">{T.entryTitle}</h2>
      <p>{T.entryIntro}</p>
      <form id="entry-form" ref={formRef} noValidate onSubmit={submit}>
        <div id="entry-fields">
          {config.entryForm.length === 0 && <p>{T.entryNoFields}</p>}
          {config.entryForm.map((field) => {
            const id = fieldId(field);
            return (
              <div className={field.fieldType === 'consent' ? 'field consent' : 'field'} key={field.idField}>
                {field.fieldType === 'consent' && (
                  <p id={`${id}-text`} className="consent-text">
                    {field.consentText}
                  </p>
                )}
                {field.fieldType === 'consent' && <FieldControl field={field} value={values[field.idField] ?? ''} problem={problems[field.idField]} onChange={(value) => setValues((v) => ({ ...v, [field.idField]: value }))} />}
                <label htmlFor={field.fieldType === 'city' ? `${id}-region` : id}>
                  {field.label}
                  {field.required && (
                    <>
                      <span className="required" aria-hidden="true">
                        {' *'}
                      </span>
                      <span className="sr-only"> {T.requiredMark}</span>
                    </>
                  )}
                </label>
                {field.fieldType === 'city' ? (
                  <CityControl key={`${field.idField}-${prefill?.version ?? 0}`} field={field} regions={config.regions} value={values[field.idField] ?? ''} problem={problems[field.idField]} onChange={(value) => setValues((v) => ({ ...v, [field.idField]: value }))} />
                ) : field.fieldType !== 'consent' ? (
                  <FieldControl field={field} value={values[field.idField] ?? ''} problem={problems[field.idField]} onChange={(value) => setValues((v) => ({ ...v, [field.idField]: value }))} />
                ) : null}
                <span id={`${id}-error`} className="field-error" data-testid={`field-error-${field.idField}`}>
                  {problems[field.idField] ?? ''}
                </span>
              </div>
            );
          })}
        </div>
        {error && (
          <p className="error" id="entry-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" id="entry-submit" disabled={starting}>
          {starting ? T.starting : T.startButton}
        </button>
      </form>
    </section>
  );
}
