/**
 * Bulk edit (issue 17 §3): `POST /api/<resource>/bulk_update/ {ids? | filter?, set}` sets
 * fields an entity declares `bulkEdit` on many of its rows, as a job of the runner.
 *
 * When asked: the selection (ids, or every row the list's own filter and search match) is
 * read in the site with each row's version, and `set` is checked by the form's validator and
 * the references it names — a bad set answers 400 and queues nothing. Each row is then
 * written through the entity engine's update (server/entities/write.ts updateRecords, a batch's rows together), with
 * the version it had when the edit was asked: a row changed meanwhile is reported, never
 * overwritten, and every rule of a write (its checks, search words, counters, write hooks)
 * applies as to a form's save. Rows already gone are reported too.
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { EntityDef } from '../../../entities/define.js';
import { isPlainObject, MAX_ID } from '../../../entities/formats.js';
import { addError, type Errors } from '../../../entities/problems.js';
import type { RecordValues } from '../../../entities/validateRecord.js';
import { validateRecord } from '../../../entities/validateRecord.js';
import { bounded, contextForSite, dialectOf, type EngineContext, hasTable, rowBounds } from '../../entities/context.js';
import { listRecords } from '../../entities/list/listRecords.js';
import { MAX_PAGE_SIZE, parseListQuery } from '../../entities/list/query.js';
import { checkRefs, MEDIA_TABLE } from '../../entities/references.js';
import { updateRecords } from '../../entities/write.js';
import { fieldError, FieldErrors, fieldErrors, HttpError } from '../../errors.js';
import { problemText } from '../../problemText.js';
import { rawQuery } from '../../schemas.js';
import type { JobKind, JobProblem } from './kinds.js';

export const BULK_UPDATE = 'bulk_update';
/** Rows one bulk edit may change (the list engine counts exactly up to COUNT_CAP, server/list/caps.ts). */
export const MAX_BULK_ROWS = 5000;
/** Rows per batch: one short transaction each, so requests keep their turn. */
const BATCH = 50;

export const bulkUpdateBody = z.object({
  ids: z.array(z.number().int().min(1).max(MAX_ID)).min(1).max(MAX_BULK_ROWS).optional(),
  filter: rawQuery.optional(),
  set: z.record(z.string(), z.unknown()),
});
type BulkBody = z.output<typeof bulkUpdateBody>;

type Change = { op: 'set'; value: unknown } | { op: 'amount' | 'percent'; by: number } | { op: 'links'; add: number[]; remove: number[] };

export interface BulkPayload {
  entity: string;
  changes: Record<string, Change>;
  /** `[id, version when asked]`, in id order; the checkpoint is an index into it. */
  items: Array<[number, number]>;
}

const CHANGED = 'Changed by someone else after the bulk edit was asked: left as it is.';
const GONE = 'Not found: deleted after the bulk edit was asked.';

/** `set` checked against the declaration: what each field becomes, or 400 with every problem at `set.<field>`. */
async function parseChanges(ctx: EngineContext, entity: EntityDef, set: Record<string, unknown>): Promise<Record<string, Change>> {
  const errors: Errors = {};
  const allowed = new Set(entity.bulkEdit ?? []);
  const changes: Record<string, Change> = {};
  const probe: Record<string, unknown> = {};
  if (!Object.keys(set).length) addError(errors, 'set', 'bulkNothing');
  for (const [name, value] of Object.entries(set)) {
    const path = `set.${name}`;
    const field = entity.fields[name];
    if (!field || !allowed.has(name)) {
      addError(errors, path, 'bulkField', { field: name.slice(0, 40) });
    } else if (field.type === 'number' && isPlainObject(value)) {
      const [op, ...more] = Object.keys(value);
      const by = op === undefined ? undefined : value[op];
      if (more.length || (op !== 'amount' && op !== 'percent') || typeof by !== 'number' || !Number.isFinite(by) || (op === 'percent' && by < -100)) {
        addError(errors, path, 'bulkAdjust');
      } else changes[name] = { op, by };
    } else if (field.type === 'm2m') {
      const { add = [], remove = [], ...more } = isPlainObject(value) ? value : { bad: true };
      if (Object.keys(more).length || !Array.isArray(add) || !Array.isArray(remove)) addError(errors, path, 'bulkLinks');
      else {
        // The ids to add are checked as the form's value; ids to remove need not exist any more.
        probe[name] = add;
        changes[name] = { op: 'links', add: [], remove: remove.filter((id): id is number => Number.isInteger(id)) };
      }
    } else {
      probe[name] = value;
      changes[name] = { op: 'set', value };
    }
  }
  const { record, errors: found } = validateRecord(entity, probe, { mode: 'patch', languages: ctx.site.languages, defaultLanguage: ctx.site.default_language });
  await checkRefs(ctx, entity, record, found);
  for (const [path, problems] of Object.entries(found)) {
    if (Object.hasOwn(probe, path.split('.')[0]!)) errors[`set.${path}`] = problems;
  }
  if (Object.keys(errors).length) throw fieldErrors(errors);
  for (const [name, change] of Object.entries(changes)) {
    if (change.op === 'set') change.value = record.values[name];
    if (change.op === 'links') change.add = record.values[name] as number[];
  }
  return changes;
}

