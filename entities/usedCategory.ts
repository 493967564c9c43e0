import { defineEntity } from './define.js';

/**
 * A dealer's own category of used machines (docs/decisions.md §3 "category (used)"). The route
 * table gives `/productsUsed/category` the permission model `category`, as the spec does.
 */
export const usedCategory = defineEntity({
  name: 'usedCategory',
  model: 'category',
  scope: 'dealer',
  path: '/productsUsed/category',
  table: 'used_categories',
  label: { one: 'entities.usedCategory.one', many: 'entities.usedCategory.many' },
  titleField: 'title',
  exportable: true,
  importKeys: ['slug'],
  naturalKey: 'slug',
  public: { collection: 'used-categories', fields: ['title', 'slug', 'order'], sortable: ['title', 'order'] },
  fields: {
    title: { type: 'text', label: 'fields.usedCategory.title', translated: true, required: true, maxLength: 120 },
    slug: { type: 'slug', label: 'fields.usedCategory.slug', from: 'title', maxLength: 120 },
    order: { type: 'integer', label: 'fields.usedCategory.order', default: 0, min: 0, max: 9999 },
  },
  list: {
    columns: ['title', 'slug', 'order'],
    sort: 'order,title',
    sortable: ['title', 'slug', 'order'],
    search: ['title', 'slug'],
    filters: [],
  },
  form: {
    tabs: [{ label: 'tabs.general', groups: [{ fields: ['title', 'slug', 'order'] }] }],
  },
});
