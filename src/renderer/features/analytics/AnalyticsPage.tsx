import { useState, type ReactNode } from 'react';
import { Body1, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { FilterBar, type FilterValue } from '../../components/FilterBar';
import { StatePanel } from '../../components/StatePanel';
import { DATA_TEXT } from '../../components/texts';
import { useFilterFields, type FieldId } from './use-filter-fields';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1600px' },
  heading: { margin: 0 },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  tiles: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL }
});

export interface AnalyticsPageProps {
  title: string;
  fields: readonly FieldId[];
  filter: FilterValue;
  onFilterChange(next: FilterValue): void;
  children: ReactNode;
}

/**
 * The frame every analytics page shares: its <h1>, the filter bar with the page's fields, the content.
 * While the bar's dates are not a range the server accepts (an end before the start…), the content
 * gives way to a notice: figures of the previous range must never pass for the dates shown.
 */
export function AnalyticsPage({ title, fields, filter, onFilterChange, children }: AnalyticsPageProps) {
  const styles = useStyles();
  const bar = useFilterFields(fields, filter);
  const [datesProblem, setDatesProblem] = useState<string | null>(null);
  return (
    <div className={styles.page}>
      <Title2 as="h1" className={styles.heading}>
        {title}
      </Title2>
      {/* A page with no field for this role (the home page of roles 3 and 4) shows no empty filter card. */}
      {bar.length > 0 ? <FilterBar fields={bar} value={filter} onChange={onFilterChange} onDatesProblem={setDatesProblem} /> : null}
      <div className={styles.content}>
        {datesProblem ? (
          <div role="status">
            <StatePanel title={DATA_TEXT.filterProblemTitle} landmark={false} level="h2" actions={null}>
              <Body1>{datesProblem}</Body1>
              <Body1>{DATA_TEXT.filterProblemDetail}</Body1>
            </StatePanel>
          </div>
        ) : (
          children
        )}
      </div>
    </div>
  );
}

/** A row of indicator tiles. */
export function TileRow({ label, children }: { label: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.tiles} aria-label={label}>
      {children}
    </section>
  );
}
