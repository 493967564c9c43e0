import { defineEntity } from './define.js';

/** A new machine in a dealer's catalog (docs/decisions.md §3). */
export const product = defineEntity({
  name: 'product',
  model: 'product',
  scope: 'dealer',
  path: '/products',
  table: 'products',
  label: { one: 'entities.product.one', many: 'entities.product.many' },
  titleField: 'name',
  public: {
    statusField: 'status',
    publicValues: ['published'],
    collection: 'products',
    urlPattern: '/{lang}/{products}/{slug}',
    fields: ['name', 'slug', 'sku', 'brand', 'category', 'tags', 'price', 'show_price', 'model_year', 'power_hp', 'summary', 'description', 'specs', 'gallery', 'brochure', 'video_url', 'seo'],
    sortable: ['name', 'price', 'model_year'],
    filters: ['brand', 'category', 'tags'],
    search: true,
  },
  fields: {
    name: { type: 'text', label: 'fields.product.name', translated: true, required: true, maxLength: 200 },
    slug: { type: 'slug', label: 'fields.product.slug', translated: true, from: 'name', maxLength: 200 },
    sku: { type: 'text', label: 'fields.product.sku', maxLength: 64 },
    brand: { type: 'fk', label: 'fields.product.brand', target: 'brand', required: true },
    category: { type: 'fk', label: 'fields.product.category', target: 'category' },
    tags: { type: 'm2m', label: 'fields.product.tags', target: 'tag', max: 20, onDelete: 'unlink' },
    status: {
      type: 'select',
      label: 'fields.product.status',
      required: true,
      default: 'draft',
      options: [
        { value: 'draft', label: 'options.product.status.draft' },
        { value: 'published', label: 'options.product.status.published' },
        { value: 'archived', label: 'options.product.status.archived' },
      ],
    },
    price: { type: 'number', label: 'fields.product.price', help: 'help.product.price', min: 0, max: 100_000_000, step: 0.01 },
    show_price: { type: 'boolean', label: 'fields.product.show_price', default: true },
    model_year: { type: 'integer', label: 'fields.product.model_year', min: 1900, max: 2100 },
    power_hp: { type: 'integer', label: 'fields.product.power_hp', min: 0, max: 5000 },
    summary: { type: 'textarea', label: 'fields.product.summary', translated: true, maxLength: 300 },
    description: { type: 'richtext', label: 'fields.product.description', translated: true, maxLength: 50_000 },
    specs: {
      type: 'repeater',
      label: 'fields.product.specs',
      max: 60,
      rowLabel: 'name',
      fields: {
        name: { type: 'text', label: 'fields.product.specs.name', required: true, maxLength: 100 },
        value: { type: 'text', label: 'fields.product.specs.value', required: true, maxLength: 200 },
      },
    },
    gallery: { type: 'mediaMany', label: 'fields.product.gallery', accept: 'image/*', max: 40 },
    brochure: { type: 'file', label: 'fields.product.brochure', accept: 'application/pdf' },
    video_url: { type: 'url', label: 'fields.product.video_url' },
    seo: { type: 'seo', label: 'fields.product.seo', translated: true },
  },
  list: {
    columns: ['gallery', 'name', 'sku', 'brand', 'category', 'status', 'price', 'updated_at'],
    sort: '-id',
    sortable: ['name', 'sku', 'status', 'price', 'model_year', 'updated_at'],
    search: ['name', 'sku'],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'brand', kind: 'fk' },
      { field: 'category', kind: 'fk' },
      { field: 'tags', kind: 'fk' },
    ],
  },
  form: {
    tabs: [
      {
        label: 'tabs.general',
        groups: [
          { fields: ['name', 'slug', 'summary'] },
          { label: 'groups.product.catalog', fields: ['brand', 'category', 'tags', 'status', 'sku'], columns: 2 },
          { label: 'groups.product.commercial', fields: ['price', 'show_price', 'model_year', 'power_hp'], columns: 2 },
        ],
      },
      { label: 'tabs.content', groups: [{ fields: ['description', 'specs'] }] },
      { label: 'tabs.media', groups: [{ fields: ['gallery', 'brochure', 'video_url'] }] },
      { label: 'tabs.seo', groups: [{ fields: ['seo'] }] },
    ],
  },
});
