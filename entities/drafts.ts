import type { EntityDef } from './define.js';

/**
 * Entities whose rows keep a draft on the server beside the live row (issue 16): those the
 * public website shows — the delivery API's collections and the site pages. The server
 * serves their draft routes (server/entities/drafts/), the form offers Save draft, Publish,
 * Discard draft and Preview.
 */
export const hasDrafts = (entity: EntityDef) => entity.public !== undefined && !entity.readOnly;
