import { defineEntity } from './define.js';

/** A second-hand machine a dealer sells (docs/decisions.md §3), shown on its public site once published. */
export const usedProduct = defineEntity({
  name: 'usedProduct',
  model: 'usedproduct',
  scope: 'dealer',
  path: '/productsUsed',
  table: 'used_products',
  label: { one: 'entities.usedProduct.one', many: 'entities.usedProduct.many' },
  titleField: 'title',
  public: { statusField: 'status', publicValues: ['published', 'sold'], urlPattern: '/{lang}/used/{slug}' },
  fields: {
    title: { type: 'text', label: 'fields.usedProduct.title', help: 'help.usedProduct.title', translated: true, required: true, maxLength: 200 },
    slug: { type: 'slug', label: 'fields.usedProduct.slug', translated: true, from: 'title', maxLength: 200 },
    stock_number: { type: 'text', label: 'fields.usedProduct.stock_number', help: 'help.usedProduct.stock_number', unique: true, maxLength: 32 },
    category: { type: 'fk', label: 'fields.usedProduct.category', target: 'usedCategory' },
    brand: { type: 'fk', label: 'fields.usedProduct.brand', target: 'brand', required: true },
    model: { type: 'text', label: 'fields.usedProduct.model', required: true, maxLength: 120 },
    year: { type: 'integer', label: 'fields.usedProduct.year', min: 1950, max: 2100 },
    hours: { type: 'integer', label: 'fields.usedProduct.hours', help: 'help.usedProduct.hours', min: 0, max: 200_000 },
    power_hp: { type: 'integer', label: 'fields.usedProduct.power_hp', min: 0, max: 5000 },
    condition: {
      type: 'select',
      label: 'fields.usedProduct.condition',
      required: true,
      default: 'good',
      options: [
        { value: 'excellent', label: 'options.usedProduct.condition.excellent' },
        { value: 'good', label: 'options.usedProduct.condition.good' },
        { value: 'fair', label: 'options.usedProduct.condition.fair' },
        { value: 'to_repair', label: 'options.usedProduct.condition.to_repair' },
      ],
    },
    status: {
      type: 'select',
      label: 'fields.usedProduct.status',
      required: true,
      default: 'draft',
      options: [
        { value: 'draft', label: 'options.usedProduct.status.draft' },
        { value: 'published', label: 'options.usedProduct.status.published' },
        { value: 'sold', label: 'options.usedProduct.status.sold' },
        { value: 'archived', label: 'options.usedProduct.status.archived' },
      ],
    },
    price: { type: 'number', label: 'fields.usedProduct.price', help: 'help.usedProduct.price', min: 0, max: 100_000_000, step: 100 },
    show_price: { type: 'boolean', label: 'fields.usedProduct.show_price', default: true },
    description: { type: 'richtext', label: 'fields.usedProduct.description', translated: true, maxLength: 50_000 },
    gallery: { type: 'mediaMany', label: 'fields.usedProduct.gallery', accept: 'image/*', max: 40 },
    location_name: { type: 'text', label: 'fields.usedProduct.location_name', help: 'help.usedProduct.location_name', maxLength: 120 },
    location: { type: 'map', label: 'fields.usedProduct.location' },
    seo: { type: 'seo', label: 'fields.usedProduct.seo', translated: true },
  },
  list: {
    columns: ['gallery', 'title', 'stock_number', 'brand', 'year', 'hours', 'price', 'status'],
    sort: '-id',
    sortable: ['title', 'stock_number', 'year', 'hours', 'price', 'status', 'updated_at'],
    search: ['title', 'model', 'stock_number', 'location_name'],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'brand', kind: 'fk' },
      { field: 'category', kind: 'fk' },
      { field: 'condition', kind: 'select' },
    ],
  },
  form: {
    tabs: [
      {
        label: 'tabs.general',
        groups: [
          { fields: ['title', 'slug'] },
          { label: 'groups.usedProduct.machine', fields: ['brand', 'model', 'category', 'stock_number', 'year', 'hours', 'power_hp', 'condition'], columns: 2 },
          { label: 'groups.usedProduct.sale', fields: ['status', 'price', 'show_price'], columns: 2 },
        ],
      },
      { label: 'tabs.content', groups: [{ fields: ['description'] }] },
      { label: 'tabs.media', groups: [{ fields: ['gallery'] }] },
      { label: 'tabs.location', groups: [{ fields: ['location_name', 'location'] }] },
      { label: 'tabs.seo', groups: [{ fields: ['seo'] }] },
    ],
  },
  checks: ({ values }) =>
    values.show_price === true && (values.price === null || values.price === undefined) ? { price: [{ code: 'priceNeeded' }] } : undefined,
});
