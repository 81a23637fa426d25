import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReportDownloadId } from '../../shared/report-downloads';
import { DownloadPanel } from './DownloadPanel';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', justifyContent: 'flex-end' }
});

/** A report's body: its CSV download above, the paged table (or its state) below. */
export function ReportSection({
  label,
  report,
  query,
  idOrg,
  expectedRows,
  children
}: {
  label: string;
  report: ReportDownloadId;
  query: Record<string, unknown>;
  idOrg: number | null;
  expectedRows: number | null;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-label={label}>
      <div className={styles.toolbar}>
        <DownloadPanel report={report} query={query} idOrg={idOrg} expectedRows={expectedRows} />
      </div>
      {children}
    </section>
  );
}
