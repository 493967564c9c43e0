import { defineEntity } from './define.js';

/** A service a dealer offers for a brand (servicing, spare parts, finance …). */
export const brandService = defineEntity({
  name: 'brandService',
  model: 'brandservice',
  scope: 'dealer',
  path: '/brand/services',
  table: 'brand_services',
  label: { one: 'entities.brandService.one', many: 'entities.brandService.many' },
  titleField: 'title',
  public: {
    statusField: 'is_active',
    publicValues: [true],
    collection: 'brand-services',
    fields: ['brand', 'title', 'description', 'icon', 'order'],
    sortable: ['title', 'order'],
    filters: ['brand'],
  },
  fields: {
    brand: { type: 'fk', label: 'fields.brandService.brand', target: 'brand', required: true, onDelete: 'cascade' },
    title: { type: 'text', label: 'fields.brandService.title', translated: true, required: true, maxLength: 150 },
    description: { type: 'textarea', label: 'fields.brandService.description', translated: true, maxLength: 2000 },
    icon: { type: 'media', label: 'fields.brandService.icon', accept: 'image/*' },
    contact_email: { type: 'email', label: 'fields.brandService.contact_email' },
    order: { type: 'integer', label: 'fields.brandService.order', default: 0, min: 0, max: 9999 },
    is_active: { type: 'boolean', label: 'fields.brandService.is_active', default: true },
  },
  list: {
    columns: ['icon', 'title', 'brand', 'order', 'is_active'],
    sort: 'order,id',
    sortable: ['title', 'order', 'is_active'],
    search: ['title'],
    filters: [
      { field: 'brand', kind: 'fk' },
      { field: 'is_active', kind: 'boolean' },
    ],
  },
  form: {
    tabs: [
      {
        label: 'tabs.general',
        groups: [
          { fields: ['brand', 'title', 'description'] },
          { label: 'groups.brandService.details', fields: ['icon', 'contact_email', 'order', 'is_active'], columns: 2 },
        ],
      },
    ],
  },
});
