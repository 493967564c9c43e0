import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sendCachedJson } from '../cache/cachedJson.js';
import { signedIn } from '../guards.js';
import { idsBody, nothing, type ZodProvider } from '../schemas.js';
import { API_PREFIXES, MEDIA, pk } from '../services/media/http.js';
import { moveMedia } from '../services/media/move.js';
import { allFolders } from '../services/media/folders.js';
import { folderJson } from '../services/media/serialize.js';
import { readerOf } from '../services/media/usage.js';

// Ids as bulk deletes take them; the folder is required, so a forgotten one never files everything into the root.
const moveBody = idsBody({ folder: z.union([z.null(), pk], { error: 'Incorrect type. Expected pk value or null.' }) });

/**
 * What moving media into folders needs (issue 18): every folder of the site, for the
 * folder picker, and the move of many media in one transaction.
 *   GET  /api/media-folders/tree   view   → { folders: [...] } (unordered; `parent` links them)
 *   POST /api/media/move           change { ids: [...], folder: id | null } → { moved, folder }
 */
const mediaMoves: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodProvider>();
  for (const prefix of API_PREFIXES) {
    app.get(`${prefix}/media-folders/tree`, { ...MEDIA('view'), schema: { querystring: nothing } }, async (req, reply) => {
      const { site: tenant } = signedIn(req);
      return sendCachedJson(reply, tenant.id, 'media-folders-tree', async () => ({ folders: (await allFolders(app.db, tenant.id)).map(folderJson) }));
    });

    app.post(`${prefix}/media/move`, { ...MEDIA('change'), schema: { querystring: nothing, body: moveBody } }, async (req) => {
      const { site: tenant, user } = signedIn(req);
      const { ids, folder } = req.body;
      const moved = await moveMedia(app.db, app.dialect, tenant.id, ids, folder, readerOf(user));
      return { moved, folder };
    });
  }
};

export default mediaMoves;
