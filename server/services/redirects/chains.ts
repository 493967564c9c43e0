/**
 * Keeps a site's redirects collapsed: every redirect points at a final destination, never at
 * another redirect's source. Then a visitor gets one 301, never a chain, and a loop cannot
 * form unnoticed: a new redirect whose target is a source leads to that source's target, and
 * when that is the new redirect's own source, it is a loop.
 */
import { pathSpellings, targetPath } from '../../../entities/redirect.js';
import type { EngineContext } from '../../entities/context.js';
import { fieldError } from '../../errors.js';
import { changeRedirect, deleteRedirect, insertRedirect, redirectById, redirectFrom, redirectsTo, sourceTaken } from './store.js';

/** Points every redirect that led to `from` at `to` instead (A→B, then B→C: A→C). */
async function retarget(ctx: EngineContext, from: string, to: string, except?: number) {
  for (const row of await redirectsTo(ctx.db, ctx.site.id, from)) if (row.id !== except) await changeRedirect(ctx, row, { to_path: to });
}

/**
 * Content moved from `from` to `to` in `language`: a 301 from the old path, the redirects
 * that led to the old path now lead to the new one, and a redirect away from the new path is
 * dropped — content lives there now (so moving back and forth never loops). The redirect away
 * goes first: each write below is collapsed again by the redirect's own write hook, which must
 * not find it.
 */
export async function recordMove(ctx: EngineContext, move: { language: string; from: string; to: string }) {
  const away = await redirectFrom(ctx.db, ctx.site.id, move.to);
  if (away) await deleteRedirect(ctx, away);
  await retarget(ctx, move.from, move.to);
  const existing = await redirectFrom(ctx.db, ctx.site.id, move.from);
  const row = { to_path: move.to, origin: 'automatic', language: move.language };
  if (existing) await changeRedirect(ctx, existing, row);
  else await insertRedirect(ctx, { from_path: move.from, ...row });
}

/**
 * A redirect just written (row `id`, by hand or by the server): its target collapsed to a
 * final destination, the redirects that led to its source now lead there too. A source
 * another redirect has under its other spelling is a duplicate, a target that redirects back
 * to the source is a loop: 400, and the write rolls back.
 */
export async function collapseManual(ctx: EngineContext, id: number) {
  const self = await redirectById(ctx.db, ctx.site.id, id);
  if (!self) return;
  if (await sourceTaken(ctx.db, ctx.site.id, self)) throw fieldError('from_path', 'unique', { entity: 'redirect', field: 'from_path' });
  let to = self.to_path;
  const onward = await redirectFrom(ctx.db, ctx.site.id, to);
  if (onward && onward.id !== id) {
    // `/a` and `/a/` are one page, and a target's query does not change where it leads.
    if (pathSpellings(self.from_path).includes(targetPath(onward.to_path))) throw fieldError('to_path', 'redirectLoop');
    await changeRedirect(ctx, self, { to_path: onward.to_path });
    to = onward.to_path;
  }
  await retarget(ctx, self.from_path, to, id);
}
