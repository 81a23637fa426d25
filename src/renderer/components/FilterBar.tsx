import { useState } from 'react';
import { Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { MAX_SPAN_DAYS, type Attention } from '../../shared/domain/filter';
import { INTEGRATION_STATUSES } from '../../shared/domain/report';
import { INTEGRATION_STATUS_LABELS } from '../../shared/labels';
import type { LoadStatus } from '../app/load-state';
import { DateRangeFields } from './DateRangeFields';
import { rangeProblem } from './dates';
import { MultiSelect, type SelectOption } from './MultiSelect';
import { DATA_TEXT } from './texts';

export type Resolution = 'hour' | 'day' | 'week' | 'month';
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

/** The SPEC §3 filter as the pages hold it: dates as yyyy-MM-dd, lists as ids (empty: no restriction). */
export interface FilterValue {
  start: string;
  end: string;
  attention: Attention;
  resolution: Resolution;
  /** Roles 1 and 2 only: the organisation they look at (null: their own). */
  idOrg: number | null;
  idVa: number | null;
  channels: number[];
  splits: number[];
  agents: number[];
  intents: number[];
  causalesNegocio: number[];
  causalesFin: number[];
  causalesPasoAutomatico: number[];
  notifChannels: number[];
  /** Not-attended event ids (GET /api/notAttendedEvents). */
  events: number[];
  /** Locations, cascading: a department chosen belongs to a chosen regional, a city to a chosen department. */
  regionals: number[];
  departments: number[];
  cities: number[];
  integrationStatus: IntegrationStatus | null;
  integrationService: string;
  /** One conversation ('' : any). */
  idConv: string;
  /** The customer's document type (typeDocuments' nameTypeDocument; null: any). */
  idType: string | null;
}

export type ListKey =
  | 'channels'
  | 'splits'
  | 'agents'
  | 'intents'
  | 'causalesNegocio'
  | 'causalesFin'
  | 'causalesPasoAutomatico'
  | 'notifChannels'
  | 'events'
  | 'regionals'
  | 'departments'
  | 'cities';
export type SingleKey = 'idOrg' | 'idVa';
/** The free-text fields, applied on Enter or on leaving them. */
export type TextKey = 'integrationService' | 'idConv';

export interface OptionsState {
  options: readonly SelectOption[];
  status: LoadStatus;
  /** The SPEC §8 text when the options failed to load. */
  errorText: string;
}

/** One field of the bar. The lists bring their options (loaded by the page's feature). */
export type FilterField =
  | { kind: 'dates' }
  | { kind: 'attention' }
  | { kind: 'resolution' }
  | { kind: 'integrationStatus' }
  | { kind: 'integrationService' }
  | { kind: 'idConv' }
  | ({ kind: 'idType'; options: readonly string[] } & Omit<OptionsState, 'options'>)
  | ({ kind: 'single'; key: SingleKey; label: string; placeholder: string } & OptionsState)
  | ({
      kind: 'multi';
      key: ListKey;
      label: string;
      placeholder?: string;
      /** What else a change of this list changes (a location's choices below it that no longer belong). */
      cascade?: (next: FilterValue) => FilterValue;
    } & OptionsState);

export const ATTENTION_LABELS: Record<Attention, string> = { attended: 'Atendidos', notAttended: 'No atendidos' };
export const RESOLUTION_LABELS: Record<Resolution, string> = { hour: 'Hora', day: 'Día', week: 'Semana', month: 'Mes' };

export const FILTER_LABELS = {
  attention: 'Atención',
  resolution: 'Agrupar por',
  integrationStatus: 'Estado de la integración',
  integrationService: 'Servicio de integración',
  integrationServiceHint: 'Presione Enter para aplicar',
  idConv: 'Conversación',
  idConvHint: 'Identificador; presione Enter para aplicar',
  idType: 'Tipo de documento',
  anyDocument: 'Todos'
} as const;

/** What a text field takes (the server's own bounds: src/shared/domain/filter.ts). */
const TEXT_FIELDS: Record<TextKey, { label: string; hint: string; maxLength: number; valid(value: string): string | null }> = {
  integrationService: { label: FILTER_LABELS.integrationService, hint: FILTER_LABELS.integrationServiceHint, maxLength: 100, valid: () => null },
  idConv: {
    label: FILTER_LABELS.idConv,
    hint: FILTER_LABELS.idConvHint,
    maxLength: 100,
    valid: (value) => (value === '' || /^[A-Za-z0-9_-]+$/.test(value) ? null : 'El identificador de la conversación no es válido')
  }
};

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2
  },
  field: { minWidth: '170px', maxWidth: '260px', flex: '1 1 170px' }
});

