import { useState, type FormEvent } from 'react';
import { Button, Field, SearchBox, makeStyles, tokens } from '@fluentui/react-components';
import { SETTINGS_TEXT } from './texts';

const useStyles = makeStyles({
  field: { maxWidth: '460px' },
  // The box and its button on one line, the hint under both.
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  box: { minWidth: '240px', flexGrow: 1 }
});

/**
 * A list's search: what is typed goes to the platform on Enter or 'Buscar' (one request per search,
 * not per key); emptying the box shows the whole list again.
 */
export function SearchField({ label, hint, onSearch }: { label: string; hint?: string; onSearch(text: string): void }) {
  const styles = useStyles();
  const [text, setText] = useState('');

  function submit(e: FormEvent) {
    e.preventDefault();
    onSearch(text.trim());
  }

  return (
    <form role="search" aria-label={label} onSubmit={submit}>
      <Field className={styles.field} label={label} hint={hint}>
        {(control) => (
          <div className={styles.row}>
            <SearchBox
              {...control}
              className={styles.box}
              value={text}
              onChange={(_, d) => {
                setText(d.value);
                if (d.value === '') onSearch('');
              }}
            />
            <Button type="submit">{SETTINGS_TEXT.search}</Button>
          </div>
        )}
      </Field>
    </form>
  );
}
