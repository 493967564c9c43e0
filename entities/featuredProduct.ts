import { endNotBeforeStart } from './dateChecks.js';
import { defineEntity } from './define.js';

/** A product shown on the dealer's home page, in order, within its validity dates. */
export const featuredProduct = defineEntity({
  name: 'featuredProduct',
  model: 'featuredProducts',
  scope: 'dealer',
  path: '/featuredProducts',
  table: 'featured_products',
  label: { one: 'entities.featuredProduct.one', many: 'entities.featuredProduct.many' },
  titleField: 'product',
  public: {
    from: 'valid_from',
    to: 'valid_to',
    collection: 'featured-products',
    fields: ['product', 'badge', 'order', 'valid_from', 'valid_to'],
    sortable: ['order'],
  },
  fields: {
    product: { type: 'fk', label: 'fields.featuredProduct.product', target: 'product', required: true, onDelete: 'cascade' },
    badge: { type: 'text', label: 'fields.featuredProduct.badge', help: 'help.featuredProduct.badge', translated: true, maxLength: 40 },
    order: { type: 'integer', label: 'fields.featuredProduct.order', default: 0, min: 0, max: 9999 },
    valid_from: { type: 'date', label: 'fields.featuredProduct.valid_from' },
    valid_to: { type: 'date', label: 'fields.featuredProduct.valid_to' },
  },
  list: {
    columns: ['product', 'badge', 'order', 'valid_from', 'valid_to'],
    sort: 'order,id',
    sortable: ['order', 'valid_from', 'valid_to'],
    search: ['badge'],
    filters: [
      { field: 'product', kind: 'fk' },
      { field: 'valid_from', kind: 'dateRange' },
      { field: 'valid_to', kind: 'dateRange' },
    ],
  },
  form: {
    tabs: [
      {
        label: 'tabs.general',
        groups: [{ fields: ['product', 'badge'] }, { label: 'groups.featuredProduct.schedule', fields: ['order', 'valid_from', 'valid_to'], columns: 2 }],
      },
    ],
  },
  checks: endNotBeforeStart('valid_from', 'valid_to'),
});
