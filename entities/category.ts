import { defineEntity } from './define.js';

/** A product category of a dealer's catalog. */
export const category = defineEntity({
  name: 'category',
  model: 'category',
  scope: 'dealer',
  path: '/products/category',
  table: 'categories',
  label: { one: 'entities.category.one', many: 'entities.category.many' },
  titleField: 'title',
  exportable: true,
  importKeys: ['slug'],
  naturalKey: 'slug',
  public: { collection: 'categories', fields: ['title', 'slug', 'description', 'image', 'order'], sortable: ['title', 'order'] },
  fields: {
    title: { type: 'text', label: 'fields.category.title', translated: true, required: true, maxLength: 120 },
    slug: { type: 'slug', label: 'fields.category.slug', from: 'title', maxLength: 120 },
    description: { type: 'textarea', label: 'fields.category.description', translated: true, maxLength: 2000 },
    image: { type: 'media', label: 'fields.category.image', accept: 'image/*' },
    order: { type: 'integer', label: 'fields.category.order', default: 0, min: 0, max: 9999 },
  },
  list: {
    columns: ['image', 'title', 'slug', 'order'],
    sort: 'order,title',
    sortable: ['title', 'slug', 'order'],
    search: ['title', 'slug'],
    filters: [],
  },
  form: {
    tabs: [
      {
        label: 'tabs.general',
        groups: [{ fields: ['title', 'slug', 'description'] }, { fields: ['image', 'order'], columns: 2 }],
      },
    ],
  },
});
