import { ofetch } from 'ofetch';
import { CODES_HEADER } from '../../entities/problems';
import { activity } from './activity';

/**
 * Same-origin JSON calls; the session cookie travels with them and the server checks Origin.
 * A 400 answers its problems as codes too (docs/decisions.md §11).
 */
export const api = ofetch.create({
  credentials: 'same-origin',
  headers: { accept: 'application/json', [CODES_HEADER]: '1' },
  retry: 0,
  onRequest: () => activity.start(),
  onResponse: () => activity.finish(),
  // Users read a sentence for the status (src/i18n/notices.ts); what failed is told here.
  onResponseError: ({ request, options, response }) =>
    console.warn(`[http] ${options.method ?? 'GET'} ${String(request)}: ${response.status} ${response.statusText}`, response._data),
  onRequestError: ({ request, options, error }) => {
    activity.finish();
    console.warn(`[http] ${options.method ?? 'GET'} ${String(request)}: no answer`, error);
  },
});
