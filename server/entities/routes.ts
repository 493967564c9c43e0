/**
 * The CRUD API of every declared entity, from one mechanism (docs/decisions.md §4):
 *
 *   GET    /api<path>/                    list   (view)    ?page&items&sort&search&fltr&language_code
 *   POST   /api<path>/                    create (add)     201 + the row
 *   POST   /api<path>/bulk_delete/        delete (delete)  {ids: [...]} → {deleted, not_found}
 *   GET    /api<path>/<id>/               read   (view)    + ETag: "<version>"
 *   PUT    /api<path>/<id>/               update (change)  full; version in body or If-Match
 *   PATCH  /api<path>/<id>/               update (change)  partial; version in body or If-Match
 *   DELETE /api<path>/<id>/               delete (delete)  204; If-Match optional
 *
 * A `readOnly` entity gets list and read only; `notForRoles` answers 404 to those roles.
 *
 * Every handler goes through `context()`: the site of the host (404 when unknown), the
 * entity's scope on that site (404: a dealer entity does not exist on the master site),
 * the signed-in user (401) and the permission `<action>_<model>` (403, the rule of
 * server/guards.ts requirePermission). Every query then
 * carries that site's tenant_id; a row of another site is simply not found (404).
 * A singleton entity (one row per site) gets read and update at `/api<path>/` instead
 * (singletonRoutes.ts); a superuser-only one answers 404 to everyone else.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { EntityDef } from '../../entities/define.js';
import { ENTITIES } from '../../entities/index.js';
import type { Action } from '../../entities/permissions.js';
import { addError, type Errors, isPlainObject, MAX_ID, MESSAGES } from '../../entities/validate.js';
import { withAccess } from '../access.js';
import { sendCachedJson } from '../cache/cachedJson.js';
import { fieldErrors, notFound } from '../errors.js';
import { requireAccess, requirePermission, requireTenant } from '../guards.js';
import { userMarketOf } from '../services/principal.js';
import type { Tenant } from '../services/tenants.js';
import { type EngineContext, hasTable, scopeAllows, type Site } from './context.js';
import { listRecords } from './list/listRecords.js';
import { parseListQuery, type RawQuery } from './list/query.js';
import { loadRecord, presentDetail } from './read.js';
import { MEDIA_TABLE } from './references.js';
import { Registry } from './registry.js';
import { registerSingletonRoutes } from './singletonRoutes.js';
import { createRecord, deleteRecords, MAX_BULK, updateRecord } from './write.js';

export interface EntityRoutesOptions {
  /** Declarations to serve; default every entity of entities/index.ts. */
  entities?: readonly EntityDef[];
}

export const siteOf = (tenant: Tenant): Site => ({
  id: tenant.id,
  kind: tenant.kind,
  languages: tenant.languages.length ? tenant.languages : [tenant.default_language],
  default_language: tenant.default_language,
});

export function parseId(raw: unknown): number | undefined {
  return typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= MAX_ID ? Number(raw) : undefined;
}

/** `"3"`, `W/"3"` or `3`. */
export function parseVersion(raw: unknown): number | undefined | null {
  if (raw === undefined) return undefined;
  if (typeof raw === 'number') return Number.isInteger(raw) && raw >= 1 && raw <= MAX_ID ? raw : null;
  if (typeof raw !== 'string') return null;
  const m = /^\s*(?:W\/)?"?([1-9]\d{0,9})"?\s*$/.exec(raw);
  return m && Number(m[1]) <= MAX_ID ? Number(m[1]) : null;
}

/** The version an update was made from: body `version` or `If-Match`, which must agree. */
export function versionOf(req: FastifyRequest): number | undefined {
  const body = isPlainObject(req.body) ? req.body.version : undefined;
  const fromBody = body === null ? undefined : parseVersion(body);
  const fromHeader = parseVersion(req.headers['if-match']);
  if (fromBody === null || fromHeader === null) throw fieldErrors({ version: [MESSAGES.integer] });
  if (fromBody !== undefined && fromHeader !== undefined && fromBody !== fromHeader) {
    throw fieldErrors({ version: ['The version in the body and in If-Match differ.'] });
  }
  return fromBody ?? fromHeader;
}

/** The `{ ids: [...] }` body of a bulk delete, or 400. */
export function bulkIdsOf(body: unknown): number[] {
  const errors: Errors = {};
  const ids: number[] = [];
  if (!isPlainObject(body) || !Array.isArray(body.ids)) addError(errors, 'ids', 'Expected a list of ids.');
  else if (body.ids.length === 0) addError(errors, 'ids', MESSAGES.emptyList);
  else if (body.ids.length > MAX_BULK) addError(errors, 'ids', `Ensure this field has no more than ${MAX_BULK} elements.`);
  else {
    body.ids.forEach((raw, i) => {
      const id = typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 && raw <= MAX_ID ? raw : undefined;
      if (id === undefined) addError(errors, `ids.${i}`, MESSAGES.id);
      else ids.push(id);
    });
  }
  if (Object.keys(errors).length) throw fieldErrors(errors);
  return ids;
}

