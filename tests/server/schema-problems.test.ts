import { expect, it } from 'vitest';
import { LANGUAGES } from '../../locales/languages.js';
import { image } from './fixtures/media.js';
import { folder, uploaded } from './fixtures/mediaApi.js';
import { describeEachDialect } from './harness.js';

/**
 * The route schemas' refusals (server/schemas.ts, server/zodProblems.ts): each 400 keeps the
 * sentences the API has always written and, asked with x-problem-codes, names the same
 * problems as codes (docs/decisions.md §11).
 */
describeEachDialect('route schema refusals', (h) => {
  const CODES = { 'x-problem-codes': '1' };

  it('name their problems as codes beside the unchanged sentences', async () => {
    const admin = await h.login('admin');
    const asAdmin = { host: admin.host, session: admin };
    const rossi = await h.login('rossi', 'rossi.localhost');
    const media = await uploaded(h, admin, await image('png', 10, 10), { filename: 'codes.png' });
    const box = await folder(h, admin, 'Codes');
    const cases: [string, Promise<{ statusCode: number; json(): unknown }>, Record<string, unknown>][] = [
      [
        'a media patch',
        h.call('PATCH', `/api/media/${media.id}/`, { ...asAdmin, headers: CODES, body: { folder: 'x', translations: { it: 5 }, language_code: 'xx' } }),
        {
          folder: ['Incorrect type. Expected pk value.'],
          language_code: [`Choose one of ${LANGUAGES.join(', ')}.`],
          'translations.it': ['Invalid input: expected object, received number'],
          $codes: {
            folder: [{ code: 'pk' }],
            language_code: [{ code: 'languageChoice' }],
            'translations.it': [{ code: 'type', params: { expected: 'object', received: 'number' } }],
          },
        },
      ],
      [
        'a translation in an unknown language',
        h.call('PATCH', `/api/media/${media.id}/`, { ...asAdmin, headers: CODES, body: { translations: { xx: {} } } }),
        { 'translations.xx': ['Unknown language "xx".'], $codes: { 'translations.xx': [{ code: 'languageUnknown', params: { value: 'xx' } }] } },
      ],
      [
        'translations that are not an object',
        h.call('PATCH', `/api/media/${media.id}/`, { ...asAdmin, headers: CODES, body: { translations: [] } }),
        { translations: ['Expected an object keyed by language code.'], $codes: { translations: [{ code: 'translationsObject' }] } },
      ],
      [
        'a move to no folder',
        h.post('/api/media/move/', { ...asAdmin, headers: CODES, body: { ids: [media.id], folder: 'x' } }),
        { folder: ['Incorrect type. Expected pk value or null.'], $codes: { folder: [{ code: 'pkOrNull' }] } },
      ],
      [
        'a move of bad ids',
        h.post('/api/media/move/', { ...asAdmin, headers: CODES, body: { ids: [], folder: null } }),
        { ids: ['This list may not be empty.'], $codes: { ids: [{ code: 'emptyList' }] } },
      ],
      [
        'a folder page out of range',
        h.get(`/api/media-folders/${box.id}/?page=0&items=101&all=maybe`, { ...asAdmin, headers: CODES }),
        {
          page: ['Ensure this value is greater than or equal to 1.'],
          items: ['Ensure this value is less than or equal to 100.'],
          all: ['Must be a valid boolean.'],
          $codes: { page: [{ code: 'minValue', params: { n: 1 } }], items: [{ code: 'maxValue', params: { n: 100 } }], all: [{ code: 'boolean' }] },
        },
      ],
      [
        'a login body that is not an object',
        h.post('/api/auth/login', { headers: CODES, body: ['admin'] }),
        {
          non_field_errors: ['Invalid input: expected object, received array'],
          $codes: { non_field_errors: [{ code: 'type', params: { expected: 'object', received: 'array' } }] },
        },
      ],
      [
        'a repeated language',
        h.get('/api/products/?language_code=it&language_code=en', { host: rossi.host, session: rossi, headers: CODES }),
        { language_code: ['Give this parameter once.'], $codes: { language_code: [{ code: 'once' }] } },
      ],
      [
        'a domain too long',
        h.get(`/api/tenants/by_domain?domain=${'a'.repeat(254)}`, { headers: CODES }),
        { domain: ['Ensure this field has no more than 253 characters.'], $codes: { domain: [{ code: 'maxLength', params: { count: 253 } }] } },
      ],
    ];
    for (const [what, answer, body] of cases) {
      const res = await answer;
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toEqual(body);
    }
  });

  it('answer the sentences alone without the header', async () => {
    const res = await h.get(`/api/tenants/by_domain?domain=${'a'.repeat(254)}`);
    expect(res.json()).toEqual({ domain: ['Ensure this field has no more than 253 characters.'] });
  });
});
