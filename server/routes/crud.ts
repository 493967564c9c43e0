/**
 * The one CRUD route builder (docs/decisions.md §4): every entity, the accounts, the media
 * and their folders are served by it. A collection declares, in one place, where it is
 * served, who may call each action, how its writes name a version, and the operations it
 * has, each with the query string and body it takes; the builder makes the routes:
 *
 *   GET    <base><slash>              list        (view)
 *   POST   <base><slash>              create      (add)     201 + the row
 *   POST   <base>/bulk_delete<slash>  removeMany  (delete)  {ids: [...]}
 *   GET    <base>/:id<slash>          read        (view)    404 when there is none
 *   PUT    <base>/:id<slash>          update      (change)  full
 *   PATCH  <base>/:id<slash>          update      (change)  partial
 *   DELETE <base>/:id<slash>          remove      (delete)  204; 404 when there is none
 *
 * and the collection's own routes beside them (a media item's `/:id/file`, the media
 * `/move`). An entity is at `/api<path>/` with every operation (list and read only when
 * `readOnly`) and answers with `ETag: "<version>"` (`entityCollection`); the media library
 * is at `/api/media` and `/backoffice/api/media` without the slash, with no list and no
 * ETag. Who may call is enforced by the guard (server/guards.ts) before the route's schemas
 * (server/schemas.ts) are checked; the operations get the parsed id, and open what they
 * work with from what the guard resolved.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { EntityDef } from '../../entities/define.js';
import type { Action } from '../../entities/permissions.js';
import { isPlainObject, MAX_ID } from '../../entities/formats.js';
import { type Access, withAccess } from '../access.js';
import { fieldError, notFound } from '../errors.js';
import { idParams, idsBody, nothing, rawQuery, type ZodProvider } from '../schemas.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request as an operation receives it: its query string and body parsed by the operation's schemas. */
type Input<Q extends z.ZodType, B extends z.ZodType> = FastifyRequest<{ Querystring: z.output<Q>; Body: z.output<B> }>;

/** What a route declares beyond its id: its query string and, when it takes one, its body. */
interface Parts {
  querystring: z.ZodType;
  body?: z.ZodType;
}

/** One operation: the query string and body its route declares, and what it does. */
interface Operation<C, A extends unknown[], R> extends Parts {
  run(c: C, req: FastifyRequest, ...args: A): Promise<R>;
}

/** An operation whose `run` receives the request typed by its schemas. */
export function operation<C, A extends unknown[], R, Q extends z.ZodType, B extends z.ZodType = typeof nothing>(
  schema: { querystring: Q; body?: B },
  run: (c: C, req: Input<Q, B>, ...args: A) => Promise<R>,
): Operation<C, A, R> {
  return { ...schema, run };
}

export interface UpdateRequest {
  /** PATCH rather than PUT. */
  partial: boolean;
  /** The version the update was made from, by the collection's rule; read when the operation asks, 400 when malformed. */
  version: () => number | undefined;
}

/** How a collection's writes name the version they were made from; each rule throws its own 400. */
interface Versions {
  /** An update's, from its body and If-Match. */
  update(req: FastifyRequest): number | undefined;
  /** A delete's, from If-Match, read before the delete; without it a delete takes no version. */
  remove?(req: FastifyRequest): number | undefined;
}

/** A route of the collection beside the CRUD ones: `<base><path><slash>`, or `<base>/:id<path><slash>` with `row`. */
export type ExtraRoute<C> = { methods: readonly Method[]; path: string; action: Action | readonly Action[] } & (
  { row?: false; op: Operation<C, [reply: FastifyReply], unknown> } | { row: true; op: Operation<C, [id: number, reply: FastifyReply], unknown> }
);

