import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendCachedJson } from '../cache/cachedJson.js';
import { notFound } from '../errors.js';
import { nothing, objectOf, requiredText } from '../schemas.js';
import { removeKeys } from '../services/media/files.js';
import { allFolders, ancestorsOf, createFolder, deleteFolderTree, foldersFor, getFolder, updateFolder } from '../services/media/folders.js';
import {
  bodyOrIfMatchVersion,
  flag,
  ifMatchVersion,
  intParam,
  languageCode,
  languageFor,
  type Library,
  libraryCollection,
  pk,
  str,
  version,
} from '../services/media/http.js';
import { listMedia, MEDIA_PAGE_SIZE, parseFltr } from '../services/media/library.js';
import { folderJson } from '../services/media/serialize.js';
import { searchWords } from '../list/words.js';
import { MEDIA_WORDS } from '../services/media/terms.js';
import { crudRoutes, operation } from './crud.js';

const listQuery = objectOf({
  page: intParam(1, 1_000_000_000).optional(),
  items: intParam(1, 100).optional(),
  search: str(200).optional(),
  all: flag.optional(),
  fltr: str(200).optional(),
  language_code: languageCode.optional(),
});
type ListQuery = z.output<typeof listQuery>;

const title = requiredText(255);

const createBody = objectOf({ title, parent: pk.nullable().optional() });
const updateBody = objectOf({ title: title.optional(), parent: pk.nullable().optional(), version: version.optional() });

export interface MediaFoldersOptions {
  /** What the routes of one request work with (media.ts). */
  open: (req: FastifyRequest) => Promise<Library>;
}

/**
 * Media folders (docs/spec.md §7, docs/decisions.md §5), served by the one route builder
 * (crud.ts) under /api/media-folders and /backoffice/api/media-folders: the library listing
 * of the root or of a folder (a folder's read) with its media page, folder create / rename /
 * move / delete, and every folder of the site for the folder picker (`/tree`, issue 18:
 * unordered, `parent` links them).
 */
const mediaFolders: FastifyPluginAsync<MediaFoldersOptions> = async (app, { open }) => {
  function list({ site }: Library, q: ListQuery, reply: FastifyReply, folderId: number | null) {
    return sendCachedJson(reply, site.id, `media-folders|${folderId}|${JSON.stringify(q)}`, async () => {
      const folder = folderId === null ? undefined : await getFolder(app.db, site.id, folderId);
      if (folderId !== null && !folder) throw notFound();
      const filter = parseFltr(q.fltr);
      const words = searchWords(q.search ?? '', MEDIA_WORDS);
      const all = q.all ?? false;
      const [folders, media, ancestors] = await Promise.all([
        foldersFor(app.db, site.id, { parentId: folderId, all, words }),
        listMedia(app.db, {
          tenantId: site.id,
          folderId,
          all,
          filter,
          words,
          dataVersion: reply.request.guarded?.dataVersion,
          page: q.page ?? 1,
          pageSize: q.items ?? MEDIA_PAGE_SIZE,
          language: languageFor(site, q.language_code),
        }),
        folder ? ancestorsOf(app.db, site.id, folder) : Promise.resolve([]),
      ]);
      return {
        folders: folders.map(folderJson),
        media,
        parent_folder: folder ? { ...folderJson(folder), ancestors: ancestors.map(folderJson) } : { id: null, ancestors: [] },
      };
    });
  }

  crudRoutes<Library>(app, {
    ...libraryCollection('/media-folders'),
    versions: { update: bodyOrIfMatchVersion, remove: ifMatchVersion },
    open,
    list: operation({ querystring: listQuery }, (lib, req, reply) => list(lib, req.query, reply, null)),
    read: operation({ querystring: listQuery }, (lib, req, id, reply) => list(lib, req.query, reply, id)),
    create: operation({ querystring: nothing, body: createBody }, async ({ site }, { body }) =>
      folderJson(await createFolder(app.db, app.dialect, site.id, { title: body.title, parent: body.parent ?? null })),
    ),
    update: operation({ querystring: nothing, body: updateBody }, async ({ site }, { body }, id, update) =>
      folderJson(await updateFolder(app.db, app.dialect, site.id, id, { title: body.title, parent: body.parent, version: update.version() })),
    ),
    remove: operation({ querystring: nothing, body: nothing }, async ({ site, reader, files }, _req, id, version) => {
      const { keys } = await deleteFolderTree(app.db, app.dialect, site.id, id, version, reader);
      await removeKeys(files, keys);
      return true;
    }),
    routes: [
      {
        methods: ['GET'],
        path: '/tree',
        action: 'view',
        op: operation({ querystring: nothing }, ({ site }, _req, reply) =>
          sendCachedJson(reply, site.id, 'media-folders-tree', async () => ({ folders: (await allFolders(app.db, site.id)).map(folderJson) })),
        ),
      },
    ],
  });
};

export default mediaFolders;