function TextField({ field, value, onChange }: { field: TextKey; value: string; onChange(value: string): void }) {
  const styles = useStyles();
  const spec = TEXT_FIELDS[field];
  const [draft, setDraft] = useState(value);
  // A value given from outside (a reset filter) replaces what is typed.
  const [given, setGiven] = useState(value);
  if (given !== value) {
    setGiven(value);
    setDraft(value);
  }
  const problem = spec.valid(draft.trim());
  const apply = () => {
    const next = draft.trim();
    // An invalid value is not sent (the server would refuse the whole filter); the message says why.
    if (next !== value && spec.valid(next) === null) onChange(next);
  };
  return (
    <Field
      className={styles.field}
      label={spec.label}
      hint={problem ? undefined : spec.hint}
      validationMessage={problem ?? undefined}
      validationState={problem ? 'error' : 'none'}
    >
      <Input
        value={draft}
        maxLength={spec.maxLength}
        onChange={(_, d) => setDraft(d.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
      />
    </Field>
  );
}

export interface FilterBarProps {
  fields: readonly FilterField[];
  value: FilterValue;
  /** Called with the whole filter whenever one field changes to a valid value. */
  onChange(next: FilterValue): void;
  /**
   * Told what is wrong with the dates shown (an end before the start, a span over the limit…), or
   * null once they are the range in force: until then the page's figures are not the filter's.
   */
  onDatesProblem?(problem: string | null): void;
}

/**
 * The one filter bar of the analytics pages (SPEC §3 filter), configured per page with the fields
 * it uses. Every control is a labelled native or Fluent control, usable from the keyboard; a change
 * applies at once (dates once the range is valid, the service name on Enter or on leaving it).
 */
export function FilterBar({ fields, value, onChange, onDatesProblem }: FilterBarProps) {
  const styles = useStyles();
  const set = <K extends keyof FilterValue>(key: K, next: FilterValue[K]) => onChange({ ...value, [key]: next });
  // The server bounds the span per resolution (day when the page sends none).
  const resolution = fields.some((f) => f.kind === 'resolution') ? value.resolution : 'day';

  return (
    <section className={styles.bar} aria-label={DATA_TEXT.filters}>
      {fields.map((field) => {
        switch (field.kind) {
          case 'dates':
            return (
              <DateRangeFields
                key="dates"
                start={value.start}
                end={value.end}
                resolution={resolution}
                onChange={(range) => onChange({ ...value, ...range })}
                onProblem={onDatesProblem}
              />
            );
          case 'attention':
            return (
              <Field key="attention" className={styles.field} label={FILTER_LABELS.attention}>
                <Select value={value.attention} onChange={(_, d) => set('attention', d.value === 'notAttended' ? 'notAttended' : 'attended')}>
                  {(Object.keys(ATTENTION_LABELS) as Attention[]).map((a) => (
                    <option key={a} value={a}>
                      {ATTENTION_LABELS[a]}
                    </option>
                  ))}
                </Select>
              </Field>
            );
          case 'resolution':
            return (
              <Field key="resolution" className={styles.field} label={FILTER_LABELS.resolution}>
                <Select
                  value={value.resolution}
                  onChange={(_, d) => {
                    const next = (Object.keys(RESOLUTION_LABELS) as Resolution[]).find((r) => r === d.value);
                    if (next) set('resolution', next);
                  }}
                >
                  {(Object.keys(RESOLUTION_LABELS) as Resolution[]).map((r) => {
                    // A resolution the range in force is too long for cannot be chosen (the server would refuse the filter).
                    const tooLong = r !== value.resolution && Object.keys(rangeProblem(value, r)).length > 0;
                    return (
                      <option key={r} value={r} disabled={tooLong}>
                        {tooLong ? DATA_TEXT.resolutionUpTo(RESOLUTION_LABELS[r], MAX_SPAN_DAYS[r]) : RESOLUTION_LABELS[r]}
                      </option>
                    );
                  })}
                </Select>
              </Field>
            );
          case 'integrationStatus':
            return (
              <Field key="integrationStatus" className={styles.field} label={FILTER_LABELS.integrationStatus}>
                <Select
                  value={value.integrationStatus ?? ''}
                  onChange={(_, d) => set('integrationStatus', d.value === 'success' || d.value === 'failed' ? d.value : null)}
                >
                  <option value="">{DATA_TEXT.allFemale}</option>
                  {INTEGRATION_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {INTEGRATION_STATUS_LABELS[s]}
                    </option>
                  ))}
                </Select>
              </Field>
            );
          case 'integrationService':
          case 'idConv':
            return <TextField key={field.kind} field={field.kind} value={value[field.kind]} onChange={(next) => set(field.kind, next)} />;
          case 'idType': {
            const failed = field.status === 'rejected';
            return (
              <Field
                key="idType"
                className={styles.field}
                label={FILTER_LABELS.idType}
                validationMessage={failed ? field.errorText : undefined}
                validationState={failed ? 'error' : 'none'}
              >
                <Select value={value.idType ?? ''} onChange={(_, d) => set('idType', d.value === '' ? null : d.value)}>
                  <option value="">{field.status === 'pending' ? DATA_TEXT.loading : FILTER_LABELS.anyDocument}</option>
                  {field.options.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </Select>
              </Field>
            );
          }
          case 'single': {
            const failed = field.status === 'rejected';
            const current = value[field.key];
            return (
              <Field
                key={field.key}
                className={styles.field}
                label={field.label}
                validationMessage={failed ? field.errorText : undefined}
                validationState={failed ? 'error' : 'none'}
              >
                <Select
                  value={current === null ? '' : String(current)}
                  onChange={(_, d) => {
                    const id = Number(d.value);
                    set(field.key, d.value !== '' && Number.isSafeInteger(id) && id > 0 ? id : null);
                  }}
                >
                  <option value="">{field.status === 'pending' ? DATA_TEXT.loading : field.placeholder}</option>
                  {field.options.map((o) => (
                    <option key={o.value} value={String(o.value)}>
                      {o.label}
                    </option>
                  ))}
                </Select>
              </Field>
            );
          }
          case 'multi':
            return (
              <div key={field.key} className={styles.field}>
                <MultiSelect
                  label={field.label}
                  options={field.options}
                  value={value[field.key]}
                  onChange={(ids) => {
                    const next = { ...value, [field.key]: ids };
                    onChange(field.cascade ? field.cascade(next) : next);
                  }}
                  status={field.status}
                  errorText={field.errorText}
                  placeholder={field.placeholder}
                />
              </div>
            );
        }
      })}
    </section>
  );
}
