import { useEffect, useMemo, useRef, useState } from 'react';
import { Field, Select, makeStyles } from '@fluentui/react-components';
import { DatePicker, type DatePickerErrorType } from '@fluentui/react-datepicker-compat';
import { DayOfWeek } from '@fluentui/react-calendar-compat';
import { FIRST_DAY, LAST_DAY } from '../../shared/domain/fields';
import type { RESOLUTIONS } from '../../shared/domain/filter';
import { today } from '../../shared/format';
import {
  CALENDAR_FORMATTING,
  CALENDAR_STRINGS,
  PRESET_LABELS,
  dateOf,
  dayOf,
  formatDay,
  formatPickerDate,
  parsePickerDate,
  presetOf,
  presetRange,
  rangeProblem,
  type DayRange,
  type PresetId
} from './dates';
import { DATA_TEXT } from './texts';

const useStyles = makeStyles({
  field: { minWidth: '170px', maxWidth: '260px', flex: '1 1 170px' },
  picker: { width: '100%', minWidth: 0 }
});

const MIN_DATE = dateOf(FIRST_DAY) ?? undefined;
const MAX_DATE = dateOf(LAST_DAY) ?? undefined;

type End = 'start' | 'end';

function pickerError(error: DatePickerErrorType, end: End): string {
  switch (error) {
    case 'invalid-input':
      return DATA_TEXT.invalidDate;
    case 'out-of-bounds':
      return DATA_TEXT.dateOutOfWindow(formatDay(FIRST_DAY), formatDay(LAST_DAY));
    case 'required-input':
      return end === 'start' ? DATA_TEXT.startRequired : DATA_TEXT.endRequired;
  }
}

export interface DateRangeFieldsProps {
  start: string;
  end: string;
  /** The resolution the range is checked against: the server bounds the span per resolution. */
  resolution: (typeof RESOLUTIONS)[number];
  /** Called with a range the server's filter accepts; a range it refuses stays in the fields with its message. */
  onChange(range: DayRange): void;
  /** Told, whenever it changes, what is wrong with what the fields show (null: nothing; they show the range in force). */
  onProblem?(problem: string | null): void;
}

/**
 * The filter's dates: a period (Hoy, Ayer, Últimos 7 días…) beside two date pickers that show and
 * take DD/MM/YYYY whatever the system's locale (typing works as well as the calendar). Each edit is
 * kept as made; the range goes out once the server's filter rules accept it (both days real and in
 * its window, the end not before the start, the span within the resolution's limit).
 */
export function DateRangeFields({ start, end, resolution, onChange, onProblem }: DateRangeFieldsProps) {
  const styles = useStyles();
  const [draft, setDraft] = useState<DayRange>({ start, end });
  // A range given from outside (a period, a reset filter) replaces what the fields hold.
  const [given, setGiven] = useState<DayRange>({ start, end });
  if (given.start !== start || given.end !== end) {
    setGiven({ start, end });
    setDraft({ start, end });
  }
  // What a picker refused (a text that is no date, a day outside the window, an emptied field).
  const [refused, setRefused] = useState<Record<End, string | null>>({ start: null, end: null });
  // A period chosen remounts the pickers, so a text they refused gives way to the period's days.
  const [generation, setGeneration] = useState(0);

  const day = today();
  const problem = useMemo(() => rangeProblem(draft, resolution), [draft, resolution]);
  const messages: Record<End, string | null> = {
    start: refused.start ?? problem.start ?? null,
    end: refused.end ?? problem.end ?? null
  };
  const firstMessage = messages.start ?? messages.end;
  useEffect(() => onProblem?.(firstMessage), [firstMessage, onProblem]);

  // A resolution chosen since may accept the range the fields hold (a long range once grouped by week): it goes out then.
  const checkedFor = useRef(resolution);
  useEffect(() => {
    if (checkedFor.current === resolution) return;
    checkedFor.current = resolution;
    if (!problem.start && !problem.end && (draft.start !== start || draft.end !== end)) onChange(draft);
  });

  function edit(next: DayRange) {
    setDraft(next);
    const nextProblem = rangeProblem(next, resolution);
    if (!nextProblem.start && !nextProblem.end && (next.start !== start || next.end !== end)) onChange(next);
  }

  const preset = presetOf(draft, day);
  const values = useMemo(() => ({ start: dateOf(draft.start), end: dateOf(draft.end) }), [draft.start, draft.end]);
  const todayDate = useMemo(() => dateOf(day) ?? undefined, [day]);

  const picker = (which: End) => (
    <Field
      className={styles.field}
      label={which === 'start' ? DATA_TEXT.startDate : DATA_TEXT.endDate}
      required
      validationMessage={messages[which] ?? undefined}
    >
      <DatePicker
        key={`${which}-${generation}`}
        className={styles.picker}
        value={values[which]}
        allowTextInput
        formatDate={formatPickerDate}
        parseDateFromString={parsePickerDate}
        placeholder={DATA_TEXT.datePlaceholder}
        firstDayOfWeek={DayOfWeek.Monday}
        strings={CALENDAR_STRINGS}
        dateTimeFormatter={CALENDAR_FORMATTING}
        minDate={MIN_DATE}
        maxDate={MAX_DATE}
        today={todayDate}
        showGoToToday
        popupSurface={{ 'aria-label': which === 'start' ? DATA_TEXT.startCalendar : DATA_TEXT.endCalendar }}
        onSelectDate={(date) => {
          if (!date) return;
          setRefused((r) => ({ ...r, [which]: null }));
          edit({ ...draft, [which]: dayOf(date) });
        }}
        onValidationResult={({ error }) => setRefused((r) => ({ ...r, [which]: error ? pickerError(error, which) : null }))}
      />
    </Field>
  );

  return (
    <>
      <Field className={styles.field} label={DATA_TEXT.period}>
        <Select
          value={preset ?? ''}
          onChange={(_, d) => {
            const id = (Object.keys(PRESET_LABELS) as PresetId[]).find((p) => p === d.value);
            if (!id) return;
            setRefused({ start: null, end: null });
            setGeneration((g) => g + 1);
            edit(presetRange(id, day));
          }}
        >
          <option value="" disabled>
            {DATA_TEXT.customPeriod}
          </option>
          {(Object.keys(PRESET_LABELS) as PresetId[]).map((id) => (
            <option key={id} value={id}>
              {PRESET_LABELS[id]}
            </option>
          ))}
        </Select>
      </Field>
      {picker('start')}
      {picker('end')}
    </>
  );
}
