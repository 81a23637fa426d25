import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { Readable, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cellValue, FORMATS, LAYOUT_SAMPLE_ROWS, layoutColumns } from '../../../src/main/services/xlsx-columns';
import { csvToXlsx, sheetBackpressure } from '../../../src/main/services/xlsx-export';

const CSV =
  '\uFEFFConversación,Fecha de entrada,Duración,Interacciones,Identificación,Causales de negocio\n' +
  'K1,09/03/2026 09:05:07,00:12:30,4,0012345,"Consulta;\nReclamo"\n' +
  'K2,10/03/2026 23:59:59,26:00:01,0,"900,1",\n' +
  'K3,,,,,"Ríos, Ana"\n';

async function read(file: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}

describe('the Excel export', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'atiende-xlsx-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('turns SPEC §9 timestamps, days and durations into typed cells by column; identifiers and the rest stay text', () => {
    expect(cellValue('09/03/2026 09:05:07', 'timestamp')).toEqual(new Date(Date.UTC(2026, 2, 9, 9, 5, 7)));
    expect(cellValue('09/03/2026 00:00:00', 'timestamp')).toEqual(new Date(Date.UTC(2026, 2, 9)));
    expect(cellValue('09/03/2026', 'day')).toEqual(new Date(Date.UTC(2026, 2, 9)));
    // A date typed as a name is a name.
    expect(cellValue('09/03/2026', 'text')).toBe('09/03/2026');
    expect(cellValue('01:30:00', 'duration')).toBeCloseTo(1.5 / 24, 12);
    expect(cellValue('01:30:00', 'text')).toBe('01:30:00');
    expect(cellValue('0012345', 'text')).toBe('0012345');
    expect(cellValue('42', 'number')).toBe(42);
    expect(cellValue('-3', 'number')).toBe(-3);
    expect(cellValue('', 'number')).toBeNull();
    // The CSV's formula guard comes off: a text cell is never evaluated, and shows what was typed.
    expect(cellValue("'=HYPERLINK(\"http://x\",\"clic\")", 'text')).toBe('=HYPERLINK("http://x","clic")');
    expect(cellValue("'-3", 'text')).toBe('-3');
    expect(cellValue("'hola", 'text')).toBe("'hola");
  });

  it('lays a column out from its header and its values: kind once per column, as wide as its longest value, capped', () => {
    const headers = ['Fin', 'Fecha', 'Duración', 'Identificación', 'Detalle', 'Asesor'];
    const sample = [
      ['09/03/2026 00:00:00', '09/03/2026', '00:12:30', '0012345', 'x'.repeat(200), ''],
      ['', '10/03/2026', '', '900', 'corto', '']
    ];
    expect(layoutColumns(headers, sample, false)).toEqual([
      { kind: 'timestamp', width: FORMATS.timestamp.length + 2 },
      { kind: 'day', width: 12 },
      { kind: 'duration', width: 12 },
      { kind: 'text', width: 16 },
      { kind: 'text', width: 60 },
      // Nothing seen yet: its first value decides, and there is room for a timestamp meanwhile.
      { kind: 'text', width: FORMATS.timestamp.length + 2, pending: true }
    ]);
    expect(layoutColumns(headers, sample, true).at(-1)).toEqual({ kind: 'text', width: 12 });
  });

  it('writes the rows as the CSV says, typed and formatted, quoted fields whole', async () => {
    const target = join(dir, 'chats.xlsx');
    const outcome = await csvToXlsx(Readable.from([Buffer.from(CSV)]), target);
    expect(outcome).toEqual({ rows: 3, sheets: 1, bytes: statSync(target).size });
    expect(readdirSync(dir)).toEqual(['chats.xlsx']);
    const sheet = (await read(target)).worksheets[0];
    expect(sheet?.name).toBe('Hoja');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Conversación', 'Fecha de entrada', 'Duración', 'Interacciones', 'Identificación', 'Causales de negocio']);
    const k1 = sheet?.getRow(2);
    expect(k1?.getCell(2).value).toEqual(new Date(Date.UTC(2026, 2, 9, 9, 5, 7)));
    expect(k1?.getCell(2).numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    // A duration is a fraction of a day with a time format: exceljs reads such a cell back as a time from Excel's epoch.
    const EPOCH = Date.UTC(1899, 11, 30);
    expect(k1?.getCell(3).value).toEqual(new Date(EPOCH + (12 * 60 + 30) * 1000));
    expect(k1?.getCell(3).numFmt).toBe('[h]:mm:ss');
    expect(k1?.getCell(4).value).toBe(4);
    expect(k1?.getCell(5).value).toBe('0012345');
    expect(k1?.getCell(6).value).toBe('Consulta;\nReclamo');
    expect(sheet?.getRow(3).getCell(3).value).toEqual(new Date(EPOCH + (26 * 3600 + 1) * 1000));
    expect(sheet?.getRow(3).getCell(5).value).toBe('900,1');
    expect(sheet?.getRow(4).getCell(2).value).toBeNull();
    expect(sheet?.getRow(4).getCell(6).value).toBe('Ríos, Ana');
  });

  it('every date cell has a date format and a column wide enough for it; 00:00:00 keeps its time; text shows as typed', async () => {
    const target = join(dir, 'fechas.xlsx');
    // More rows than the layout looks at: 'Fin' has no value until past them, 'Detalle' holds guarded texts.
    const lines = ['Conversación,Fin,Inicio,Fecha,Duración,Detalle,Duración (ms)'];
    for (let i = 0; i < LAYOUT_SAMPLE_ROWS + 5; i++) {
      const late = i >= LAYOUT_SAMPLE_ROWS;
      lines.push(`K${i},${late ? '10/03/2026 00:00:00' : ''},10/03/2026 00:00:00,09/03/2026,00:00:0${i % 10},"'=HYPERLINK(""http://x"",""clic"")",-3`);
    }
    const progress: [number, number][] = [];
    const outcome = await csvToXlsx(Readable.from([Buffer.from(lines.join('\n') + '\n')]), target, { onProgress: (rows, bytes) => progress.push([rows, bytes]) });
    expect(outcome.rows).toBe(LAYOUT_SAMPLE_ROWS + 5);
    // Progress counts the workbook's own bytes on disk, ending at its size.
    expect(progress.at(-1)).toEqual([outcome.rows, statSync(target).size]);
    expect(outcome.bytes).toBe(statSync(target).size);

    const sheet = (await read(target)).worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const shown: Record<string, number> = { [FORMATS.timestamp]: 19, [FORMATS.day]: 10, [FORMATS.duration]: 7 };
    let dates = 0;
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      row.eachCell((cell, col) => {
        if (!(cell.value instanceof Date)) return;
        dates++;
        expect(Object.keys(shown), `row ${n} column ${col}`).toContain(cell.numFmt);
        expect(sheet.getColumn(col).width ?? 0, `row ${n} column ${col}`).toBeGreaterThanOrEqual(shown[cell.numFmt] ?? Infinity);
      });
    });
    // Inicio, Fecha and Duración on every row, Fin on the last five.
    expect(dates).toBe(3 * outcome.rows + 5);
    const last = sheet.getRow(outcome.rows + 1);
    expect(last.getCell(2).numFmt).toBe(FORMATS.timestamp);
    expect(last.getCell(3).value).toEqual(new Date(Date.UTC(2026, 2, 10)));
    expect(last.getCell(3).numFmt).toBe(FORMATS.timestamp);
    expect(last.getCell(4).numFmt).toBe(FORMATS.day);
    expect(last.getCell(6).value).toBe('=HYPERLINK("http://x","clic")');
    expect(last.getCell(6).type).toBe(ExcelJS.ValueType.String);
    expect(last.getCell(7).value).toBe(-3);
  });

  it('goes on in a new sheet, header repeated, past the rows a sheet holds', async () => {
    const target = join(dir, 'grande.xlsx');
    const lines = ['Conversación,Fecha', ...Array.from({ length: 7 }, (_, i) => `K${i + 1},0${i + 1}/03/2026 10:00:00`)];
    const outcome = await csvToXlsx(Readable.from([Buffer.from(lines.join('\n') + '\n')]), target, { maxRows: 3 });
    expect(outcome).toMatchObject({ rows: 7, sheets: 4 });
    const workbook = await read(target);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Hoja', 'Hoja 2', 'Hoja 3', 'Hoja 4']);
    const ids = workbook.worksheets.flatMap((s) => {
      expect(s.getRow(1).getCell(1).value).toBe('Conversación');
      const out: unknown[] = [];
      s.eachRow((row, n) => {
        if (n > 1) out.push(row.getCell(1).value);
      });
      return out;
    });
    expect(ids).toEqual(['K1', 'K2', 'K3', 'K4', 'K5', 'K6', 'K7']);
  });

  it('an abort or a broken stream leaves nothing behind', async () => {
    const target = join(dir, 'cortado.xlsx');
    async function* broken() {
      yield Buffer.from('Conversación,Fecha\nK1,09/03/2026 10:00:00\n');
      throw new Error('conexión interrumpida');
    }
    await expect(csvToXlsx(Readable.from(broken()), target)).rejects.toThrow();
    expect(readdirSync(dir)).toEqual([]);

    const controller = new AbortController();
    async function* slow() {
      yield Buffer.from('Conversación,Fecha\nK1,09/03/2026 10:00:00\n');
      controller.abort();
      await new Promise((r) => setTimeout(r, 20));
      yield Buffer.from('K2,09/03/2026 10:00:00\n');
    }
    await expect(csvToXlsx(Readable.from(slow()), target, { signal: controller.signal })).rejects.toThrow();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('fails, rather than waits, when the file cannot be written', async () => {
    await expect(csvToXlsx(Readable.from([Buffer.from(CSV)]), join(dir, 'no-existe', 'chats.xlsx'))).rejects.toThrow(/ENOENT/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('sees when the zip stops taking a sheet\'s rows, and lets them go on once it drains', async () => {
    // An output that takes nothing until opened: everything behind it (archiver, deflate, the sheet's entry) fills up.
    const written: Buffer[] = [];
    const held: Array<() => void> = [];
    let open = false;
    const output = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, callback) {
        written.push(chunk);
        if (open) callback();
        else held.push(callback);
      }
    });
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Hoja');
    // Text that deflate cannot shrink much, so the buffers' bytes are about the rows' bytes.
    const noise = (i: number) => createHash('sha256').update(String(i)).digest('hex');
    const addRow = (i: number) => sheet.addRow([`K${i}`, new Date(Date.UTC(2026, 2, 9, 10, 0, i % 60)), noise(i), i]).commit();

    // With nothing taken, the rows stop after what the buffers between the sheet and the output hold
    // (archiver keeps up to 1 MB of zip), not after all of them: add rows while the entry takes them, wait
    // for each drain; once no drain comes (the chain is full) the sheet has been held back.
    let rows = 0;
    let entry: NodeJS.EventEmitter | undefined;
    let drain: Promise<unknown> | undefined;
    for (;;) {
      while (sheetBackpressure(sheet).length === 0 && rows < 400_000) addRow(++rows);
      [entry] = sheetBackpressure(sheet);
      expect(entry).toBeDefined();
      drain = once(entry as NodeJS.EventEmitter, 'drain');
      const stalled = await Promise.race([drain.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 250))]);
      if (stalled) break;
    }
    expect(rows).toBeLessThan(100_000);
    expect(held.length).toBeGreaterThan(0);

    open = true;
    for (const callback of held.splice(0)) callback();
    await drain;
    for (let i = 0; i < 1000; i++) addRow(++rows);
    sheet.commit();
    await workbook.commit();

    const back = new ExcelJS.Workbook();
    await back.xlsx.load(Buffer.concat(written) as unknown as Parameters<typeof back.xlsx.load>[0]);
    const read = back.worksheets[0];
    expect(read?.rowCount).toBe(rows);
    expect(read?.getRow(rows).getCell(1).value).toBe(`K${rows}`);
    expect(read?.getRow(rows).getCell(3).value).toBe(noise(rows));
    expect(read?.getRow(rows).getCell(4).value).toBe(rows);
    // Tens of thousands of rows zipped and read back: CPU work that a loaded machine stretches past the 5 s default.
  }, 60_000);
});
