import { defineEntity } from './define.js';

/** docs/spec.md §9: a site whose brand list is exactly this one code is mono-brand. */
export const MONO_BRAND_CODE = 'DF';
export const isMonoBrandList = (brandList: readonly string[]) => brandList.length === 1 && brandList[0] === MONO_BRAND_CODE;

/** A brand the dealer sells (docs/decisions.md §3); `DF` alone makes a mono-brand site. */
export const brand = defineEntity({
  name: 'brand',
  model: 'brand',
  scope: 'dealer',
  path: '/brand',
  table: 'brands',
  label: { one: 'entities.brand.one', many: 'entities.brand.many' },
  titleField: 'name',
  exportable: true,
  importKeys: ['code'],
  naturalKey: 'code',
  public: {
    statusField: 'is_active',
    publicValues: [true],
    collection: 'brands',
    fields: ['code', 'name', 'logo', 'color', 'website', 'description', 'order'],
    sortable: ['name', 'order'],
  },
  fields: {
    code: {
      type: 'text',
      label: 'fields.brand.code',
      help: 'help.brand.code',
      required: true,
      unique: true,
      maxLength: 16,
      pattern: '[A-Z0-9][A-Z0-9_-]*',
      patternCode: 'brandCode',
    },
    name: { type: 'text', label: 'fields.brand.name', required: true, maxLength: 120 },
    logo: { type: 'media', label: 'fields.brand.logo', accept: 'image/*' },
    color: { type: 'color', label: 'fields.brand.color' },
    website: { type: 'url', label: 'fields.brand.website' },
    description: { type: 'richtext', label: 'fields.brand.description', translated: true, maxLength: 20_000 },
    order: { type: 'integer', label: 'fields.brand.order', default: 0, min: 0, max: 9999 },
    is_active: { type: 'boolean', label: 'fields.brand.is_active', default: true },
  },
  list: {
    columns: ['logo', 'code', 'name', 'color', 'order', 'is_active'],
    sort: 'order,name',
    sortable: ['code', 'name', 'order', 'is_active'],
    search: ['code', 'name'],
    filters: [{ field: 'is_active', kind: 'boolean' }],
  },
  form: {
    tabs: [
      {
        label: 'tabs.general',
        groups: [
          { label: 'groups.brand.identity', fields: ['code', 'name', 'website'], columns: 2 },
          { label: 'groups.brand.appearance', fields: ['logo', 'color', 'order', 'is_active'], columns: 2 },
          { label: 'groups.brand.description', fields: ['description'] },
        ],
      },
    ],
  },
});
