import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';

/**
 * A report as an Excel workbook (issue 20), from the report's CSV as the platform streams it: the
 * records are parsed as they arrive and written with exceljs's streaming writer (WorkbookWriter,
 * each row committed — flushed to the zip — as soon as it is added, inline strings), so neither the
 * CSV nor the workbook is ever held whole. Like the CSV, the file goes to a temporary file beside
 * the target, renamed over it only once complete.
 *
 * Typed cells: a 'DD/MM/YYYY HH:mm:ss' timestamp or a 'DD/MM/YYYY' day (SPEC §9, Bogotá's clock
 * as the platform writes it) becomes a date cell showing the same; an 'HH:MM:SS' duration in a
 * 'Duración' column a time cell ([h]:mm:ss, so sums over a day read right); the counts a number.
 * Identification numbers stay text (leading zeros).
 *
 * Backpressure: exceljs's sheet stream (its StreamBuf, in 64 KB batches) writes into the zip entry's
 * stream (archiver's PassThrough in front of the deflate stream) without looking at write()'s
 * answer, so a CSV that arrives faster than it is deflated and written piles up in that entry's
 * buffer — hundreds of MB over a million rows. After each committed row we look at that stream the
 * way pipe() would (`sheetBackpressure`) and wait for its 'drain' when it asked for one; from the
 * deflate stream to the file, archiver's own pipes already wait. Memory stays at a few buffers.
 */

/** Excel's rows per sheet; past it the rows go on in a new sheet ('Hoja 2'…), the header repeated. */
export const XLSX_MAX_ROWS = 1_048_576;

const TIMESTAMP = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;
const DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const DURATION = /^(\d+):([0-5]\d):([0-5]\d)$/;
const INTEGER = /^-?\d{1,15}$/;
/** Columns whose digits are an amount, not an identifier. */
const NUMBER_HEADERS = new Set(['Interacciones', 'Duración (ms)']);
const DAY_MS = 86_400_000;

type Kind = 'text' | 'number' | 'duration';

function kindOf(header: string): Kind {
  if (NUMBER_HEADERS.has(header)) return 'number';
  if (header.startsWith('Duración')) return 'duration';
  return 'text';
}

/**
 * The cell value of one CSV field. Dates are written as the wall-clock reading the platform gave
 * (as UTC, which is how exceljs turns a Date into Excel's zone-less serial), so the cell shows the
 * same day and time as the CSV.
 */
export function cellValue(text: string, kind: Kind): string | number | Date | null {
  if (text === '') return null;
  const ts = TIMESTAMP.exec(text);
  if (ts) return new Date(Date.UTC(Number(ts[3]), Number(ts[2]) - 1, Number(ts[1]), Number(ts[4]), Number(ts[5]), Number(ts[6])));
  const day = DAY.exec(text);
  if (day) return new Date(Date.UTC(Number(day[3]), Number(day[2]) - 1, Number(day[1])));
  if (kind === 'duration') {
    const d = DURATION.exec(text);
    // Excel's durations are fractions of a day.
    if (d) return (Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3])) / 86_400;
  }
  if (kind === 'number' && INTEGER.test(text)) return Number(text);
  return text;
}

const FORMATS = {
  timestamp: 'dd/mm/yyyy hh:mm:ss',
  day: 'dd/mm/yyyy',
  duration: '[h]:mm:ss'
} as const;

function formatOf(value: unknown): string | undefined {
  if (value instanceof Date) return value.getTime() % DAY_MS === 0 ? FORMATS.day : FORMATS.timestamp;
  return undefined;
}

/** The piece of a stream's state pipe() reads: readable-stream 2 (archiver's) has no writableNeedDrain. */
interface EntryStream extends NodeJS.EventEmitter {
  writableNeedDrain?: boolean;
  _writableState?: { needDrain?: boolean };
}

/**
 * The zip entry streams `sheet`'s rows go into that asked to be drained (write() answered false),
 * or an error when exceljs no longer has the shape this relies on (the StreamBuf's `pipes`), so an
 * exceljs upgrade that changes it fails loudly instead of silently growing memory again.
 */
export function sheetBackpressure(sheet: ExcelJS.Worksheet): EntryStream[] {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  if (!Array.isArray(pipes)) throw new Error('exceljs: the sheet stream has no pipes (the streaming writer changed)');
  return (pipes as EntryStream[]).filter((pipe) => pipe.writableNeedDrain ?? pipe._writableState?.needDrain ?? false);
}