const entityRoutes: FastifyPluginAsync<EntityRoutesOptions> = async (app, opts) => {
  const registry = new Registry(opts.entities ?? ENTITIES);
  let media: boolean | undefined;

  async function context(req: FastifyRequest, entity: EntityDef, action: Action): Promise<EngineContext> {
    const tenant = await requireTenant(req);
    if (!scopeAllows(entity.scope, tenant.kind)) throw notFound();
    const { user: principal } = await requireAccess(req, entity.model);
    // docs/spec.md §6: a page hidden from non-superusers is not found for them, whatever they hold.
    if (entity.superuserOnly && !principal.is_superuser) throw notFound();
    if (!principal.is_superuser && principal.role && entity.notForRoles?.includes(principal.role)) throw notFound();
    const user = await requirePermission(req, action, entity.model);
    media ??= await hasTable(app.db, app.dialect, MEDIA_TABLE);
    return { db: app.db, dialect: app.dialect, registry, site: siteOf(tenant), media, userMarket: userMarketOf(user) };
  }

  function languageOf(req: FastifyRequest, ctx: EngineContext): string | undefined {
    const raw = (req.query as RawQuery).language_code;
    if (raw === undefined || raw === '') return undefined;
    const errors: Errors = {};
    if (Array.isArray(raw)) addError(errors, 'language_code', 'Give this parameter once.');
    else if (!ctx.site.languages.includes(raw)) addError(errors, 'language_code', `"${raw.slice(0, 20)}" is not a language of this site.`);
    if (Object.keys(errors).length) throw fieldErrors(errors);
    return raw as string;
  }

  function idOf(req: FastifyRequest) {
    const id = parseId((req.params as { id?: string }).id);
    if (id === undefined) throw notFound();
    return id;
  }

  for (const entity of registry.entities) {
    const base = `/api${entity.path}`;
    const access = (action: Action) => withAccess({ kind: 'permission', model: entity.model, action, scope: entity.scope });
    if (entity.singleton) {
      registerSingletonRoutes(app, entity, { context, languageOf, versionOf });
      continue;
    }

    // A dealer entity's list reads only its own site's rows (and media): that site's data version covers it.
    const cached = entity.scope === 'dealer';
    app.get(`${base}/`, access('view'), async (req, reply) => {
      const ctx = await context(req, entity, 'view');
      const language = languageOf(req, ctx) ?? ctx.site.default_language;
      const { query, errors } = parseListQuery(entity, req.query as RawQuery);
      if (Object.keys(errors).length) throw fieldErrors(errors);
      if (!cached) return listRecords(ctx, entity, query, language);
      return sendCachedJson(reply, ctx.site.id, `${entity.name}|${language}|${ctx.userMarket ?? ''}|${JSON.stringify(query)}`, () =>
        listRecords(ctx, entity, query, language),
      );
    });

    app.get(`${base}/:id/`, access('view'), async (req, reply) => {
      const ctx = await context(req, entity, 'view');
      const language = languageOf(req, ctx) ?? ctx.site.default_language;
      const loaded = await loadRecord(ctx, entity, idOf(req));
      if (!loaded) throw notFound();
      const row = await presentDetail(ctx, entity, loaded, language);
      return reply.header('etag', `"${row.version}"`).send(row);
    });

    // Rows the server alone writes (indexing logs): no write routes at all.
    if (entity.readOnly) continue;

    app.post(`${base}/`, access('add'), async (req, reply) => {
      const ctx = await context(req, entity, 'add');
      const row = await createRecord(ctx, entity, req.body, { languageCode: languageOf(req, ctx) });
      return reply.code(201).header('etag', `"${row.version}"`).send(row);
    });

    app.post(`${base}/bulk_delete/`, access('delete'), async (req) => {
      const ctx = await context(req, entity, 'delete');
      return deleteRecords(ctx, entity, bulkIdsOf(req.body));
    });

    const update = (partial: boolean) => async (req: FastifyRequest, reply: FastifyReply) => {
      const ctx = await context(req, entity, 'change');
      const id = idOf(req);
      const row = await updateRecord(ctx, entity, id, req.body, { partial, version: versionOf(req), languageCode: languageOf(req, ctx) });
      return reply.header('etag', `"${row.version}"`).send(row);
    };
    app.put(`${base}/:id/`, access('change'), update(false));
    app.patch(`${base}/:id/`, access('change'), update(true));

    app.delete(`${base}/:id/`, access('delete'), async (req, reply) => {
      const ctx = await context(req, entity, 'delete');
      const id = idOf(req);
      const version = parseVersion(req.headers['if-match']);
      if (version === null) throw fieldErrors({ version: [MESSAGES.integer] });
      const { deleted } = await deleteRecords(ctx, entity, [id], { version, language: languageOf(req, ctx) });
      if (!deleted.length) throw notFound();
      return reply.code(204).send();
    });
  }
};

export default entityRoutes;
