/**
 * The files an export writes, streamed: CSV by csv-stringify (UTF-8 with a BOM, so that
 * Excel reads it as UTF-8), XLSX by exceljs's streaming writer. A text cell a spreadsheet
 * would run as a formula is neutralised in CSV (csvSafe.ts); XLSX keeps text cells as text.
 */
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { cellText } from '../../../entities/fieldTypes/cellForms.js';
import type { CellValue } from '../../../entities/fieldTypes/description.js';
import { neutralised } from './csvSafe.js';

export type ExportFormat = 'csv' | 'xlsx';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A file being written: rows in a batch at a time (each awaits room in the stream), the bytes out. */
export interface SheetFile {
  stream: Readable;
  rows(batch: readonly (readonly CellValue[])[]): Promise<void>;
  end(): Promise<void>;
  fail(error: Error): void;
}

/** What can drain: the download, or the zip's input for a sheet (a readable-stream Writable). */
interface Drains {
  once(event: 'drain', listener: () => void): unknown;
  removeListener(event: 'drain', listener: () => void): unknown;
}

/** Until `source` drains or the download `out` closes or fails; throws once the client has gone. */
async function drained(source: Drains, out: Writable): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const stop = () => {
      source.removeListener('drain', done);
      out.off('close', done);
      out.off('error', failed);
    };
    const done = () => (stop(), resolve());
    const failed = (error: Error) => (stop(), reject(error));
    source.once('drain', done);
    out.once('close', done);
    out.once('error', failed);
  });
  if (out.destroyed) throw new Error('the download was closed');
}

/** Waits until the stream takes more when its buffer is full; throws once the client has gone. */
async function room(stream: Writable, write: () => boolean): Promise<void> {
  if (stream.destroyed) throw new Error('the download was closed');
  if (write()) return;
  await drained(stream, stream);
}

/** A batch's records as one text, written once (one write and one wait for room a batch, not a row); each record stands alone in CSV, so the batches joined are the file. */
function csvFile(): SheetFile {
  const out = new PassThrough();
  let first = true;
  return {
    stream: out,
    rows(batch) {
      const text = stringify(
        batch.map((cells) => cells.map((c) => (typeof c === 'string' ? neutralised(c) : cellText(c)))),
        { bom: first, record_delimiter: '\r\n' },
      );
      first = false;
      return room(out, () => out.write(text));
    },
    end: () =>
      new Promise((resolve) => {
        out.end(resolve);
      }),
    fail: (error) => out.destroy(error),
  };
}

/** What a worksheet's stream hands its rows to: the zip's input for the sheet (a readable-stream PassThrough). */
interface ZipInput extends Drains {
  _writableState?: { length: number };
}

/** A worksheet's stream (exceljs's StreamBuf): its pipe once the zip reads it, its own 64 kB buffers until then. */
interface SheetStream {
  pipes?: ZipInput[];
  buffers?: unknown[];
}

/** Uncompressed sheet bytes the zip may hold before a row waits. */
const SHEET_BACKLOG = 256 * 1024;
const SHEET_BUFFER = 64 * 1024;

/**
 * exceljs's streaming writer gives no backpressure (exceljs/exceljs#734): a committed row goes
 * to the sheet's stream, which hands it on to the zip without waiting, and the zip's input
 * grew by the whole uncompressed sheet while deflate, one chunk per turn of the event loop,
 * fell behind (an export of 1,000,000 rows: +260 MB). Before the zip begins to read the sheet,
 * the sheet's stream keeps the rows itself, and rows that never yield the event loop never
 * let it begin. Both are internals of exceljs, reached defensively: where they are not, rows
 * do not wait.
 */
async function zipTookRows(sheet: object, out: Writable): Promise<void> {
  const sheetStream = (sheet as { stream?: SheetStream }).stream;
  for (;;) {
    if (out.destroyed) throw new Error('the download was closed');
    const input = sheetStream?.pipes?.[0];
    if (input) {
      if ((input._writableState?.length ?? 0) > SHEET_BACKLOG) await drained(input, out);
      return;
    }
    if ((sheetStream?.buffers?.length ?? 0) * SHEET_BUFFER <= SHEET_BACKLOG) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function xlsxFile(sheetName: string): Promise<SheetFile> {
  // Loaded on first use: exceljs and its dependencies are a sixth of the server bundle, compiled at every start.
  const { default: ExcelJS } = await import('exceljs');
  const stream = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName.slice(0, 31));
  return {
    stream,
    async rows(batch) {
      for (const cells of batch) {
        await room(stream, () => {
          sheet.addRow(cells as CellValue[]).commit();
          return stream.writableLength < stream.writableHighWaterMark;
        });
        await zipTookRows(sheet, stream);
      }
    },
    end: async () => {
      sheet.commit();
      await book.commit();
    },
    fail: (error) => stream.destroy(error),
  };
}

export const sheetFile = async (format: ExportFormat, sheetName: string): Promise<SheetFile> => (format === 'csv' ? csvFile() : xlsxFile(sheetName));
