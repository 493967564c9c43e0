import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isLanguage } from '../../locales/languages.js';
import { PUBLIC } from '../access.js';
import { fieldError, notFound } from '../errors.js';
import { signedIn } from '../guards.js';
import { absentAsEmpty, idsBody, nothing, objectOf, parseOr400, type ZodProvider } from '../schemas.js';
import { createMedia, removeKeys, replaceMediaFile, type Uploader } from '../services/media/files.js';
import { getFolder } from '../services/media/folders.js';
import {
  bodyOrIfMatchVersion,
  ifMatchVersion,
  languageCode,
  languageFor,
  type Library,
  libraryCollection,
  pk,
  translationFields,
  version,
} from '../services/media/http.js';
import { deleteMedia, getMediaDetail, getMediaRow, mediaDetail, type TranslationInput, updateMedia } from '../services/media/library.js';
import { moveMedia } from '../services/media/move.js';
import { serveMediaFile } from '../services/media/serve.js';
import { discardStaged, type ReceivedForm, receiveForm, type StagedFile, tooLarge } from '../services/media/upload.js';
import { assertMediaYours, readerOf } from '../services/media/usage.js';
import { openMediaStorage } from '../storage/index.js';
import { crudRoutes, operation } from './crud.js';
import mediaFolders from './mediaFolders.js';
import { code, problemIssue } from '../zodProblems.js';

const uploadData = translationFields.extend({
  folder: pk.nullable().optional(),
  language_code: languageCode.optional(),
});

const replaceData = z.object({ version: version.optional() });

/** A coordinate of the focal point: a fraction of the image's width or height from its top left. */
const fraction = z
  .number({ error: code('number') })
  .min(0, code('minValue'))
  .max(1, code('maxValue'));

const focalPoint = z.object({ x: fraction, y: fraction }).strict();

const patchBody = absentAsEmpty(
  translationFields
    .extend({
      folder: pk.nullable().optional(),
      focal_point: focalPoint.nullable().optional(),
      language_code: languageCode.optional(),
      translations: z.record(z.string(), translationFields.nullable(), { error: code('translationsObject') }).optional(),
      version: version.optional(),
    })
    .superRefine((body, ctx) => {
      for (const key of Object.keys(body.translations ?? {})) {
        if (!isLanguage(key)) ctx.addIssue(problemIssue(['translations', key], { code: 'languageUnknown', params: { value: key.slice(0, 20) } }));
      }
    }),
);

const detailQuery = objectOf({ language_code: languageCode.optional() });
const fileParams = z.object({ '*': z.string() });

// A multipart body is read as a stream by the operation, not parsed before it: its `data`
// part is checked against uploadData or replaceData as the form is read.
const streamedForm = nothing;

// Ids as bulk deletes take them; the folder is required, so a forgotten one never files everything into the root.
const moveBody = idsBody({ folder: z.union([z.null(), pk], { error: code('pkOrNull') }) });

/**
 * Media items (docs/spec.md §7, docs/decisions.md §5), served by the one route builder
 * (crud.ts) under /api/media and /backoffice/api/media: upload (multipart), read, edit,
 * delete, and beside them the file's replacement (`/:id/file`, multipart, keeping the URL)
 * and the move of many media into a folder (`/move`, issue 18). The library's listing is the
 * folders' (mediaFolders.ts). The files themselves are under /media/<key>.
 */
