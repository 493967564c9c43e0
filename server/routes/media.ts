import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PUBLIC } from '../access.js';
import { fieldError, notFound } from '../errors.js';
import { signedIn } from '../guards.js';
import { getFolder } from '../services/media/folders.js';
import { createMedia, type MediaContext, removeKeys, replaceMediaFile } from '../services/media/files.js';
import {
  API_PREFIXES,
  MEDIA,
  ifMatchVersion,
  languageCode,
  languageFor,
  pk,
  translationFields,
  version,
} from '../services/media/http.js';
import { deleteMedia, getMediaDetail, getMediaRow, mediaDetail, type TranslationInput, updateMedia } from '../services/media/library.js';
import { ImagePool } from '../services/media/imagePool.js';
import { discardStaged, type ReceivedForm, receiveForm, tooLarge } from '../services/media/upload.js';
import { serveMediaFile } from '../services/media/serve.js';
import { assertMediaYours, readerOf } from '../services/media/usage.js';
import mediaFolders from './mediaFolders.js';
import { isLanguage } from '../../locales/languages.js';
import { LocalDiskStorage, type MediaStorage } from '../storage/index.js';
import { absentAsEmpty, idParams, nothing, objectOf, parseOr400, type ZodProvider } from '../schemas.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files are kept (set by the media routes). */
    mediaStorage: MediaStorage;
  }
}

const uploadData = translationFields.extend({
  folder: pk.nullable().optional(),
  language_code: languageCode.optional(),
});

const replaceData = z.object({ version: version.optional() });

const patchBody = absentAsEmpty(
  translationFields
    .extend({
      folder: pk.nullable().optional(),
      language_code: languageCode.optional(),
      translations: z
        .record(z.string(), translationFields.nullable(), { error: 'Expected an object keyed by language code.' })
        .optional(),
      version: version.optional(),
    })
    .superRefine((body, ctx) => {
      for (const key of Object.keys(body.translations ?? {})) {
        if (!isLanguage(key)) ctx.addIssue({ code: 'custom', path: ['translations', key], message: `Unknown language "${key.slice(0, 20)}".` });
      }
    }),
);

const detailQuery = objectOf({ language_code: languageCode.optional() });
const fileParams = z.object({ '*': z.string() });
type Id = z.output<typeof idParams>;
type DetailQuery = z.output<typeof detailQuery>;

// A multipart body is read as a stream by the handler, not parsed before it: its `data`
// part is checked against uploadData or replaceData as the form is read.
const streamedForm = nothing;

/**
 * Media items (docs/spec.md §7, docs/decisions.md §5): upload, read, edit, replace the file, delete, under
 * /api/media and /backoffice/api/media; and the files themselves under /media/<key>.
 */
