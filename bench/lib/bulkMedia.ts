/**
 * Many media items in one site's library root, set-based (recursive CTE on SQLite,
 * generate_series on PostgreSQL), then their search terms and counters rebuilt by the
 * media service's own rebuildMediaIndexes. Names are "<word> <n>.<ext>": 70 % JPEG images
 * (with thumbnail and web keys), 20 % PDF, 10 % MP4. No files are written: lists never read them.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../server/db/database.js';
import { rebuildMediaIndexes } from '../../server/services/media/indexes.js';

export const MEDIA_WORDS = ['tractor', 'harvester', 'baler', 'sprayer', 'mower', 'plough'];

export async function seedMedia(db: Kysely<any>, dialect: Dialect, host: string, count: number) {
  const d = await db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', host).executeTakeFirstOrThrow();
  const tenantId = Number(d.tenant_id);
  const pg = dialect === 'postgres';
  const word = pg
    ? `(array[${MEDIA_WORDS.map((w) => `'${w}'`).join(', ')}])[1 + i % ${MEDIA_WORDS.length}]`
    : `json_extract('${JSON.stringify(MEDIA_WORDS)}', '$[' || (i % ${MEDIA_WORDS.length}) || ']')`;
  const kind = `case when i % 10 < 7 then 0 when i % 10 < 9 then 1 else 2 end`;
  const stamp = pg
    ? `to_char(timestamp '2020-01-01' + i * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || i || ' seconds')`;
  const series = pg
    ? `select i, ${word} as w, ${kind} as k from generate_series(1, ${count}) as i`
    : `with recursive seq(i) as (select 1 union all select i + 1 from seq limit ${count}) select i, ${word} as w, ${kind} as k from seq`;
  const ext = `case k when 0 then 'jpg' when 1 then 'pdf' else 'mp4' end`;
  const mime = `case k when 0 then 'image/jpeg' when 1 then 'application/pdf' else 'video/mp4' end`;
  const group = `case k when 0 then 'image' when 1 then 'application' else 'video' end`;
  const key = `'${tenantId}/bench/' || i`;
  await sql
    .raw(
      `insert into media (tenant_id, folder_id, file_key, name, size, mime_type, mime_group, width, height, thumb_key, web_key, created_at, updated_at, version)
       select ${tenantId}, null, ${key} || '.' || ${ext}, w || ' ' || i || '.' || ${ext}, 100000 + i % 5000000, ${mime}, ${group},
              case k when 0 then 4000 end, case k when 0 then 3000 end,
              case k when 0 then ${key} || '-thumb.webp' end, case k when 0 then ${key} || '-web.webp' end, ${stamp}, ${stamp}, 1
       from (${series}) as g order by i`,
    )
    .execute(db);
  await rebuildMediaIndexes(db, tenantId);
  // As autovacuum leaves a loaded table (the CI's PostgreSQL runs without it): statistics, and
  // a visibility map so that index-only scans of the term index stay index-only.
  if (pg) await sql`vacuum analyze`.execute(db);
  return { tenantId };
}
