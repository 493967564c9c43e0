import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sendCachedJson } from '../cache/cachedJson.js';
import { bulkIdsOf } from '../entities/routes.js';
import { requirePermission, requireTenant } from '../guards.js';
import { API_PREFIXES, MEDIA, pk } from '../services/media/http.js';
import { moveMedia } from '../services/media/move.js';
import { allFolders } from '../services/media/folders.js';
import { folderJson } from '../services/media/serialize.js';
import { readerOf } from '../services/media/usage.js';
import { parseOr400 } from '../validation.js';

// Ids as bulk deletes take them (bulkIdsOf); the folder is required, so a forgotten one never files everything into the root.
const moveBody = z.object({ folder: z.union([z.null(), pk], { error: 'Incorrect type. Expected pk value or null.' }) });

/**
 * What moving media into folders needs (issue 18): every folder of the site, for the
 * folder picker, and the move of many media in one transaction.
 *   GET  /api/media-folders/tree   view   → { folders: [...] } (unordered; `parent` links them)
 *   POST /api/media/move           change { ids: [...], folder: id | null } → { moved, folder }
 */
const mediaMoves: FastifyPluginAsync = async (app) => {
  for (const prefix of API_PREFIXES) {
    app.get(`${prefix}/media-folders/tree`, MEDIA('view'), async (req, reply) => {
      await requirePermission(req, 'view', 'media');
      const tenant = await requireTenant(req);
      return sendCachedJson(reply, tenant.id, 'media-folders-tree', async () => ({ folders: (await allFolders(app.db, tenant.id)).map(folderJson) }));
    });

    app.post(`${prefix}/media/move`, MEDIA('change'), async (req) => {
      const reader = readerOf(await requirePermission(req, 'change', 'media'));
      const tenant = await requireTenant(req);
      const ids = bulkIdsOf(req.body);
      const { folder } = parseOr400(moveBody, req.body);
      const moved = await moveMedia(app.db, app.dialect, tenant.id, ids, folder, reader);
      return { moved, folder };
    });
  }
};

export default mediaMoves;
