/**
 * Where a write of public content moved a row on its public site: per language, the path it
 * had and the path it has now, when it was public before and still is (a slug changed). The
 * redirect hook records a 301 for each move, and the indexing notifier announces the new URL
 * instead of deleting the old one (server/services/indexing/actions.ts): one rule for both.
 */
import type { EntityDef, PublicDef } from '../../../entities/define.js';
import type { RecordValues } from '../../../entities/validateRecord.js';
import type { WriteEvent } from '../../entities/hooks.js';
import { isPublic, publicUrls } from '../indexing/publicUrls.js';

interface Move {
  language: string;
  from: string;
  to: string;
}

// publicUrls builds absolute URLs; a fixed origin, cut off again, leaves the paths.
const ORIGIN = 'https://site.invalid';

/** The row's public path in one language, if it has one there. */
function publicPath(entity: EntityDef, def: PublicDef, id: number, record: RecordValues, language: string): string | undefined {
  const [url] = publicUrls(entity, def, id, record, ORIGIN, [language]);
  return url?.startsWith(ORIGIN) ? url.slice(ORIGIN.length) : undefined;
}

export function moves(event: WriteEvent, languages: readonly string[]): Move[] {
  const def = event.entity.public;
  if (!def || event.op !== 'update' || !isPublic(def, event.before) || !isPublic(def, event.after)) return [];
  const out: Move[] = [];
  for (const language of languages) {
    const from = publicPath(event.entity, def, event.id, event.before!, language);
    const to = publicPath(event.entity, def, event.id, event.after!, language);
    if (from && to && from !== to) out.push({ language, from, to });
  }
  return out;
}