const media: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodProvider>();
  const { dir, stagingDir, maxUploadBytes } = app.config.media;
  const storage = new LocalDiskStorage(dir);
  app.decorate('mediaStorage', storage);
  await app.register(multipart, { limits: { fileSize: maxUploadBytes }, throwFileSizeLimit: true });
  await app.register(mediaFolders);

  const images = new ImagePool(app.config.images);
  app.addHook('onClose', () => images.close());
  const ctx = (req: FastifyRequest): MediaContext => ({ db: app.db, dialect: app.dialect, storage, log: req.log, images });

  /** Reads the multipart body; a declared length over the limit is refused before a byte is read. */
  async function receive(req: FastifyRequest): Promise<ReceivedForm> {
    const declared = Number(req.headers['content-length']);
    // The data part and multipart framing ride along with the file: allow them 1 MB.
    if (Number.isFinite(declared) && declared > maxUploadBytes + 1024 * 1024) throw tooLarge(maxUploadBytes);
    return receiveForm(req, { stagingDir, maxBytes: maxUploadBytes });
  }

  /** A refused upload may leave the client still sending: close the connection rather than read it all. */
  function closeIfUnread(req: FastifyRequest, reply: FastifyReply) {
    if (!req.raw.readableEnded) reply.header('connection', 'close');
  }

  for (const prefix of API_PREFIXES) {
    app.post(`${prefix}/media`, { ...MEDIA('add'), schema: { querystring: nothing, body: streamedForm } }, async (req, reply) => {
      const { site: tenant, user } = signedIn(req);
      let form: ReceivedForm | undefined;
      try {
        form = await receive(req);
        if (!form.file) throw fieldError('file', 'fileMissing');
        const data = parseOr400(uploadData, form.data ?? {});
        const folder = data.folder ?? null;
        if (folder !== null && !(await getFolder(app.db, tenant.id, folder))) {
          throw fieldError('folder', 'missing', { id: String(folder) });
        }
        const language = languageFor(tenant, data.language_code);
        const row = await createMedia(ctx(req), tenant.id, form.file, {
          folder,
          language,
          title: data.title?.trim() ? data.title : undefined,
          alt_text: data.alt_text?.trim() ? data.alt_text : undefined,
          description: data.description,
        });
        return reply.code(201).send(await mediaDetail(app.db, tenant.id, row, language, readerOf(user)));
      } catch (error) {
        closeIfUnread(req, reply);
        throw error;
      } finally {
        await discardStaged(form?.file);
      }
    });

    app.get(`${prefix}/media/:id`, { ...MEDIA('view'), schema: { params: idParams, querystring: detailQuery } }, async (req) => {
      const { site: tenant, user } = signedIn(req);
      return getMediaDetail(app.db, tenant.id, req.params.id, languageFor(tenant, req.query.language_code), readerOf(user));
    });

    const patch = async (req: FastifyRequest<{ Params: Id; Querystring: DetailQuery; Body: z.output<typeof patchBody> }>) => {
      const { site: tenant, user } = signedIn(req);
      const reader = readerOf(user);
      const { id } = req.params;
      const { query, body } = req;
      const language = languageFor(tenant, body.language_code ?? query.language_code);
      const translations: Record<string, TranslationInput | null> = { ...(body.translations ?? {}) };
      const flat: TranslationInput = {};
      if (body.title !== undefined) flat.title = body.title;
      if (body.alt_text !== undefined) flat.alt_text = body.alt_text;
      if (body.description !== undefined) flat.description = body.description;
      if (Object.keys(flat).length) translations[language] = { ...(translations[language] ?? {}), ...flat };
      const row = await updateMedia(
        app.db,
        app.dialect,
        tenant.id,
        id,
        { folder: body.folder, translations, version: body.version ?? ifMatchVersion(req) },
        language,
        reader,
      );
      return mediaDetail(app.db, tenant.id, row, language, reader);
    };
    const edit = { ...MEDIA('change'), schema: { params: idParams, querystring: detailQuery, body: patchBody } };
    app.patch(`${prefix}/media/:id`, edit, patch);
    app.put(`${prefix}/media/:id`, edit, patch);

    /** Replaces the file, keeping the media's URL: multipart `file` (+ optional `data` {version}). */
    const replace = async (req: FastifyRequest<{ Params: Id; Querystring: DetailQuery }>, reply: FastifyReply) => {
      const { site: tenant, user } = signedIn(req);
      const reader = readerOf(user);
      const { id } = req.params;
      const language = languageFor(tenant, req.query.language_code);
      if (!(await getMediaRow(app.db, tenant.id, id))) throw notFound();
      // Before a byte of the file is read; checked again where the file is replaced.
      await assertMediaYours(app.db, tenant.id, [id], reader);
      let form: ReceivedForm | undefined;
      try {
        form = await receive(req);
        if (!form.file) throw fieldError('file', 'fileMissing');
        const data = parseOr400(replaceData, form.data ?? {});
        const row = await replaceMediaFile(ctx(req), tenant.id, id, form.file, data.version ?? ifMatchVersion(req), language, reader);
        return mediaDetail(app.db, tenant.id, row, language, reader);
      } catch (error) {
        closeIfUnread(req, reply);
        throw error;
      } finally {
        await discardStaged(form?.file);
      }
    };
    const replacing = { ...MEDIA('change'), schema: { params: idParams, querystring: detailQuery, body: streamedForm } };
    app.put(`${prefix}/media/:id/file`, replacing, replace);
    app.post(`${prefix}/media/:id/file`, replacing, replace);

    app.delete(`${prefix}/media/:id`, { ...MEDIA('delete'), schema: { params: idParams, querystring: nothing, body: nothing } }, async (req, reply) => {
      const { site: tenant, user } = signedIn(req);
      const keys = await deleteMedia(app.db, app.dialect, tenant.id, req.params.id, readerOf(user));
      await removeKeys(ctx(req), keys);
      return reply.code(204).send();
    });
  }

  app.get('/media/*', { ...PUBLIC, schema: { params: fileParams, querystring: nothing } }, async (req, reply) => {
    const key = req.params['*'];
    return serveMediaFile(app.db, storage, key, req, reply);
  });
};

export default media;