export interface XlsxOutcome {
  rows: number;
  sheets: number;
}

export interface CsvToXlsxOptions {
  signal?: AbortSignal;
  /** Sees every chunk of the CSV as it arrives (bytes received). */
  onChunk?: (chunk: Uint8Array) => void;
  /** Told the data rows written so far. */
  onRows?: (rows: number) => void;
  /** Rows per sheet, header included (Excel's limit; smaller in tests). */
  maxRows?: number;
  sheetName?: string;
}

/**
 * Writes the CSV `body` (header line first; an optional UTF-8 BOM is dropped) to `target` as a
 * workbook. Abort or failure removes the temporary file and leaves the target untouched.
 */
export async function csvToXlsx(body: ReadableStream<Uint8Array> | Readable, target: string, options: CsvToXlsxOptions = {}): Promise<XlsxOutcome> {
  const temp = join(dirname(target), `.${basename(target)}.${randomUUID()}.part`);
  const maxRows = options.maxRows ?? XLSX_MAX_ROWS;
  const sheetName = options.sheetName ?? 'Hoja';
  // Our own file stream (not exceljs's `filename`), so a write error is seen at once rather than only at commit.
  const output = createWriteStream(temp);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  let outputError: Error | null = null;
  const outputFailed = new Promise<never>((_, reject) => {
    const fail = (error: Error) => {
      outputError ??= error;
      reject(error);
    };
    output.once('error', fail);
    (workbook as unknown as { zip: Writable }).zip.once('error', fail);
  });
  outputFailed.catch(() => undefined);
  const source = body instanceof Readable ? body : Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
  const parser = parse({ bom: true, relax_column_count: true });
  const abort = () => {
    const reason = new Error('aborted');
    source.destroy(reason);
    parser.destroy(reason);
  };
  options.signal?.addEventListener('abort', abort, { once: true });
  if (options.signal?.aborted) abort();
  source.on('data', (chunk: Buffer) => options.onChunk?.(chunk));
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);

  let headers: string[] | null = null;
  let kinds: Kind[] = [];
  let sheet: ExcelJS.Worksheet | null = null;
  let sheetRows = 0;
  let sheets = 0;
  let rows = 0;
  const newSheet = () => {
    sheet?.commit();
    sheets++;
    sheet = workbook.addWorksheet(sheets === 1 ? sheetName : `${sheetName} ${sheets}`, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = (headers ?? []).map((header, i) => ({
      header,
      key: `c${i}`,
      width: Math.min(60, Math.max(12, header.length + 2)),
      ...(kinds[i] === 'duration' ? { style: { numFmt: FORMATS.duration } } : {})
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    sheetRows = 1;
  };

  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (headers === null) {
        headers = record;
        kinds = headers.map(kindOf);
        newSheet();
        continue;
      }
      if (sheetRows >= maxRows) newSheet();
      const values = record.map((text, i) => cellValue(text, kinds[i] ?? 'text'));
      const row = (sheet as ExcelJS.Worksheet | null)?.addRow(values);
      if (row) {
        values.forEach((value, i) => {
          const numFmt = formatOf(value);
          if (numFmt) row.getCell(i + 1).numFmt = numFmt;
        });
        row.commit();
        for (const entry of sheetBackpressure(sheet as unknown as ExcelJS.Worksheet)) await Promise.race([once(entry, 'drain'), outputFailed]);
      }
      sheetRows++;
      rows++;
      if (rows % 1000 === 0) options.onRows?.(rows);
    }
    if (options.signal?.aborted) throw new Error('aborted');
    if (headers === null) {
      // An empty answer still makes a valid, empty workbook.
      headers = [];
      newSheet();
    }
    (sheet as ExcelJS.Worksheet | null)?.commit();
    // exceljs listens for the file's errors only from here on: one before would leave commit() waiting.
    await Promise.race([workbook.commit(), outputFailed]);
    await rename(temp, target);
    options.onRows?.(rows);
    return { rows, sheets };
  } catch (error) {
    source.destroy();
    // The writer may still hold the file open: let it finish (or fail) before removing it; after a
    // write error it never finishes, so then the file is only closed.
    if (outputError) output.destroy();
    else await Promise.race([workbook.commit(), outputFailed]).catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', abort);
  }
}
