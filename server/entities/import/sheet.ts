/**
 * An uploaded spreadsheet's rows (docs/decisions.md §27): XLSX by exceljs's streaming reader
 * (the first worksheet), anything else as CSV by csv-parse — UTF-8 with or without a BOM, or
 * Windows-1252 when the bytes are not valid UTF-8; the delimiter whichever of `, ; tab |`
 * the header line has most of outside quotes. A row's `line` is its number as a spreadsheet
 * shows it (the header is 1), also for CSV rows holding quoted line breaks. A CSV cell the
 * export neutralised against formula injection (a leading `'`) is restored.
 */
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import type { CellValue as XlsxValue } from 'exceljs';
import type { CellInput } from '../../../entities/fieldTypes/description.js';
import { restored } from '../export/csvSafe.js';

export interface SheetRow {
  line: number;
  cells: CellInput[];
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

async function startsWithZip(path: string): Promise<boolean> {
  const handle = await fs.promises.open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.readUInt32LE(0) === 0x04034b50;
  } finally {
    await handle.close();
  }
}

/** Whether every byte of the file is valid UTF-8 (read through once, not held). */
async function isUtf8(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of fs.createReadStream(path)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

const decoding = (encoding: 'utf-8' | 'windows-1252') => {
  const decoder = new TextDecoder(encoding);
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _enc, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
};

/** The delimiter the header line uses most, outside quotes; a comma when it has none. */
export function guessDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

async function headText(path: string, encoding: 'utf-8' | 'windows-1252'): Promise<string> {
  const handle = await fs.promises.open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(65_536), 0, 65_536, 0);
    return new TextDecoder(encoding).decode(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

async function* csvRows(path: string): AsyncGenerator<SheetRow> {
  const encoding = (await isUtf8(path)) ? 'utf-8' : 'windows-1252';
  const delimiter = guessDelimiter(await headText(path, encoding));
  const source = fs.createReadStream(path);
  const parser = source.pipe(decoding(encoding)).pipe(parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, relax_quotes: true }));
  let line = 0;
  try {
    for await (const record of parser) yield { line: ++line, cells: (record as string[]).map((c) => (c === '' ? null : restored(c))) };
  } finally {
    // A reader that stops early (the headers alone) must not leave the file open: `pipe` does not pass the parser's end back.
    source.destroy();
  }
}

/** What exceljs gives for a cell, as a cell value: a formula's result, rich text's text, a link's text. */
function xlsxCell(value: XlsxValue): CellInput {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return xlsxCell((value as { result?: XlsxValue }).result ?? null);
  if ('text' in value) return typeof value.text === 'string' ? value.text : xlsxCell(value.text as XlsxValue);
  if ('error' in value) return null;
  return null;
}

async function* xlsxRows(path: string): AsyncGenerator<SheetRow> {
  // Loaded on first use, as the export's writer (export/files.ts).
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    entries: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
  });
  for await (const sheet of book) {
    for await (const row of sheet) {
      const values = (row.values as XlsxValue[]).slice(1);
      const cells = Array.from(values, xlsxCell);
      if (cells.some((c) => c !== null && c !== '')) yield { line: row.number, cells };
    }
    // The first worksheet only.
    return;
  }
}

/** Every row of the file, the header row first; throws on a file neither reader can read. */
export async function* sheetRows(path: string): AsyncGenerator<SheetRow> {
  yield* (await startsWithZip(path)) ? xlsxRows(path) : csvRows(path);
}
