/**
 * The CRUD API of every declared entity (docs/decisions.md §4), served by the one route
 * builder (server/routes/crud.ts) with the entity engine's operations plugged in. The
 * route's guard has resolved the site (404 when unknown or of a kind the entity's scope
 * does not serve), the user (401), the pages hidden from them (404) and the permission
 * `<action>_<model>` (403); every query then carries that site's tenant_id, so a row of
 * another site is simply not found (404). A singleton entity (one row per site) gets read
 * and update at `/api<path>/` instead (singletonRoutes.ts).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EntityDef } from '../../entities/define.js';
import { ENTITIES } from '../../entities/index.js';
import { actorOf } from '../activity/actor.js';
import { sendCachedJson } from '../cache/cachedJson.js';
import { fieldError, fieldErrors, notFound } from '../errors.js';
import { signedIn } from '../guards.js';
import { code } from '../zodProblems.js';
import { bulkDeleteInput, crudRoutes, entityCollection, operation } from '../routes/crud.js';
import { entityBody, nothing, rawQuery } from '../schemas.js';
import { BULK_UPDATE, bulkUpdateBody, planBulkUpdate } from '../services/jobs/bulkUpdate.js';
import { findJob, insertJob } from '../services/jobs/store.js';
import { userMarketOf } from '../services/principal.js';
import type { Tenant } from '../services/tenants.js';
import { createAcross, masterView, removeAcross, removeManyAcross, spanOf, updateAcross } from './acrossSites.js';
import { type EngineContext, hasTable, type Site } from './context.js';
import { listRecords } from './list/listRecords.js';
import { parseListQuery } from './list/query.js';
import { loadRecord, presentDetail } from './read.js';
import { flagColumns, flagsOf } from './listFlags.js';
import { MEDIA_TABLE } from './references.js';
import { Registry } from './registry.js';
import { exportList, exportParams, selectedIds } from './export/exportList.js';
import importRoutes from './import/routes.js';
import { hasDrafts } from '../../entities/drafts.js';
import { registerDraftRoutes } from './drafts/routes.js';
import { hasSchedule } from '../../entities/schedule.js';
import { scheduleRoute } from './schedule/routes.js';
import { registerRevisionRoutes } from './revisions/routes.js';
import { registerSingletonRoutes } from './singletonRoutes.js';
import { deleteRecords, insertRecord, writeUpdate } from './write.js';

export interface EntityRoutesOptions {
  /** Declarations to serve; default every entity of entities/index.ts. */
  entities?: readonly EntityDef[];
}

export const siteOf = (tenant: Tenant): Site => ({
  id: tenant.id,
  kind: tenant.kind,
  languages: tenant.languages.length ? tenant.languages : [tenant.default_language],
  default_language: tenant.default_language,
  market: tenant.market_id,
  domain: tenant.domain,
});

// `?language_code=` given once; whether the site has it is the site's to say (languageOf).
const language = { language_code: z.string({ error: code('once') }).optional() };
const languageQuery = z.object(language);
/** A list's other parameters are the list engine's to parse (list/query.ts parseListQuery). */
const listQuery = z.object(language).catchall(z.union([z.string(), z.array(z.string())]));
/** An export takes the list's query, its format and the selected ids. */
const exportQuery = z.object({ ...language, ...exportParams }).catchall(z.union([z.string(), z.array(z.string())]));