/** A collection as the builder serves it. */
export interface Collection<C> {
  /** Where it is served: every route under each base (`/api/products`). */
  bases: readonly string[];
  /** Whether its URLs end in a slash. */
  slash: boolean;
  /** Who may call each action (server/access.ts). */
  access(action: Action | readonly Action[]): { config: { access: Access } };
  /** Whether a row's answer carries `ETag: "<version>"`. */
  etag: boolean;
  versions: Versions;
  /** What the operations of one request work with, from what the guard resolved. */
  open(req: FastifyRequest): Promise<C>;
  list?: Operation<C, [reply: FastifyReply], unknown>;
  /** The row's answer, or undefined when there is none (404). */
  read?: Operation<C, [id: number, reply: FastifyReply], unknown>;
  create?: Operation<C, [reply: FastifyReply], unknown>;
  update?: Operation<C, [id: number, update: UpdateRequest], unknown>;
  /** Whether there was a row to delete (else 404). */
  remove?: Operation<C, [id: number, version: number | undefined], boolean>;
  removeMany?: Operation<C, [], unknown>;
  routes?: readonly ExtraRoute<C>[];
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

function ifMatchOf(req: FastifyRequest): number | undefined {
  const version = parseVersion(req.headers['if-match']);
  if (version === null) throw fieldError('version', 'integer');
  return version;
}

/**
 * Who may call: `<action>_<model>` on the entity's scope — a dealer entity served across sites
 * on the master site too — with the pages hidden from some (docs/spec.md §6).
 */
export function entityAccess(entity: EntityDef, action: Action | readonly Action[]) {
  const { model, superuserOnly, notForRoles } = entity;
  const scope = entity.acrossSites ? 'both' : entity.scope;
  return withAccess({ kind: 'permission', model, action, scope, ...(superuserOnly ? { superuserOnly } : {}), ...(notForRoles ? { notForRoles } : {}) });
}

/** Where and how an entity is served: `/api<path>/`, its access, ETags, versions in body or If-Match. */
export const entityCollection = (entity: EntityDef) => ({
  bases: [`/api${entity.path}`],
  slash: true,
  access: (action: Action | readonly Action[]) => entityAccess(entity, action),
  etag: true,
  versions: { update: versionOf, remove: ifMatchOf },
});

/** An entity's bulk delete: `{ids: [...]}` on any query string. */
export const bulkDeleteInput = { querystring: rawQuery, body: idsBody() };

export function crudRoutes<C>(fastify: FastifyInstance, c: Collection<C>) {
  const app = fastify.withTypeProvider<ZodProvider>();
  const end = c.slash ? '/' : '';
  // Sent with its ETag when the collection gives one, else returned as the operation made it (sent already when it was cached).
  const answer = (reply: FastifyReply, row: unknown) => (c.etag && isPlainObject(row) ? reply.header('etag', `"${String(row.version)}"`).send(row) : row);
  const route = (
    method: Method,
    url: string,
    action: Action | readonly Action[],
    schema: object,
    handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) => app.route({ method, url, ...c.access(action), schema, handler });
  const schemaOf = ({ querystring, body }: Parts) => ({ querystring, ...(body ? { body } : {}) });
  const rowSchema = (op: Parts) => ({ params: idParams, ...schemaOf(op) });
  const idOf = (req: FastifyRequest) => (req.params as z.output<typeof idParams>).id;

  for (const base of c.bases) {
    const { list, read, create, update, remove, removeMany } = c;
    const collection = `${base}${end}`;
    const row = `${base}/:id${end}`;

    if (list) route('GET', collection, 'view', schemaOf(list), async (req, reply) => list.run(await c.open(req), req, reply));

    if (read) {
      route('GET', row, 'view', rowSchema(read), async (req, reply) => {
        const found = await read.run(await c.open(req), req, idOf(req), reply);
        if (found === undefined) throw notFound();
        return answer(reply, found);
      });
    }

    if (create) {
      route('POST', collection, 'add', schemaOf(create), async (req, reply) => {
        const made = await create.run(await c.open(req), req, reply);
        return answer(reply.code(201), made);
      });
    }

    if (removeMany) route('POST', `${base}/bulk_delete${end}`, 'delete', schemaOf(removeMany), async (req) => removeMany.run(await c.open(req), req));

    if (update) {
      for (const [method, partial] of [
        ['PUT', false],
        ['PATCH', true],
      ] as const) {
        route(method, row, 'change', rowSchema(update), async (req, reply) => {
          const updated = await update.run(await c.open(req), req, idOf(req), { partial, version: () => c.versions.update(req) });
          return answer(reply, updated);
        });
      }
    }

    if (remove) {
      route('DELETE', row, 'delete', rowSchema(remove), async (req, reply) => {
        const version = c.versions.remove?.(req);
        if (!(await remove.run(await c.open(req), req, idOf(req), version))) throw notFound();
        return reply.code(204).send();
      });
    }

    for (const extra of c.routes ?? []) {
      for (const method of extra.methods) {
        if (extra.row) {
          const { op } = extra;
          route(method, `${base}/:id${extra.path}${end}`, extra.action, rowSchema(op), async (req, reply) => op.run(await c.open(req), req, idOf(req), reply));
        } else {
          const { op } = extra;
          route(method, `${base}${extra.path}${end}`, extra.action, schemaOf(op), async (req, reply) => op.run(await c.open(req), req, reply));
        }
      }
    }
  }
}
