import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendCachedJson } from '../cache/cachedJson.js';
import { notFound } from '../errors.js';
import { requirePermission, requireTenant } from '../guards.js';
import { removeKeys } from '../services/media/files.js';
import { ancestorsOf, createFolder, deleteFolderTree, foldersFor, getFolder, updateFolder } from '../services/media/folders.js';
import { readerOf } from '../services/media/usage.js';
import { API_PREFIXES, flag, MEDIA, idParam, ifMatchVersion, intParam, languageCode, languageFor, pk, str, version } from '../services/media/http.js';
import { listMedia, MEDIA_PAGE_SIZE, parseFltr } from '../services/media/library.js';
import mediaMoves from './mediaMoves.js';
import { folderJson } from '../services/media/serialize.js';
import { MEDIA_WORDS } from '../services/media/terms.js';
import { searchWords } from '../list/words.js';
import type { Tenant } from '../services/tenants.js';
import { parseOr400 } from '../validation.js';

const listQuery = z.object({
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

const createBody = z.object({ title, parent: pk.nullable().optional() });
const updateBody = z.object({ title: title.optional(), parent: pk.nullable().optional(), version: version.optional() });

/**
 * Media folders (docs/spec.md §7, docs/decisions.md §5): the library listing of a folder with its media
 * page, and folder create / rename / move / delete, under /api/media-folders and
 * /backoffice/api/media-folders.
 */
const mediaFolders: FastifyPluginAsync = async (app) => {
  await app.register(mediaMoves);

  async function list(req: FastifyRequest, reply: FastifyReply, folderId: number | null) {
    await requirePermission(req, 'view', 'media');
    const tenant = await requireTenant(req);
    const q = parseOr400(listQuery, req.query);
    return sendCachedJson(reply, tenant.id, `media-folders|${folderId}|${JSON.stringify(q)}`, () => listing(tenant, q, folderId));
  }

  async function listing(tenant: Tenant, q: z.infer<typeof listQuery>, folderId: number | null) {
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

    app.get(base, MEDIA('view'), (req, reply) => list(req, reply, null));
    app.get(`${base}/:id`, MEDIA('view'), (req, reply) => list(req, reply, idParam(req)));

    app.post(base, MEDIA('add'), async (req, reply) => {
      await requirePermission(req, 'add', 'media');
      const tenant = await requireTenant(req);
      const body = parseOr400(createBody, req.body);
      const row = await createFolder(app.db, app.dialect, tenant.id, { title: body.title, parent: body.parent ?? null });
      return reply.code(201).send(folderJson(row));
    });

    const update = async (req: FastifyRequest) => {
      await requirePermission(req, 'change', 'media');
      const tenant = await requireTenant(req);
      const id = idParam(req);
      const body = parseOr400(updateBody, req.body);
      const row = await updateFolder(app.db, app.dialect, tenant.id, id, {
        title: body.title,
        parent: body.parent,
        version: body.version ?? ifMatchVersion(req),
      });
      return folderJson(row);
    };
    app.put(`${base}/:id`, MEDIA('change'), update);
    app.patch(`${base}/:id`, MEDIA('change'), update);

    app.delete(`${base}/:id`, MEDIA('delete'), async (req, reply) => {
      const user = await requirePermission(req, 'delete', 'media');
      const tenant = await requireTenant(req);
      const id = idParam(req);
      const { keys } = await deleteFolderTree(app.db, app.dialect, tenant.id, id, ifMatchVersion(req), readerOf(user));
      await removeKeys({ storage: app.mediaStorage, log: req.log }, keys);
      return reply.code(204).send();
    });
  }
};

export default mediaFolders;
