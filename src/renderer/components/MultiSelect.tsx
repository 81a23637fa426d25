import { Dropdown, Field, Option, makeStyles } from '@fluentui/react-components';
import type { LoadStatus } from '../app/load-state';
import { DATA_TEXT } from './texts';

const ALL = '*';

const useStyles = makeStyles({
  // Fluent's Dropdown asks for 250 px; in the filter bar it takes its field's width.
  dropdown: { minWidth: 0, width: '100%' },
  button: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }
});

export interface SelectOption {
  value: number;
  label: string;
}

export interface MultiSelectProps {
  label: string;
  options: readonly SelectOption[];
  /** The chosen ids; none means no restriction (the placeholder says 'Todos'). */
  value: readonly number[];
  onChange(ids: number[]): void;
  /** How the options load: 'Cargando…' while pending, `errorText` after a failure. */
  status?: LoadStatus;
  errorText?: string;
  /** What an empty choice means; 'Todos' by default. */
  placeholder?: string;
}

/**
 * A labelled multiple choice (Fluent's Dropdown: arrow keys move, Space/Enter toggles, Escape
 * closes, typing jumps to an option), with the Spanish library labels of SPEC §9. Its first option
 * is the placeholder ('Todos'), which clears the choice. The button shows the chosen names.
 */
export function MultiSelect({ label, options, value, onChange, status = 'resolved', errorText, placeholder = DATA_TEXT.all }: MultiSelectProps) {
  const styles = useStyles();
  const chosen = options.filter((o) => value.includes(o.value));
  const text = chosen.map((o) => o.label).join(', ');
  const failed = status === 'rejected';
  const loading = status === 'pending' || status === 'idle';
  return (
    <Field label={label} validationMessage={failed ? errorText : undefined} validationState={failed ? 'error' : 'none'}>
      <Dropdown
        className={styles.dropdown}
        button={{ className: styles.button }}
        multiselect
        placeholder={placeholder}
        value={text}
        selectedOptions={value.length === 0 ? [ALL] : value.map(String)}
        onOptionSelect={(_, data) => {
          // The first option, the placeholder ('Todos'), clears the choice; choosing anything else unchecks it.
          if (data.optionValue === ALL) return onChange([]);
          onChange(data.selectedOptions.filter((v) => v !== ALL).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0));
        }}
      >
        <Option value={ALL} text={placeholder}>
          {placeholder}
        </Option>
        {loading ? (
          <Option value="" disabled>
            {DATA_TEXT.loading}
          </Option>
        ) : options.length === 0 ? (
          <Option value="" disabled>
            {DATA_TEXT.noOptions}
          </Option>
        ) : (
          options.map((o) => (
            <Option key={o.value} value={String(o.value)}>
              {o.label}
            </Option>
          ))
        )}
      </Dropdown>
    </Field>
  );
}
