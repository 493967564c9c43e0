/**
 * The files an export writes, streamed: CSV by csv-stringify (UTF-8 with a BOM, so that
 * Excel reads it as UTF-8), XLSX by exceljs's streaming writer. A text cell a spreadsheet
 * would run as a formula is neutralised in CSV (csvSafe.ts); XLSX keeps text cells as text.
 */
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { cellText } from '../../../entities/fieldTypes/cellForms.js';
import type { CellValue } from '../../../entities/fieldTypes/description.js';
import { neutralised } from './csvSafe.js';

export type ExportFormat = 'csv' | 'xlsx';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A file being written: rows in (each awaits room in the stream), the bytes out. */
export interface SheetFile {
  stream: Readable;
  row(cells: readonly CellValue[]): Promise<void>;
  end(): Promise<void>;
  fail(error: Error): void;
}

/** Waits until the stream takes more when its buffer is full; throws once the client has gone. */
async function room(stream: Writable, write: () => boolean): Promise<void> {
  if (stream.destroyed) throw new Error('the download was closed');
  if (write()) return;
  await new Promise<void>((resolve, reject) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      stream.off('error', reject);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
    stream.once('error', reject);
  });
  if (stream.destroyed) throw new Error('the download was closed');
}

function csvFile(): SheetFile {
  const out = stringify({ bom: true, record_delimiter: '\r\n' });
  return {
    stream: out,
    row: (cells) => room(out, () => out.write(cells.map((c) => (typeof c === 'string' ? neutralised(c) : cellText(c))))),
    end: () =>
      new Promise((resolve) => {
        out.end(resolve);
      }),
    fail: (error) => out.destroy(error),
  };
}

async function xlsxFile(sheetName: string): Promise<SheetFile> {
  // Loaded on first use: exceljs and its dependencies are a sixth of the server bundle, compiled at every start.
  const { default: ExcelJS } = await import('exceljs');
  const stream = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName.slice(0, 31));
  return {
    stream,
    row: (cells) =>
      room(stream, () => {
        sheet.addRow(cells as CellValue[]).commit();
        return stream.writableLength < stream.writableHighWaterMark;
      }),
    end: async () => {
      sheet.commit();
      await book.commit();
    },
    fail: (error) => stream.destroy(error),
  };
}

export const sheetFile = async (format: ExportFormat, sheetName: string): Promise<SheetFile> => (format === 'csv' ? csvFile() : xlsxFile(sheetName));
