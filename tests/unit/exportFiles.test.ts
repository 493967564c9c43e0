import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { sheetFile } from '../../server/entities/export/files.js';

it('an XLSX export holds a bounded part of its sheet however long: a row waits while the zip is behind', { timeout: 60_000 }, async () => {
  const rows = 50_000;
  const file = await sheetFile('xlsx', 'products');
  const chunks: Buffer[] = [];
  file.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const before = process.memoryUsage().arrayBuffers;
  let most = 0;
  // About 32 MB of sheet XML before compression; the zip of it is a few hundred kB.
  const text = 'tractor '.repeat(80);
  for (let i = 0; i < rows; i++) {
    await file.rows([[i, `${text}${i}`]]);
    if (i % 1000 === 0) most = Math.max(most, process.memoryUsage().arrayBuffers - before);
  }
  await file.end();
  expect(most).toBeLessThan(12 * 1024 * 1024);

  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.rowCount).toBe(rows);
  expect(sheet.getRow(rows).values).toEqual([undefined, rows - 1, `${text}${rows - 1}`]);
});
