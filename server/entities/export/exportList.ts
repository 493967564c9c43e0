/**
 * `GET /api/<resource>/export/?format=csv|xlsx&<the list's query>` or `&ids=1,2,3`
 * (docs/decisions.md §21): every row of the list — its search, filters and sort, its site and
 * market — or the selected rows of it, as a file streamed while the rows are read in keyset
 * batches (list/keyset.ts), one batch held at a time; each row's cells as its field types
 * write them (entities/cells.ts), references by natural key (keys.ts). Only the ids come from
 * the list's long reads; rows and keys are read by primary key on the main connection, since
 * a batch's rows through SQLite's reader processes cost a megabyte-sized IPC message each
 * (docs/decisions.md §21).
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type CellColumn, cellColumns, recordCells } from '../../../entities/cells.js';
import type { EntityDef } from '../../../entities/define.js';
import type { CellValue } from '../../../entities/fieldTypes/description.js';
import { MAX_ID } from '../../../entities/formats.js';
import { fieldError } from '../../errors.js';
import { code } from '../../zodProblems.js';
import type { EngineContext } from '../context.js';
import { keysetIds } from '../list/keyset.js';
import type { ListQuery } from '../list/query.js';
import { loadRecords } from '../read.js';
import { CONTENT_TYPES, type ExportFormat, sheetFile } from './files.js';
import { batchKeys } from './keys.js';

/**
 * Rows read and written per batch: small enough that a batch's objects die young. A batch
 * that outlives two young-generation collections is moved to the old generation, which grows
 * until a full collection: at 1,000 rows the server grew by 102–120 MB exporting a million
 * rows on PostgreSQL (SQLite: twice as much as at 250), at 250 by 56–69 MB, at 125 by 51 MB
 * but at 37,000 rows/s instead of 49,000 (each batch costs PostgreSQL five or six round trips).
 */
const EXPORT_BATCH = 250;
/** Most selected ids an export takes (they come in the query string). */
export const MAX_EXPORT_IDS = 1000;

/** The export's own parameters; the others are the list's (list/query.ts). */
export const exportParams = {
  format: z.enum(['csv', 'xlsx'], { error: code('exportFormat') }),
  ids: z.string({ error: code('once') }).optional(),
};

/** `ids=1,2,3` as a filter of the list, or 400. */
export function selectedIds(raw: string): ListQuery['filters'][number] {
  const parts = raw.split(',').map((s) => s.trim());
  const ids = parts.map(Number);
  if (parts.length > MAX_EXPORT_IDS || parts.some((p, i) => !/^[1-9]\d{0,9}$/.test(p) || ids[i]! > MAX_ID)) {
    throw fieldError('ids', 'exportIds', { count: MAX_EXPORT_IDS });
  }
  return { type: 'in', field: 'id', column: 'id', values: [...new Set(ids)] };
}

/** `<entity>-<yyyy-mm-dd>.<format>`, the day in UTC. */
export const exportFileName = (name: string, format: ExportFormat, now = new Date()) => `${name}-${now.toISOString().slice(0, 10)}.${format}`;

/** What a file is made of: its name's stem, its header row, and its rows a batch at a time. */
export interface SheetSource {
  name: string;
  headers: readonly string[];
  batches: AsyncIterable<readonly (readonly CellValue[])[]>;
}

/**
 * Streams `source` as the answer: each batch written awaiting room in the stream, so one batch
 * is held at a time. The one writer of every export — the engine's lists and the accounts'
 * (server/users/export.ts) differ only in where their rows come from.
 */
export async function sendSheet(source: SheetSource, format: ExportFormat, reply: FastifyReply) {
  const file = await sheetFile(format, source.name);
  void (async () => {
    await file.rows([source.headers]);
    for await (const rows of source.batches) await file.rows(rows);
    await file.end();
  })().catch((error: unknown) => {
    // The answer has begun: the client sees a broken download, the log the reason.
    reply.log.error({ err: error }, 'export failed');
    file.fail(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${exportFileName(source.name, format)}"`)
    .send(file.stream);
}

async function* entityBatches(ctx: EngineContext, entity: EntityDef, query: ListQuery, columns: readonly CellColumn[]) {
  for await (const ids of keysetIds(ctx, entity, query, EXPORT_BATCH)) {
    const loaded = await loadRecords(ctx, entity, ids);
    const rows = ids.flatMap((id) => loaded.get(id) ?? []);
    const keys = await batchKeys(ctx, entity, rows);
    yield rows.map(({ row, record }) => recordCells(columns, Number(row.id), record, keys));
  }
}

export function exportList(ctx: EngineContext, entity: EntityDef, query: ListQuery, format: ExportFormat, reply: FastifyReply) {
  const columns = cellColumns(entity, ctx.site.languages);
  return sendSheet({ name: entity.name, headers: columns.map((c) => c.header), batches: entityBatches(ctx, entity, query, columns) }, format, reply);
}
