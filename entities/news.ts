import { defineEntity } from './define.js';

/**
 * A news item of a dealer's site (docs/decisions.md §3). The public site shows a published item
 * from its `publish_at` on, so a future date schedules it.
 */
export const news = defineEntity({
  name: 'news',
  model: 'news',
  scope: 'dealer',
  path: '/news',
  table: 'news',
  label: { one: 'entities.news.one', many: 'entities.news.many' },
  titleField: 'title',
  exportable: true,
  importKeys: ['slug'],
  public: {
    statusField: 'status',
    publicValues: ['published'],
    from: 'publish_at',
    collection: 'news',
    urlPattern: '/{lang}/{news}/{slug}',
    fields: ['title', 'slug', 'summary', 'body', 'publish_at', 'image', 'seo'],
    sortable: ['title', 'publish_at'],
    filters: ['publish_at'],
    search: true,
  },
  fields: {
    title: { type: 'text', label: 'fields.news.title', translated: true, required: true, maxLength: 200 },
    slug: { type: 'slug', label: 'fields.news.slug', translated: true, from: 'title', maxLength: 200 },
    summary: { type: 'textarea', label: 'fields.news.summary', help: 'help.news.summary', translated: true, maxLength: 400 },
    body: { type: 'richtext', label: 'fields.news.body', translated: true, maxLength: 100_000 },
    publish_at: { type: 'datetime', label: 'fields.news.publish_at', help: 'help.news.publish_at', required: true },
    image: { type: 'media', label: 'fields.news.image', accept: 'image/*' },
    status: {
      type: 'select',
      label: 'fields.news.status',
      required: true,
      default: 'draft',
      options: [
        { value: 'draft', label: 'options.news.status.draft' },
        { value: 'published', label: 'options.news.status.published' },
        { value: 'archived', label: 'options.news.status.archived' },
      ],
    },
    seo: { type: 'seo', label: 'fields.news.seo', translated: true },
  },
  list: {
    columns: ['image', 'title', 'publish_at', 'status', 'updated_at'],
    sort: '-publish_at,id',
    sortable: ['title', 'publish_at', 'status', 'updated_at'],
    search: ['title'],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'publish_at', kind: 'dateRange' },
    ],
  },
  form: {
    tabs: [
      {
        label: 'tabs.general',
        groups: [{ fields: ['title', 'slug', 'summary'] }, { label: 'groups.news.publishing', fields: ['publish_at', 'status', 'image'], columns: 2 }],
      },
      { label: 'tabs.content', groups: [{ fields: ['body'] }] },
      { label: 'tabs.seo', groups: [{ fields: ['seo'] }] },
    ],
  },
});
