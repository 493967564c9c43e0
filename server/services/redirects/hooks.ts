/**
 * The redirect write hooks, in the write's own transaction (so a redirect is never recorded
 * for a write that rolled back, and a refused loop rolls the whole write back): a public row
 * that stays public and changes its path in a language records a 301 from the old path; a
 * redirect written by hand — or by these hooks, through the engine — is collapsed into the
 * site's chains. Unpublishing or deleting records nothing: the old URL is gone, not moved.
 */
import { redirect } from '../../../entities/redirect.js';
import { onEntityWrite } from '../../entities/hooks.js';
import { collapseManual, recordMove } from './chains.js';
import { moves } from './moves.js';

onEntityWrite('*', async (ctx, event) => {
  if (ctx.site.kind !== 'dealer') return;
  for (const move of moves(event, ctx.site.languages)) await recordMove(ctx, move);
});

onEntityWrite(redirect.name, async (ctx, event) => {
  if (event.op !== 'delete') await collapseManual(ctx, event.id);
});
