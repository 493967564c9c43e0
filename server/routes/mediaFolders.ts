import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendCachedJson } from '../cache/cachedJson.js';
import { notFound } from '../errors.js';
import { signedIn } from '../guards.js';
import { removeKeys } from '../services/media/files.js';
import { ancestorsOf, createFolder, deleteFolderTree, foldersFor, getFolder, updateFolder } from '../services/media/folders.js';
import { readerOf } from '../services/media/usage.js';
import { API_PREFIXES, flag, MEDIA, ifMatchVersion, intParam, languageCode, languageFor, pk, str, version } from '../services/media/http.js';
import { listMedia, MEDIA_PAGE_SIZE, parseFltr } from '../services/media/library.js';
import mediaMoves from './mediaMoves.js';
import { folderJson } from '../services/media/serialize.js';
import { MEDIA_WORDS } from '../services/media/terms.js';
import { searchWords } from '../list/words.js';
import type { Tenant } from '../services/tenants.js';
import { idParams, nothing, objectOf, type ZodProvider } from '../schemas.js';

const listQuery = objectOf({
  page: intParam(1, 1_000_000_000).optional(),
  items: intParam(1, 100).optional(),
  search: str(200).optional(),
  all: flag.optional(),
  fltr: str(200).optional(),
  language_code: languageCode.optional(),
});

const title = z
  .string({ error: (i) => (i.input === undefined ? 'This field is required.' : 'Not a valid string.') })
  .max(255, 'Ensure this field has no more than 255 characters.')
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'This field may not be blank.'));

const createBody = objectOf({ title, parent: pk.nullable().optional() });
const updateBody = objectOf({ title: title.optional(), parent: pk.nullable().optional(), version: version.optional() });

/**
 * Media folders (docs/spec.md §7, docs/decisions.md §5): the library listing of a folder with its media
 * page, and folder create / rename / move / delete, under /api/media-folders and
 * /backoffice/api/media-folders.
 */
type ListQuery = z.output<typeof listQuery>;

const mediaFolders: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodProvider>();
  await app.register(mediaMoves);

  async function list(req: FastifyRequest, q: ListQuery, reply: FastifyReply, folderId: number | null) {
    const { site: tenant } = signedIn(req);
    return sendCachedJson(reply, tenant.id, `media-folders|${folderId}|${JSON.stringify(q)}`, () => listing(tenant, q, folderId));
  }

  async function listing(tenant: Tenant, q: ListQuery, folderId: number | null) {
    const folder = folderId === null ? undefined : await getFolder(app.db, tenant.id, folderId);
    if (folderId !== null && !folder) throw notFound();
    const filter = parseFltr(q.fltr);
    const words = searchWords(q.search ?? '', MEDIA_WORDS);
    const all = q.all ?? false;
    const [folders, media, ancestors] = await Promise.all([
      foldersFor(app.db, tenant.id, { parentId: folderId, all, words }),
      listMedia(app.db, {
        tenantId: tenant.id,
        folderId,
        all,
        filter,
        words,
        page: q.page ?? 1,
        pageSize: q.items ?? MEDIA_PAGE_SIZE,
        language: languageFor(tenant, q.language_code),
      }),
      folder ? ancestorsOf(app.db, tenant.id, folder) : Promise.resolve([]),
    ]);
    return {
      folders: folders.map(folderJson),
      media,
      parent_folder: folder ? { ...folderJson(folder), ancestors: ancestors.map(folderJson) } : { id: null, ancestors: [] },
    };
  }

  for (const prefix of API_PREFIXES) {
    const base = `${prefix}/media-folders`;

    app.get(base, { ...MEDIA('view'), schema: { querystring: listQuery } }, (req, reply) => list(req, req.query, reply, null));
    app.get(`${base}/:id`, { ...MEDIA('view'), schema: { params: idParams, querystring: listQuery } }, (req, reply) => list(req, req.query, reply, req.params.id));

    app.post(base, { ...MEDIA('add'), schema: { querystring: nothing, body: createBody } }, async (req, reply) => {
      const { site: tenant } = signedIn(req);
      const { body } = req;
      const row = await createFolder(app.db, app.dialect, tenant.id, { title: body.title, parent: body.parent ?? null });
      return reply.code(201).send(folderJson(row));
    });

    const update = async (req: FastifyRequest<{ Params: z.output<typeof idParams>; Body: z.output<typeof updateBody> }>) => {
      const { site: tenant } = signedIn(req);
      const { body } = req;
      const row = await updateFolder(app.db, app.dialect, tenant.id, req.params.id, {
        title: body.title,
        parent: body.parent,
        version: body.version ?? ifMatchVersion(req),
      });
      return folderJson(row);
    };
    const edit = { ...MEDIA('change'), schema: { params: idParams, querystring: nothing, body: updateBody } };
    app.put(`${base}/:id`, edit, update);
    app.patch(`${base}/:id`, edit, update);

    app.delete(`${base}/:id`, { ...MEDIA('delete'), schema: { params: idParams, querystring: nothing, body: nothing } }, async (req, reply) => {
      const { site: tenant, user } = signedIn(req);
      const { keys } = await deleteFolderTree(app.db, app.dialect, tenant.id, req.params.id, ifMatchVersion(req), readerOf(user));
      await removeKeys({ storage: app.mediaStorage, log: req.log }, keys);
      return reply.code(204).send();
    });
  }
};

export default mediaFolders;
