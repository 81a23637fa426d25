import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { cellValue, formatOf, LAYOUT_SAMPLE_ROWS, layoutColumns, settle, type XlsxColumn } from './xlsx-columns';

/**
 * A report as an Excel workbook (issue 20), from the report's CSV as the platform streams it: the
 * records are parsed as they arrive and written with exceljs's streaming writer (WorkbookWriter,
 * each row committed — flushed to the zip — as soon as it is added, inline strings), so neither the
 * CSV nor the workbook is ever held whole. Like the CSV, the file goes to a temporary file beside
 * the target, renamed over it only once complete.
 *
 * Typed cells, chosen per column (xlsx-columns.ts): SPEC §9 timestamps and days become date cells
 * showing the same, 'Duración' columns time cells ([h]:mm:ss, so sums over a day read right), the
 * counts numbers; identification numbers stay text (leading zeros). The first rows are held until
 * each column's kind and width are known (the widths go out before the first row): a column is as
 * wide as its header and its longest value there, so a date never shows as '###'.
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

/** How often (in rows) the writer says how far it got. */
const PROGRESS_EVERY_ROWS = 1000;

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
  /** The workbook's size on disk. */
  bytes: number;
}

export interface CsvToXlsxOptions {
  signal?: AbortSignal;
  /** Told the data rows written and the workbook's bytes on disk so far. */
  onProgress?: (rows: number, bytes: number) => void;
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
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);

  let headers: string[] = [];
  let columns: XlsxColumn[] | null = null;
  /** The first rows, held until the columns are laid out. */
  const sample: string[][] = [];
  let sheet: ExcelJS.Worksheet | null = null;
  let sheetRows = 0;
  let sheets = 0;
  let rows = 0;
  const newSheet = (layout: readonly XlsxColumn[]) => {
    sheet?.commit();
    sheets++;
    sheet = workbook.addWorksheet(sheets === 1 ? sheetName : `${sheetName} ${sheets}`, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = headers.map((header, i) => ({ header, key: `c${i}`, width: layout[i]?.width }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    sheetRows = 1;
  };
  const write = async (layout: XlsxColumn[], record: readonly string[]) => {
    if (sheetRows >= maxRows) newSheet(layout);
    const current = sheet as ExcelJS.Worksheet | null;
    if (!current) return;
    const row = current.addRow(
      record.map((text, i) => {
        const column = layout[i];
        if (column) settle(column, text);
        return cellValue(text, column?.kind ?? 'text');
      })
    );
    row.eachCell((cell, n) => {
      const numFmt = formatOf(layout[n - 1]?.kind ?? 'text');
      // Only the typed cells: a text that is not a date, in a date column, stays plain text.
      if (numFmt && typeof cell.value !== 'string') cell.numFmt = numFmt;
    });
    row.commit();
    for (const entry of sheetBackpressure(current)) await Promise.race([once(entry, 'drain'), outputFailed]);
    sheetRows++;
    rows++;
    if (rows % PROGRESS_EVERY_ROWS === 0) options.onProgress?.(rows, output.bytesWritten);
  };
  const layOut = async (complete: boolean) => {
    const layout = layoutColumns(headers, sample, complete);
    columns = layout;
    newSheet(layout);
    for (const record of sample.splice(0)) await write(layout, record);
  };

  try {
    let first = true;
    for await (const record of parser as AsyncIterable<string[]>) {
      if (first) {
        headers = record;
        first = false;
      } else if (columns) {
        await write(columns, record);
      } else {
        sample.push(record);
        if (sample.length >= LAYOUT_SAMPLE_ROWS) await layOut(false);
      }
    }
    if (options.signal?.aborted) throw new Error('aborted');
    // A short report (or an empty answer, which still makes a valid, empty workbook) is all in the sample.
    if (!columns) await layOut(true);
    (sheet as ExcelJS.Worksheet | null)?.commit();
    // exceljs listens for the file's errors only from here on: one before would leave commit() waiting.
    await Promise.race([workbook.commit(), outputFailed]);
    await rename(temp, target);
    options.onProgress?.(rows, output.bytesWritten);
    return { rows, sheets, bytes: output.bytesWritten };
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
