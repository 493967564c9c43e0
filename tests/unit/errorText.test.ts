import { describe, expect, it } from 'vitest';
import { FetchError } from 'ofetch';
import { toBootError } from '../../machines/session.helpers';
import { errorText, noticeText } from '../../src/i18n/notices';

/** What a failed request looks like as ofetch throws it. */
function fetchError(status: number | undefined, detail?: string) {
  const e = new FetchError(status ? `[GET] "/api/products/55/": ${status} Bad Gateway` : '[GET] "/api/products/55/": <no response> Failed to fetch');
  if (status) Object.assign(e, { status, statusCode: status, response: { status }, data: detail ? { detail } : undefined });
  return e;
}

describe('failures as users read them (spec §8)', () => {
  it('say what happened in words and give the status, never the request', () => {
    expect(errorText(toBootError(fetchError(502)))).toBe('The server is not available right now. Try again in a few moments. (error 502)');
    expect(errorText(toBootError(fetchError(500, 'Traceback: KeyError')))).toBe(
      'Something went wrong on the server. Try again; if it happens again, tell your administrator. (error 500)',
    );
    expect(errorText(toBootError(fetchError(404)))).toBe('What you asked for does not exist, or no longer exists. (error 404)');
    for (const status of [400, 401, 403, 404, 409, 413, 429, 500, 502, 503, 504]) {
      const text = errorText(toBootError(fetchError(status, 'server words')));
      expect(text).toContain(String(status));
      expect(text).not.toMatch(/\/api\/|GET|server words|Bad Gateway/);
    }
  });

  it('a request that got no answer says the server could not be reached', () => {
    const failure = toBootError(fetchError(undefined));
    expect(failure.status).toBe(500);
    expect(errorText(failure)).toBe('The server could not be reached. Check your connection and try again.');
  });

  it('a snackbar about a failure puts the failure in its sentence', () => {
    expect(noticeText({ key: 'list.deleteFailed', because: { status: 409, key: 'errors.http.conflict' }, color: 'error' })).toBe(
      'Nothing was deleted: Someone else changed it or it is in use. Reload and try again. (error 409)',
    );
  });
});
