import { endNotBeforeStart } from './dateChecks.js';
import { defineEntity } from './define.js';

/** A dealer's promotion (docs/decisions.md §3): an offer with its validity dates, on the public site once published. */
export const promotion = defineEntity({
  name: 'promotion',
  model: 'promo',
  scope: 'dealer',
  path: '/promotion',
  table: 'promotions',
  label: { one: 'entities.promotion.one', many: 'entities.promotion.many' },
  titleField: 'title',
  exportable: true,
  importKeys: ['slug'],
  public: {
    statusField: 'status',
    publicValues: ['published'],
    from: 'valid_from',
    to: 'valid_to',
    collection: 'promotions',
    urlPattern: '/{lang}/{promotions}/{slug}',
    fields: ['title', 'slug', 'summary', 'body', 'brand', 'valid_from', 'valid_to', 'image', 'order'],
    sortable: ['title', 'valid_from', 'valid_to', 'order'],
    filters: ['brand'],
    search: true,
  },
  fields: {
    title: { type: 'text', label: 'fields.promotion.title', translated: true, required: true, maxLength: 200 },
    slug: { type: 'slug', label: 'fields.promotion.slug', translated: true, from: 'title', maxLength: 200 },
    summary: { type: 'textarea', label: 'fields.promotion.summary', help: 'help.promotion.summary', translated: true, maxLength: 300 },
    body: { type: 'richtext', label: 'fields.promotion.body', translated: true, maxLength: 50_000 },
    brand: { type: 'fk', label: 'fields.promotion.brand', help: 'help.promotion.brand', target: 'brand', onDelete: 'setNull' },
    valid_from: { type: 'date', label: 'fields.promotion.valid_from', required: true },
    valid_to: { type: 'date', label: 'fields.promotion.valid_to', help: 'help.promotion.valid_to' },
    image: { type: 'media', label: 'fields.promotion.image', accept: 'image/*' },
    status: {
      type: 'select',
      label: 'fields.promotion.status',
      required: true,
      default: 'draft',
      options: [
        { value: 'draft', label: 'options.promotion.status.draft' },
        { value: 'published', label: 'options.promotion.status.published' },
        { value: 'archived', label: 'options.promotion.status.archived' },
      ],
    },
    order: { type: 'integer', label: 'fields.promotion.order', help: 'help.promotion.order', default: 0, min: 0, max: 9999 },
  },
  list: {
    columns: ['image', 'title', 'brand', 'valid_from', 'valid_to', 'status', 'order'],
    sort: '-valid_from,id',
    sortable: ['title', 'valid_from', 'valid_to', 'status', 'order', 'updated_at'],
    search: ['title'],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'brand', kind: 'fk' },
      { field: 'valid_from', kind: 'dateRange' },
      { field: 'valid_to', kind: 'dateRange' },
    ],
  },
  form: {
    tabs: [
      {
        label: 'tabs.general',
        groups: [
          { fields: ['title', 'slug', 'summary'] },
          { label: 'groups.promotion.validity', fields: ['valid_from', 'valid_to', 'status', 'order'], columns: 2 },
          { fields: ['brand', 'image'], columns: 2 },
        ],
      },
      { label: 'tabs.content', groups: [{ fields: ['body'] }] },
    ],
  },
  checks: endNotBeforeStart('valid_from', 'valid_to'),
});
