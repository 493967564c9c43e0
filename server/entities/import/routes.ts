/**
 * The import routes (docs/decisions.md §27, §33), through the one CRUD route builder, in a
 * context of their own with the multipart parser: every entity declaring `importKeys`, and the
 * dealer users (server/routes/users.ts) with the same two routes —
 *
 *   POST /api<path>/import/          multipart `file` + `options` JSON → 202 {job}
 *   GET  /api<path>/import/mapping/  the columns and keys a file may use, and the caller's last mapping
 *   POST /api<path>/import/headers/  multipart `file` → its headers and the mapping offered for them (the wizard's step 2)
 *
 * The guard lets through whoever may add or change the collection's rows; the import then
 * requires what its mode asks (create: add, update: change, upsert: both, else 403).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { actorOf } from '../../activity/actor.js';
import { fieldError } from '../../errors.js';
import { requireActions, signedIn } from '../../guards.js';
import { crudRoutes, entityCollection, type ExtraRoute, operation } from '../../routes/crud.js';
import { nothing, objectOf } from '../../schemas.js';
import { findJob, insertJob } from '../../services/jobs/store.js';
import { discardStaged, type ReceivedForm, receiveForm, tooLarge } from '../../services/media/upload.js';
import type { EngineContext } from '../context.js';
import type { Registry } from '../registry.js';
import { IMPORT, type ImportPayload } from './job.js';
import { suggestedMapping } from './mapping.js';
import { entityShape, fileHeaders, type ImportShape, MODE_ACTIONS, parseImportOptions, planImport, sweepImportFiles } from './plan.js';
import { importsDir } from './rowsFile.js';
import { liveImportFiles, savedMapping, saveMapping } from './store.js';

export interface ImportRoutesOptions {
  registry: Registry;
  context(req: FastifyRequest): Promise<EngineContext>;
}

const noQuery = objectOf({});
/** A rows file older than this with no live job is an import that ended (or never became a job). */
const STALE_MS = 3600_000;

/** What the two routes need of a collection, from what its operations open (`C`). */
export interface Importable<C> {
  /** The permissions' model: the mode's actions are required on it. */
  model: string;
  siteOf(c: C): number;
  /** The file's columns and keys; may refuse (a collection that does not import on this site). */
  shape(c: C): ImportShape;
  /** What the job needs beyond the rows to write them (accounts: the roster). */
  payload?(c: C, req: FastifyRequest): Partial<ImportPayload>;
}

/** The multipart parser the import routes take their file with, in the caller's own context. */
export async function registerImportParser(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: app.config.media.maxUploadBytes }, throwFileSizeLimit: true });
}

/** `POST …/import/`, `POST …/import/headers/` and `GET …/import/mapping/` of one collection. */
export function importRoutesOf<C>(app: FastifyInstance, importable: Importable<C>): ExtraRoute<C>[] {
  const { stagingDir, maxUploadBytes } = app.config.media;
  const dir = importsDir(app.config.dataDir);

  /**
   * Receives the collection's multipart upload (refused before its body is read when the
   * collection does not import here or the body is declared too large), hands both on, and
   * discards the staged file whatever happens.
   */
  async function withUpload<T>(
    c: C,
    req: FastifyRequest,
    reply: FastifyReply,
    opts: { dataField?: string },
    use: (form: ReceivedForm, shape: ImportShape) => Promise<T>,
  ): Promise<T> {
    let form: ReceivedForm | undefined;
    try {
      const shape = importable.shape(c);
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxUploadBytes + 1024 * 1024) throw tooLarge(maxUploadBytes);
      form = await receiveForm(req, { stagingDir, maxBytes: maxUploadBytes, ...opts });
      return await use(form, shape);
    } catch (error) {
      // An answer before the body was read: the rest of it is not waited for.
      if (!req.raw.readableEnded) reply.header('connection', 'close');
      throw error;
    } finally {
      await discardStaged(form?.file);
    }
  }

  return [
    {
      methods: ['POST'],
      path: '/import',
      action: ['add', 'change'],
      op: operation({ querystring: noQuery, body: nothing }, (c: C, req, reply: FastifyReply) =>
        withUpload(c, req, reply, { dataField: 'options' }, async (form, shape) => {
          const { user } = signedIn(req);
          const owner = { tenantId: importable.siteOf(c), userId: user.id };
          const options = parseImportOptions(form.data ?? {});
          requireActions(req, importable.model, MODE_ACTIONS[options.mode]);
          if (!form.file) throw fieldError('file', 'fileMissing');
          await sweepImportFiles(dir, await liveImportFiles(app.db), STALE_MS);
          const plan = await planImport(shape, form.file.path, dir, options, actorOf(req, user));
          const payload = { ...plan.payload, ...importable.payload?.(c, req) };
          const id = await insertJob(app.db, { ...owner, kind: IMPORT, payload, total: plan.total });
          await saveMapping(app.db, owner, shape.name, plan.mapping, { mode: options.mode, key: plan.payload.key });
          app.jobs.nudge();
          return reply.code(202).send({ job: await findJob(app.db, owner, id) });
        }),
      ),
    },
    {
      methods: ['POST'],
      path: '/import/headers',
      action: ['add', 'change'],
      op: operation({ querystring: noQuery, body: nothing }, (c: C, req, reply: FastifyReply) =>
        withUpload(c, req, reply, {}, async (form, shape) => {
          const { user } = signedIn(req);
          if (!form.file) throw fieldError('file', 'fileMissing');
          const headers = await fileHeaders(form.file.path);
          const saved = await savedMapping(app.db, { tenantId: importable.siteOf(c), userId: user.id }, shape.name);
          return { headers, mapping: suggestedMapping(shape.columns, shape.defaultLanguage, headers, saved?.mapping) };
        }),
      ),
    },
    {
      methods: ['GET'],
      path: '/import/mapping',
      action: ['add', 'change'],
      op: operation({ querystring: noQuery }, async (c: C, req) => {
        const { user } = signedIn(req);
        const shape = importable.shape(c);
        return {
          columns: shape.columns.map((col) => col.header),
          keys: shape.keys,
          saved: await savedMapping(app.db, { tenantId: importable.siteOf(c), userId: user.id }, shape.name),
        };
      }),
    },
  ];
}

const importRoutes: FastifyPluginAsync<ImportRoutesOptions> = async (app, opts) => {
  await registerImportParser(app);
  for (const entity of opts.registry.entities) {
    if (!entity.importKeys) continue;
    crudRoutes<EngineContext>(app, {
      ...entityCollection(entity),
      open: (req) => opts.context(req),
      routes: importRoutesOf<EngineContext>(app, {
        model: entity.model,
        siteOf: (ctx) => ctx.site.id,
        shape: (ctx) => entityShape(ctx, entity),
      }),
    });
  }
};

export default importRoutes;