const media: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodProvider>();
  const { stagingDir, maxUploadBytes } = app.config.media;
  const storage = openMediaStorage(app.config);
  app.addHook('onClose', () => storage.close());
  await app.register(multipart, { limits: { fileSize: maxUploadBytes }, throwFileSizeLimit: true });

  const uploader = (req: FastifyRequest): Uploader => {
    const { site, user } = signedIn(req);
    return { tenantId: site.id, userId: user.id };
  };

  async function open(req: FastifyRequest): Promise<Library> {
    const { site, user } = signedIn(req);
    return { site, reader: readerOf(user), files: { db: app.db, dialect: app.dialect, storage, log: req.log } };
  }
  await app.register(mediaFolders, { open });

  /**
   * Runs `use` on the multipart body's file and `data` part, and discards the staged file
   * afterwards. A declared length over the limit is refused before a byte is read; a refused
   * upload may leave the client still sending, so the connection is closed rather than read.
   */
  async function withUpload<T>(req: FastifyRequest, reply: FastifyReply, use: (file: StagedFile, data: unknown) => Promise<T>): Promise<T> {
    let form: ReceivedForm | undefined;
    try {
      const declared = Number(req.headers['content-length']);
      // The data part and multipart framing ride along with the file: allow them 1 MB.
      if (Number.isFinite(declared) && declared > maxUploadBytes + 1024 * 1024) throw tooLarge(maxUploadBytes);
      form = await receiveForm(req, { stagingDir, maxBytes: maxUploadBytes });
      if (!form.file) throw fieldError('file', 'fileMissing');
      return await use(form.file, form.data ?? {});
    } catch (error) {
      if (!req.raw.readableEnded) reply.header('connection', 'close');
      throw error;
    } finally {
      await discardStaged(form?.file);
    }
  }

  crudRoutes<Library>(app, {
    ...libraryCollection('/media'),
    versions: { update: bodyOrIfMatchVersion },
    open,
    create: operation({ querystring: nothing, body: streamedForm }, ({ site, reader, files }, req, reply) =>
      withUpload(req, reply, async (file, raw) => {
        const data = parseOr400(uploadData, raw);
        const folder = data.folder ?? null;
        if (folder !== null && !(await getFolder(app.db, site.id, folder))) {
          throw fieldError('folder', 'missing', { id: String(folder) });
        }
        const language = languageFor(site, data.language_code);
        const row = await createMedia(files, uploader(req), file, {
          folder,
          language,
          title: data.title?.trim() ? data.title : undefined,
          alt_text: data.alt_text?.trim() ? data.alt_text : undefined,
          description: data.description,
        });
        if (row.processing) app.jobs.nudge();
        return mediaDetail(app.db, site.id, row, language, reader);
      }),
    ),
    read: operation({ querystring: detailQuery }, ({ site, reader }, req, id) =>
      getMediaDetail(app.db, site.id, id, languageFor(site, req.query.language_code), reader),
    ),
    update: operation({ querystring: detailQuery, body: patchBody }, async ({ site, reader }, req, id, update) => {
      const { query, body } = req;
      const language = languageFor(site, body.language_code ?? query.language_code);
      const translations: Record<string, TranslationInput | null> = { ...(body.translations ?? {}) };
      const flat: TranslationInput = {};
      if (body.title !== undefined) flat.title = body.title;
      if (body.alt_text !== undefined) flat.alt_text = body.alt_text;
      if (body.description !== undefined) flat.description = body.description;
      if (Object.keys(flat).length) translations[language] = { ...(translations[language] ?? {}), ...flat };
      const input = { folder: body.folder, focal: body.focal_point, translations, version: update.version() };
      const row = await updateMedia(app.db, app.dialect, site.id, id, input, language, reader);
      return mediaDetail(app.db, site.id, row, language, reader);
    }),
    remove: operation({ querystring: nothing, body: nothing }, async ({ site, reader, files }, _req, id) => {
      await removeKeys(files, await deleteMedia(app.db, app.dialect, site.id, id, reader));
      return true;
    }),
    routes: [
      {
        methods: ['PUT', 'POST'],
        path: '/file',
        action: 'change',
        row: true,
        op: operation({ querystring: detailQuery, body: streamedForm }, async ({ site, reader, files }, req, id, reply) => {
          const language = languageFor(site, req.query.language_code);
          if (!(await getMediaRow(app.db, site.id, id))) throw notFound();
          // Before a byte of the file is read; checked again where the file is replaced.
          await assertMediaYours(app.db, site.id, [id], reader);
          return withUpload(req, reply, async (file, raw) => {
            const data = parseOr400(replaceData, raw);
            const row = await replaceMediaFile(files, uploader(req), id, file, data.version ?? ifMatchVersion(req), language, reader);
            if (row.processing) app.jobs.nudge();
            return mediaDetail(app.db, site.id, row, language, reader);
          });
        }),
      },
      {
        methods: ['POST'],
        path: '/move',
        action: 'change',
        op: operation({ querystring: nothing, body: moveBody }, async ({ site, reader }, req) => {
          const { ids, folder } = req.body;
          return { moved: await moveMedia(app.db, app.dialect, site.id, ids, folder, reader), folder };
        }),
      },
    ],
  });

  app.get('/media/*', { ...PUBLIC, schema: { params: fileParams, querystring: nothing } }, async (req, reply) => {
    const key = req.params['*'];
    return serveMediaFile(app.db, storage, app.renditions, key, req, reply);
  });
};

export default media;
