import { defineEntity } from './define.js';
import { HOST_NAME, WEB_ORIGIN } from './patterns.js';
import { BRAND_OPTIONS, LANGUAGE_OPTIONS } from './siteOptions.js';

/**
 * A dealer site (docs/decisions.md §3) over the `tenants` table, whose master row (kind `default`)
 * is not a dealer site and is never reached here (`fixed`). The primary domain and the
 * aliases are also kept in `tenant_domains` (the host → site lookup) by the write hook in
 * server/services/siteWrites.ts, which refuses a host another site uses. A site can be
 * deleted only once deactivated; deleting it deletes its users and content.
 */
export const tenant = defineEntity({
  name: 'tenant',
  model: 'tenant',
  scope: 'master',
  path: '/tenants',
  table: 'tenants',
  fixed: { kind: 'dealer' },
  marketField: 'market',
  label: { one: 'entities.tenant.one', many: 'entities.tenant.many' },
  titleField: 'name',
  naturalKey: 'domain',
  fields: {
    name: { type: 'text', label: 'fields.tenant.name', required: true, maxLength: 200 },
    domain: {
      type: 'text',
      label: 'fields.tenant.domain',
      help: 'help.tenant.domain',
      required: true,
      maxLength: 253,
      pattern: HOST_NAME,
      patternCode: 'hostName',
    },
    aliases: {
      type: 'list',
      label: 'fields.tenant.aliases',
      help: 'help.tenant.aliases',
      pattern: HOST_NAME,
      patternCode: 'hostName',
      maxLength: 253,
      max: 20,
    },
    market: { type: 'fk', label: 'fields.tenant.market', target: 'market' },
    brand_list: { type: 'list', label: 'fields.tenant.brand_list', help: 'help.tenant.brand_list', required: true, options: BRAND_OPTIONS, default: ['DF'] },
    languages: { type: 'list', label: 'fields.tenant.languages', required: true, options: LANGUAGE_OPTIONS, default: ['it', 'en'] },
    default_language: {
      type: 'select',
      label: 'fields.tenant.default_language',
      required: true,
      default: 'it',
      options: LANGUAGE_OPTIONS,
    },
    is_active: { type: 'boolean', label: 'fields.tenant.is_active', help: 'help.tenant.is_active', default: true },
    contact_email: { type: 'email', label: 'fields.tenant.contact_email' },
    phone: {
      type: 'text',
      label: 'fields.tenant.phone',
      maxLength: 32,
      pattern: '\\+?[0-9][0-9 ()./-]{3,30}',
      patternCode: 'phone',
    },
    address: { type: 'textarea', label: 'fields.tenant.address', maxLength: 500 },
    location: { type: 'map', label: 'fields.tenant.location' },
    logo: { type: 'media', label: 'fields.tenant.logo', accept: 'image/*' },
    preview_url: { type: 'url', label: 'fields.tenant.preview_url', help: 'help.tenant.preview_url', maxLength: 300 },
    api_origins: {
      type: 'list',
      label: 'fields.tenant.api_origins',
      help: 'help.tenant.api_origins',
      pattern: WEB_ORIGIN,
      patternCode: 'webOrigin',
      maxLength: 300,
      max: 20,
    },
  },
  list: {
    columns: ['logo', 'name', 'domain', 'market', 'brand_list', 'languages', 'is_active', 'updated_at'],
    sort: 'name',
    sortable: ['name', 'domain', 'is_active', 'updated_at'],
    search: ['name', 'domain'],
    filters: [
      { field: 'market', kind: 'fk' },
      { field: 'is_active', kind: 'boolean' },
    ],
  },
  form: {
    tabs: [
      {
        label: 'tabs.general',
        groups: [
          { label: 'groups.tenant.site', fields: ['name', 'domain', 'aliases'] },
          { label: 'groups.tenant.market', fields: ['market', 'default_language', 'languages', 'brand_list', 'is_active'], columns: 2 },
        ],
      },
      {
        label: 'tabs.contacts',
        groups: [{ fields: ['contact_email', 'phone', 'address'], columns: 2 }, { fields: ['logo', 'location'] }],
      },
      {
        // The keys panel (src/entity/panels.ts) lists rows of their own: only once the site exists.
        label: 'tabs.websiteApi',
        groups: [{ fields: ['api_origins', 'preview_url'] }],
        panel: 'siteKeys',
      },
    ],
  },
  checks: ({ values }) => {
    const languages = values.languages as string[];
    if (!languages.includes(values.default_language as string)) return { default_language: [{ code: 'defaultLanguage' }] };
    if ((values.aliases as string[]).includes(values.domain as string)) {
      return { [`aliases.${(values.aliases as string[]).indexOf(values.domain as string)}`]: [{ code: 'primaryDomain' }] };
    }
    return undefined;
  },
});
