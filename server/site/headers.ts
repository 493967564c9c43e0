/**
 * A page's cache headers, from the API answers it was made of: its ETag is a hash of theirs
 * (so it changes exactly when one of them does, and with the stylesheet), and it names the
 * site for a CDN purge as they do. A CDN may keep it as long as the shortest-lived of them
 * (`CDN-Cache-Control`, RFC 9213); a browser asks again at every load (`no-cache`) and gets a
 * 304 while nothing changed, so a dealer sees an edit at once on the site it previews.
 */
import { createHash } from 'node:crypto';
import type { Answer } from './api.js';

export type PageHeaders = Record<string, string | undefined> & { etag?: string; 'cache-control': string };

const seconds = (cc: string, name: string) => {
  const m = new RegExp(`(?:^|[,\\s])${name}=(\\d+)`).exec(cc);
  return m ? Number(m[1]) : undefined;
};

export function pageHeaders(answers: readonly Answer<unknown>[], salt: string): PageHeaders {
  const controls = answers.map((a) => a.headers['cache-control'] ?? '');
  const cacheable = answers.length > 0 && controls.every((cc) => cc.startsWith('public')) && answers.every((a) => a.headers.etag);
  if (!cacheable) return { 'cache-control': 'no-store' };
  const maxAge = Math.min(...controls.map((cc) => seconds(cc, 'max-age') ?? 0));
  const stale = Math.min(...controls.map((cc) => seconds(cc, 'stale-while-revalidate') ?? 0));
  const hash = createHash('sha256').update(salt);
  for (const a of answers) hash.update(`\n${a.headers.etag}`);
  const first = answers[0]!.headers;
  return {
    etag: `W/"${hash.digest('base64url').slice(0, 27)}"`,
    'cache-control': 'public, no-cache',
    'cdn-cache-control': `public, max-age=${maxAge}${stale ? `, stale-while-revalidate=${stale}` : ''}`,
    ...(first['surrogate-key'] ? { 'surrogate-key': first['surrogate-key'] } : {}),
    ...(first['cache-tag'] ? { 'cache-tag': first['cache-tag'] } : {}),
  };
}

/** Whether the request's If-None-Match names this ETag (weak comparison, as for GET). */
export function matches(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}