/** The ids of every row the list's filter and search match, through the list engine. */
async function matching(ctx: EngineContext, entity: EntityDef, filter: Record<string, string | string[]>): Promise<number[]> {
  const { query, errors } = parseListQuery(entity, filter);
  if (Object.keys(errors).length) throw fieldErrors(Object.fromEntries(Object.entries(errors).map(([path, p]) => [`filter.${path}`, p])));
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const { items, paginator } = await listRecords(ctx, entity, { ...query, page, size: MAX_PAGE_SIZE }, ctx.site.default_language);
    if (paginator.count > MAX_BULK_ROWS) throw fieldError('filter', 'bulkTooMany', { count: MAX_BULK_ROWS });
    ids.push(...items.map((item) => Number((item as { id: unknown }).id)));
    if (!paginator.has_next) return ids;
  }
}

/** The selected rows of this site with their versions now, and the ids that name none. */
async function selectRows(ctx: EngineContext, entity: EntityDef, body: BulkBody) {
  if ((body.ids === undefined) === (body.filter === undefined)) throw fieldError('ids', 'bulkSelection');
  const ids = [...new Set(body.ids ?? (await matching(ctx, entity, body.filter!)))].sort((a, b) => a - b);
  const versions = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 500) {
    const q = ctx.db
      .selectFrom(entity.table)
      .select(['id', 'version'])
      .where('id', 'in', ids.slice(i, i + 500));
    for (const r of await bounded(q, rowBounds(ctx, entity)).execute()) versions.set(Number(r.id), Number(r.version));
  }
  const items = ids.filter((id) => versions.has(id)).map((id): [number, number] => [id, versions.get(id)!]);
  const missing = ids.filter((id) => !versions.has(id));
  return { items, missing };
}

/** A bulk edit as a job to queue: its payload, its rows, and the ids that name no row of the site (reported at once). */
export async function planBulkUpdate(ctx: EngineContext, entity: EntityDef, body: BulkBody) {
  const changes = await parseChanges(ctx, entity, body.set);
  const { items, missing } = await selectRows(ctx, entity, body);
  const payload: BulkPayload = { entity: entity.name, changes, items };
  const problems: JobProblem[] = missing.map((id) => ({ ref: String(id), field: '', message: 'Not found.' }));
  return { payload, total: items.length, problems };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The PATCH body that makes a row what the edit asks, from the row as it is. */
function bodyFor(changes: Record<string, Change>, record: RecordValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, c] of Object.entries(changes)) {
    const now = record.values[name];
    if (c.op === 'set') body[name] = c.value;
    else if (c.op === 'links') {
      const drop = new Set(c.remove);
      body[name] = [...new Set([...((now as number[] | undefined) ?? []), ...c.add])].filter((id) => !drop.has(id));
    } else if (typeof now === 'number') body[name] = round2(c.op === 'amount' ? now + c.by : now * (1 + c.by / 100));
  }
  return body;
}

/** What to report of a row the engine's update refused. */
function problemsOf(ref: string, refusal: HttpError): JobProblem[] {
  if (refusal instanceof FieldErrors)
    return Object.entries(refusal.problems).flatMap(([field, list]) => list.map((p) => ({ ref, field, message: problemText(p) })));
  return [{ ref, field: '', message: refusal.statusCode === 404 ? GONE : CHANGED }];
}

/** A batch's rows edited together by the engine's batched update, each over the version it had when the edit was asked; what to report. */
async function editRows(ctx: EngineContext, entity: EntityDef, changes: Record<string, Change>, items: ReadonlyArray<[number, number]>): Promise<JobProblem[]> {
  const outcomes = await updateRecords(
    ctx,
    entity,
    items.map(([id, version]) => ({ id, version, change: (current) => ({ body: bodyFor(changes, current), partial: true }) })),
  );
  return outcomes.flatMap((refusal, at) => (refusal ? problemsOf(String(items[at]![0]), refusal) : []));
}

/** The runner's side of a bulk edit: the next BATCH rows from the checkpoint. */
export function bulkUpdateKind(): JobKind {
  let media: boolean | undefined;
  return {
    name: BULK_UPDATE,
    async batch(db: Kysely<any>, job) {
      const p = job.payload as BulkPayload;
      const next = (job.checkpoint as { next: number } | null)?.next ?? 0;
      media ??= await hasTable(db, dialectOf(db), MEDIA_TABLE);
      const ctx = await contextForSite(db, job.tenantId, { media });
      if (!ctx) throw new Error(`site ${job.tenantId} is gone`);
      const entity = ctx.registry.get(p.entity);
      const slice = p.items.slice(next, next + BATCH);
      const problems = await editRows(ctx, entity, p.changes, slice);
      const end = next + slice.length;
      return { checkpoint: { next: end }, done: slice.length, problems, finished: end >= p.items.length };
    },
  };
}
