import { useEffect, useRef, useState } from 'react';
import { Body1, Button, Caption1, Field, ProgressBar, Select, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownload20Regular, Dismiss20Regular, FolderOpen20Regular } from '@fluentui/react-icons';
import { formatNumber } from '../../shared/format';
import { CSV_DELIMITERS, CSV_DELIMITER_LABELS, type CsvDelimiter, type DownloadProgress, type ReportDownloadId } from '../../shared/report-downloads';
import { MSG } from '../../shared/messages';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: '260px', maxWidth: '420px' },
  row: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  status: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  path: { overflowWrap: 'anywhere', color: tokens.colorNeutralForeground2 },
  error: { color: tokens.colorPaletteRedForeground1 }
});

export const DOWNLOAD_TEXT = {
  download: 'Descargar CSV',
  downloadXlsx: 'Descargar Excel',
  delimiter: 'Separador',
  starting: 'Preparando descarga…',
  cancel: 'Cancelar descarga',
  openFolder: 'Abrir carpeta',
  progress: (rows: string, bytes: string) => `${rows} filas · ${bytes}`,
  done: (rows: string) => `Descarga completa: ${rows} filas`,
  cancelled: 'Descarga cancelada: no se guardó ningún archivo',
  label: 'Progreso de la descarga'
} as const;

/** Bytes for people: '512 B', '12,5 KB', '3,2 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round((bytes / 1024) * 10) / 10)} KB`;
  return `${formatNumber(Math.round((bytes / (1024 * 1024)) * 10) / 10)} MB`;
}

export interface DownloadPanelProps {
  report: ReportDownloadId;
  /** The page's filter as the report's CSV takes it (dates and the fields the page uses). */
  query: Record<string, unknown>;
  idOrg?: number | null;
  /** The rows the paged view counts for the same filter: the progress bar's end, when known. */
  expectedRows?: number | null;
}

/**
 * The report's CSV download: the main process asks where (its SPEC §9 name offered) and streams it
 * there; this shows the rows and bytes written so far against the rows expected, a cancel that
 * leaves nothing behind, and 'Abrir carpeta' once the file is complete. Errors: 'Error al obtener
 * reporte' with the platform's reason.
 */
export function DownloadPanel({ report, query, idOrg, expectedRows }: DownloadPanelProps) {
  const styles = useStyles();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = useRef<string | null>(null);
  // The user's remembered separator (main process); null until known, then what the select shows.
  const [delimiter, setDelimiter] = useState<CsvDelimiter | null>(null);

  useEffect(() => {
    let live = true;
    void window.atiende.reports.preferences().then((result) => {
      if (live) setDelimiter((chosen) => chosen ?? (result.ok ? result.data.delimiter : ';'));
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(
    () =>
      window.atiende.on('reports:progress', (next) => {
        if (next.id === current.current) setProgress(next);
      }),
    []
  );

  async function start(format: 'csv' | 'xlsx') {
    setError(null);
    setStarting(true);
    const result = await window.atiende.reports.download({
      report,
      query,
      ...(idOrg ? { idOrg } : {}),
      ...(delimiter ? { delimiter } : {}),
      ...(format === 'xlsx' ? { format } : {})
    });
    setStarting(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    if (result.data === null) return; // the save dialog was dismissed
    current.current = result.data.id;
    setProgress(result.data);
  }

  async function cancel() {
    if (!progress) return;
    const result = await window.atiende.reports.cancel({ id: progress.id });
    if (!result.ok) setError(result.error.message);
  }

  async function openFolder() {
    if (!progress) return;
    const result = await window.atiende.reports.showInFolder({ id: progress.id });
    if (!result.ok) setError(result.error.message);
  }

  const running = starting || progress?.state === 'running';
  const rows = progress?.rows ?? 0;
  const value = expectedRows && expectedRows > 0 ? Math.min(1, rows / expectedRows) : undefined;

  return (
    <div className={styles.panel}>
      <div className={styles.row}>
        <Field label={DOWNLOAD_TEXT.delimiter}>
          <Select value={delimiter ?? ';'} disabled={running} onChange={(_, d) => setDelimiter(d.value === ',' ? ',' : ';')}>
            {CSV_DELIMITERS.map((d) => (
              <option key={d} value={d}>
                {CSV_DELIMITER_LABELS[d]}
              </option>
            ))}
          </Select>
        </Field>
        <Button appearance="primary" icon={<ArrowDownload20Regular />} disabled={running} onClick={() => void start('csv')}>
          {DOWNLOAD_TEXT.download}
        </Button>
        <Button icon={<ArrowDownload20Regular />} disabled={running} onClick={() => void start('xlsx')}>
          {DOWNLOAD_TEXT.downloadXlsx}
        </Button>
        {progress?.state === 'running' ? (
          <Button icon={<Dismiss20Regular />} onClick={() => void cancel()}>
            {DOWNLOAD_TEXT.cancel}
          </Button>
        ) : null}
        {progress?.state === 'done' ? (
          <Button icon={<FolderOpen20Regular />} onClick={() => void openFolder()}>
            {DOWNLOAD_TEXT.openFolder}
          </Button>
        ) : null}
      </div>
      <div className={styles.status} role="status" aria-live="polite" aria-label={DOWNLOAD_TEXT.label}>
        {starting ? <Caption1>{DOWNLOAD_TEXT.starting}</Caption1> : null}
        {progress?.state === 'running' ? (
          <>
            <ProgressBar value={value} thickness="large" aria-label={DOWNLOAD_TEXT.label} />
            <Caption1>{DOWNLOAD_TEXT.progress(formatNumber(rows), formatBytes(progress.bytes))}</Caption1>
          </>
        ) : null}
        {progress?.state === 'done' ? (
          <>
            <Body1>{DOWNLOAD_TEXT.done(formatNumber(progress.rows))}</Body1>
            <Caption1 className={styles.path}>{progress.path}</Caption1>
          </>
        ) : null}
        {progress?.state === 'cancelled' ? <Body1>{DOWNLOAD_TEXT.cancelled}</Body1> : null}
      </div>
      {progress?.state === 'failed' || error ? (
        <div role="alert">
          <Body1 className={styles.error}>{MSG.reports.loadFailed}</Body1>
          {(error ?? progress?.error) && (error ?? progress?.error) !== MSG.reports.loadFailed ? <Caption1>{error ?? progress?.error}</Caption1> : null}
        </div>
      ) : null}
    </div>
  );
}
