import { defineEntity } from './define.js';

/** A free label on products; deleting one just takes it off its products. */
export const tag = defineEntity({
  name: 'tag',
  model: 'tag',
  scope: 'dealer',
  path: '/products/tag',
  table: 'tags',
  label: { one: 'entities.tag.one', many: 'entities.tag.many' },
  titleField: 'title',
  exportable: true,
  importKeys: ['slug'],
  naturalKey: 'slug',
  public: { collection: 'tags', fields: ['title', 'slug', 'order'], sortable: ['title', 'order'] },
  fields: {
    title: { type: 'text', label: 'fields.tag.title', translated: true, required: true, maxLength: 80 },
    slug: { type: 'slug', label: 'fields.tag.slug', from: 'title', maxLength: 80 },
    order: { type: 'integer', label: 'fields.tag.order', default: 0, min: 0, max: 9999 },
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
