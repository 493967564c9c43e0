/**
 * The one CRUD route builder (docs/decisions.md §4): every entity, and the accounts, are
 * served by these seven routes; a collection says what is special about it (its engine,
 * its rules) in the operations it plugs in.
 *
 *   GET    /api<path>/                    list   (view)    ?page&items&sort&search&fltr…
 *   POST   /api<path>/                    create (add)     201 + the row
 *   POST   /api<path>/bulk_delete/        delete (delete)  {ids: [...]} → {deleted, not_found}
 *   GET    /api<path>/<id>/               read   (view)    + ETag: "<version>"
 *   PUT    /api<path>/<id>/               update (change)  full; version in body or If-Match
 *   PATCH  /api<path>/<id>/               update (change)  partial; version in body or If-Match
 *   DELETE /api<path>/<id>/               delete (delete)  204; If-Match optional
 *
 * A `readOnly` entity gets list and read only. Who may call each route is declared from
 * the entity (model, scope, superuser-only, roles it is hidden from) and enforced by the
 * guard (server/guards.ts) before the route's schemas (server/schemas.ts) are checked; the
 * operations get the parsed id and ids, and open what they work with from what the guard
 * resolved.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { EntityDef } from '../../entities/define.js';
import type { Action } from '../../entities/permissions.js';
import { isPlainObject, MAX_ID } from '../../entities/formats.js';
import { withAccess } from '../access.js';
import { fieldError, notFound } from '../errors.js';
import { entityBody, idParams, idsBody, nothing, rawQuery, type ZodProvider } from '../schemas.js';

/** A row as the API presents it; its `version` is the ETag. */
type Row = Record<string, unknown>;

export interface UpdateRequest {
  partial: boolean;
  /** The version the update was made from (body or If-Match); read when the operation asks, 400 when malformed. */
  version: () => number | undefined;
}

/** A collection as the builder serves it: its declaration and the operations that plug in. */
export interface Collection<C> {
  entity: EntityDef;
  /** The query string of the routes on one row and of create. */
  query: z.ZodType;
  /** The list's query string: its paging, sorting, search and filters are the list engine's to parse (server/entities/list/query.ts). */
  listQuery: z.ZodType;
  /** What the operations of one request work with, from what the guard resolved. */
  open(req: FastifyRequest): Promise<C>;
  list(c: C, req: FastifyRequest, reply: FastifyReply): Promise<unknown>;
  read(c: C, req: FastifyRequest, id: number): Promise<Row | undefined>;
  create(c: C, req: FastifyRequest): Promise<Row>;
  update(c: C, req: FastifyRequest, id: number, update: UpdateRequest): Promise<Row>;
  /** `one`: a single delete by URL, with the version of If-Match when there is one. */
  remove(c: C, req: FastifyRequest, ids: number[], one?: { version: number | undefined }): Promise<{ deleted: number[] }>;
}

/** `"3"`, `W/"3"` or `3`. */
export function parseVersion(raw: unknown): number | undefined | null {
  if (raw === undefined) return undefined;
  if (typeof raw === 'number') return Number.isInteger(raw) && raw >= 1 && raw <= MAX_ID ? raw : null;
  if (typeof raw !== 'string') return null;
  const m = /^\s*(?:W\/)?"?([1-9]\d{0,9})"?\s*$/.exec(raw);
  return m && Number(m[1]) <= MAX_ID ? Number(m[1]) : null;
}

/**
 * The version an update was made from: body `version` or `If-Match`, which must agree. A
 * rule across two parts of the request, read by the operation once it has found the row
 * (another site's row is 404 whatever the request says).
 */
export function versionOf(req: FastifyRequest): number | undefined {
  const body = isPlainObject(req.body) ? req.body.version : undefined;
  const fromBody = body === null ? undefined : parseVersion(body);
  const fromHeader = parseVersion(req.headers['if-match']);
  if (fromBody === null || fromHeader === null) throw fieldError('version', 'integer');
  if (fromBody !== undefined && fromHeader !== undefined && fromBody !== fromHeader) {
    throw fieldError('version', 'versionMismatch');
  }
  return fromBody ?? fromHeader;
}

/** Who may call: `<action>_<model>` on the entity's scope, with the pages hidden from some (docs/spec.md §6). */
export function entityAccess(entity: EntityDef, action: Action) {
  const { model, scope, superuserOnly, notForRoles } = entity;
  return withAccess({ kind: 'permission', model, action, scope, ...(superuserOnly ? { superuserOnly } : {}), ...(notForRoles ? { notForRoles } : {}) });
}

const bulkBody = idsBody();

export function crudRoutes<C>(fastify: FastifyInstance, c: Collection<C>) {
  const app = fastify.withTypeProvider<ZodProvider>();
  const { entity } = c;
  const base = `/api${entity.path}`;
  const access = (action: Action) => entityAccess(entity, action);
  const one = { params: idParams, querystring: c.query };

  app.get(`${base}/`, { ...access('view'), schema: { querystring: c.listQuery } }, async (req, reply) => c.list(await c.open(req), req, reply));

  app.get(`${base}/:id/`, { ...access('view'), schema: one }, async (req, reply) => {
    const row = await c.read(await c.open(req), req, req.params.id);
    if (!row) throw notFound();
    return reply.header('etag', `"${row.version}"`).send(row);
  });

  // Rows the server alone writes (indexing logs): no write routes at all.
  if (entity.readOnly) return;

  app.post(`${base}/`, { ...access('add'), schema: { querystring: c.query, body: entityBody } }, async (req, reply) => {
    const row = await c.create(await c.open(req), req);
    return reply.code(201).header('etag', `"${row.version}"`).send(row);
  });

  app.post(`${base}/bulk_delete/`, { ...access('delete'), schema: { querystring: rawQuery, body: bulkBody } }, async (req) =>
    c.remove(await c.open(req), req, req.body.ids),
  );

  const update = (partial: boolean) => async (req: FastifyRequest<{ Params: z.output<typeof idParams> }>, reply: FastifyReply) => {
    const row = await c.update(await c.open(req), req, req.params.id, { partial, version: () => versionOf(req) });
    return reply.header('etag', `"${row.version}"`).send(row);
  };
  app.put(`${base}/:id/`, { ...access('change'), schema: { ...one, body: entityBody } }, update(false));
  app.patch(`${base}/:id/`, { ...access('change'), schema: { ...one, body: entityBody } }, update(true));

  app.delete(`${base}/:id/`, { ...access('delete'), schema: { ...one, body: nothing } }, async (req, reply) => {
    const version = parseVersion(req.headers['if-match']);
    if (version === null) throw fieldError('version', 'integer');
    const { deleted } = await c.remove(await c.open(req), req, [req.params.id], { version });
    if (!deleted.length) throw notFound();
    return reply.code(204).send();
  });
}