const entityRoutes: FastifyPluginAsync<EntityRoutesOptions> = async (app, opts) => {
  const registry = new Registry(opts.entities ?? ENTITIES);
  let media: boolean | undefined;

  /** The request's context; on the master site, an entity served across sites spans the sites the user reaches. */
  async function context(req: FastifyRequest, entity?: EntityDef): Promise<EngineContext> {
    const { site, user } = signedIn(req);
    media ??= await hasTable(app.db, app.dialect, MEDIA_TABLE);
    const ctx: EngineContext = {
      db: app.db,
      dialect: app.dialect,
      registry,
      site: siteOf(site),
      media,
      userMarket: userMarketOf(user),
      actor: actorOf(req, user),
      dataVersion: req.guarded?.dataVersion,
    };
    if (!entity?.acrossSites || site.kind !== 'default') return ctx;
    return { ...ctx, userMarket: undefined, span: await spanOf(app.db, user) };
  }

  function languageOf(req: FastifyRequest, ctx: EngineContext): string | undefined {
    const raw = (req.query as { language_code?: string }).language_code;
    if (raw === undefined || raw === '') return undefined;
    if (!ctx.site.languages.includes(raw)) throw fieldError('language_code', 'language', { value: raw.slice(0, 20) });
    return raw;
  }

  // Imports take a multipart body: their routes get the parser in a context of their own.
  await app.register(importRoutes, { registry, context: (req) => context(req) });

  for (const entity of registry.entities) {
    const drafts = hasDrafts(entity);
    if (drafts) registerDraftRoutes(app, entity, { context: (req) => context(req, entity), languageOf });
    if (entity.singleton) {
      registerSingletonRoutes(app, entity, { context, languageOf, query: languageQuery });
      continue;
    }
    // A dealer entity's list reads only its own site's rows (and media): that site's data version covers it.
    const cached = entity.scope === 'dealer';
    const write = { querystring: languageQuery, body: entityBody };
    // Across sites (the master's list of a dealer entity) reads see the site field, and writes go to the row's site.
    const across = (ctx: EngineContext) => ctx.span !== undefined;
    const viewOf = (ctx: EngineContext) => (across(ctx) ? masterView(entity) : entity);
    /**
     * The row as its form loads it, read, created or updated: the detail with, for an entity
     * with drafts, its flags (listFlags.ts), all in the row's one statement.
     */
    const detail = async (ctx: EngineContext, id: number, language: string) => {
      const view = viewOf(ctx);
      const loaded = await loadRecord(ctx, view, id, { titlesIn: language, columns: flagColumns(ctx, entity) });
      return loaded && { ...(await presentDetail(ctx, view, loaded, language)), ...flagsOf(entity, loaded.row) };
    };
    /** The detail of a row just written (gone already, as a concurrent delete can make it: 404). */
    const written = async (ctx: EngineContext, id: number, language: string) => {
      const row = await detail(ctx, id, language);
      if (!row) throw notFound();
      return row;
    };
    if (!entity.readOnly) registerRevisionRoutes(app, entity, { context: (req) => context(req, entity), languageOf });
    crudRoutes<EngineContext>(app, {
      ...entityCollection(entity),
      open: (req) => context(req, entity),
      list: operation({ querystring: listQuery }, async (ctx, req, reply) => {
        const language = languageOf(req, ctx) ?? ctx.site.default_language;
        const view = viewOf(ctx);
        const { query, errors } = parseListQuery(view, req.query);
        if (Object.keys(errors).length) throw fieldErrors(errors);
        // A draft's save moves the site's data version too: the flags are as cacheable as the rows.
        const read = async () => listRecords(ctx, view, query, language, { flags: true });
        // A list across sites reads many sites' rows: no one site's data version covers it.
        if (!cached || across(ctx)) return read();
        return sendCachedJson(reply, ctx.site.id, `${entity.name}|${language}|${ctx.userMarket ?? ''}|${JSON.stringify(query)}`, read);
      }),
      // The collection's own routes: each declared per entity, beside the seven of every collection.
      routes: [
        // Declared per entity (`exportable`): the list's rows as a file, by the list's own rules.
        ...(entity.exportable
          ? [
              {
                methods: ['GET' as const],
                path: '/export',
                action: 'view' as const,
                op: operation({ querystring: exportQuery }, async (ctx: EngineContext, req, reply: FastifyReply) => {
                  const view = viewOf(ctx);
                  const { format, ids, ...rest } = req.query;
                  const { query, errors } = parseListQuery(view, rest);
                  if (Object.keys(errors).length) throw fieldErrors(errors);
                  if (ids !== undefined) query.filters.push(selectedIds(ids));
                  return exportList(ctx, view, query, format, reply);
                }),
              },
            ]
          : []),
        ...(hasSchedule(entity) ? [scheduleRoute(entity, languageOf)] : []),
        // A bulk edit is a job (server/services/jobs/bulkUpdate.ts): 202 with the job queued.
        ...(!entity.readOnly && entity.bulkEdit?.length
          ? [
              {
                methods: ['POST' as const],
                path: '/bulk_update',
                action: 'change' as const,
                op: operation({ querystring: rawQuery, body: bulkUpdateBody }, async (ctx: EngineContext, req, reply: FastifyReply) => {
                  const { user } = signedIn(req);
                  const plan = await planBulkUpdate(ctx, entity, req.body);
                  const owner = { tenantId: ctx.site.id, userId: user.id };
                  const id = await insertJob(app.db, { ...owner, kind: BULK_UPDATE, ...plan });
                  app.jobs.nudge();
                  return reply.code(202).send({ job: await findJob(app.db, owner, id) });
                }),
              },
            ]
          : []),
      ],
      read: operation({ querystring: languageQuery }, async (ctx, req, id) => {
        return detail(ctx, id, languageOf(req, ctx) ?? ctx.site.default_language);
      }),
      // Rows the server alone writes (indexing logs): no write routes at all.
      ...(entity.readOnly
        ? {}
        : {
            create: operation(write, async (ctx, req) => {
              const opts = { languageCode: languageOf(req, ctx) };
              const language = opts.languageCode ?? ctx.site.default_language;
              if (across(ctx)) return createAcross(ctx, entity, req.body, opts, language);
              return written(ctx, await insertRecord(ctx, entity, req.body, opts), language);
            }),
            update: operation(write, async (ctx, req, id, { partial, version }) => {
              const opts = { partial, version: version(), languageCode: languageOf(req, ctx) };
              const language = opts.languageCode ?? ctx.site.default_language;
              if (across(ctx)) return updateAcross(ctx, entity, id, req.body, opts, language);
              await writeUpdate(ctx, entity, id, req.body, opts);
              return written(ctx, id, language);
            }),
            remove: operation({ querystring: languageQuery, body: nothing }, async (ctx, req, id, version) => {
              const opts = { version, language: languageOf(req, ctx) };
              if (across(ctx)) return removeAcross(ctx, entity, id, opts);
              const { deleted } = await deleteRecords(ctx, entity, [id], opts);
              return deleted.length > 0;
            }),
            removeMany: operation(bulkDeleteInput, (ctx, req) =>
              across(ctx) ? removeManyAcross(ctx, entity, req.body.ids) : deleteRecords(ctx, entity, req.body.ids),
            ),
          }),
    });
  }
};

export default entityRoutes;
