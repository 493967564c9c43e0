/**
 * How the reference website reads the delivery API: `fastify.inject`, the API's own request
 * path run in process — the same routes, guard, rate limit, response cache and ETags a
 * website served elsewhere gets over HTTP, without a socket (docs/decisions.md §19). The
 * visitor's host picks the site and the visitor's address is the one the rate limit counts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PUBLIC_API } from '../public/routes.js';

export interface Answer<T> {
  status: number;
  body: T;
  headers: Record<string, string | undefined>;
}

export type Query = Record<string, string | number | undefined>;

const header = (v: string | string[] | number | undefined) => (v === undefined ? undefined : String(Array.isArray(v) ? v.join(', ') : v));

export class DeliveryReader {
  /** Every answer this page read, for its cache headers (headers.ts). */
  readonly answers: Answer<unknown>[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly req: FastifyRequest,
  ) {}

  async get<T>(endpoint: string, query: Query = {}): Promise<Answer<T>> {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) search.set(k, String(v));
    // A preview link of the page (server/public/preview.ts) previews every read of it: the API says what the token shows.
    const preview = (this.req.query as { preview?: unknown } | undefined)?.preview;
    if (typeof preview === 'string') search.set('preview', preview);
    const qs = search.toString();
    const res = await this.app.inject({
      method: 'GET',
      url: `${PUBLIC_API}/${endpoint}${qs ? `?${qs}` : ''}`,
      headers: { host: this.req.host, accept: 'application/json' },
      remoteAddress: this.req.ip,
    });
    let body: unknown = null;
    try {
      body = res.json();
    } catch {
      // Not JSON (nothing the API answers): the status says enough.
    }
    const headers = Object.fromEntries(
      ['etag', 'cache-control', 'surrogate-key', 'cache-tag', 'location', 'retry-after'].map((n) => [n, header(res.headers[n])]),
    );
    const answer = { status: res.statusCode, body: body as T, headers };
    this.answers.push(answer);
    return answer;
  }
}
