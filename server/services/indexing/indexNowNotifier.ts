import type { Notifier } from './notifier.js';

export interface IndexNowOptions {
  endpoint: string;
  key: string;
  keyLocation?: string;
  timeoutMs: number;
}

/**
 * IndexNow (https://www.indexnow.org/documentation): one POST of `{host, key, keyLocation?,
 * urlList}` per host. 200/202 accept; 429 and 5xx are worth another try later, other 4xx
 * are not (a bad key or a URL outside the host stays bad); a timeout or a network error is.
 */
export function indexNowNotifier(opts: IndexNowOptions, fetchImpl: typeof fetch = fetch): Notifier {
  return {
    name: 'indexnow',
    async notify(host, urls) {
      const body = { host, key: opts.key, ...(opts.keyLocation ? { keyLocation: opts.keyLocation } : {}), urlList: urls };
      try {
        const res = await fetchImpl(opts.endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
        const text = (await res.text().catch(() => '')).slice(0, 300);
        const response = `HTTP ${res.status}${text ? ` ${text}` : ''}`;
        if (res.status === 200 || res.status === 202) return { ok: true, retry: false, response };
        return { ok: false, retry: res.status === 429 || res.status >= 500, response };
      } catch (e) {
        const err = e as Error;
        const timedOut = err.name === 'TimeoutError' || err.name === 'AbortError';
        return { ok: false, retry: true, response: timedOut ? `timed out after ${opts.timeoutMs} ms` : `network error: ${err.message}` };
      }
    },
  };
}
