import { defineEntity } from './define.js';
import { EMAIL_ADDRESS } from './patterns.js';
import { CURRENCY_OPTIONS, LANGUAGE_OPTIONS } from './siteOptions.js';

/**
 * Market settings (docs/decisions.md §3), one per market (country) over the `markets` table: its
 * languages, currency, contact addresses and how its sites' public pages are sent for
 * search indexing (`indexing_*`, read by the indexing dispatcher). Dealer sites and market
 * administrators (role MA) belong to a market.
 */
export const market = defineEntity({
  name: 'market',
  model: 'marketSettings',
  scope: 'master',
  path: '/marketSettings',
  table: 'markets',
  label: { one: 'entities.market.one', many: 'entities.market.many' },
  titleField: 'name',
  naturalKey: 'code',
  fields: {
    code: {
      type: 'text',
      label: 'fields.market.code',
      help: 'help.market.code',
      required: true,
      unique: true,
      maxLength: 2,
      pattern: '[A-Z]{2}',
      patternCode: 'countryCode',
    },
    name: { type: 'text', label: 'fields.market.name', required: true, maxLength: 200 },
    languages: { type: 'list', label: 'fields.market.languages', required: true, options: LANGUAGE_OPTIONS, default: ['en'] },
    currency: { type: 'select', label: 'fields.market.currency', required: true, default: 'EUR', options: CURRENCY_OPTIONS },
    contact_emails: {
      type: 'list',
      label: 'fields.market.contact_emails',
      help: 'help.market.contact_emails',
      pattern: EMAIL_ADDRESS,
      patternCode: 'email',
      maxLength: 254,
      max: 20,
    },
    indexing_enabled: { type: 'boolean', label: 'fields.market.indexing_enabled', help: 'help.market.indexing_enabled', default: false },
    indexing_endpoint: { type: 'url', label: 'fields.market.indexing_endpoint' },
    indexing_key: { type: 'text', label: 'fields.market.indexing_key', maxLength: 200 },
  },
  list: {
    columns: ['code', 'name', 'languages', 'currency', 'indexing_enabled', 'updated_at'],
    sort: 'code',
    sortable: ['code', 'name', 'currency', 'updated_at'],
    search: ['code', 'name'],
    filters: [{ field: 'indexing_enabled', kind: 'boolean' }],
  },
  form: {
    tabs: [
      {
        label: 'tabs.general',
        groups: [
          { label: 'groups.market.identity', fields: ['code', 'name', 'currency'], columns: 2 },
          { label: 'groups.market.languages', fields: ['languages'] },
          { label: 'groups.market.contacts', fields: ['contact_emails'] },
          { label: 'groups.market.indexing', fields: ['indexing_enabled', 'indexing_endpoint', 'indexing_key'], columns: 2 },
        ],
      },
    ],
  },
  checks: ({ values }) => (values.indexing_enabled && !values.indexing_endpoint ? { indexing_endpoint: [{ code: 'indexingEndpoint' }] } : undefined),
});
