import { defineEntity } from './define.js';

/**
 * A search-engine indexing action (docs/decisions.md §3): written by the server when public content
 * is published, changed, unpublished or deleted, then sent by the indexing dispatcher
 * (server/services/indexing/). Nobody edits these rows.
 */
export const indexingLog = defineEntity({
  name: 'indexingLog',
  model: 'indexingactionlog',
  scope: 'master',
  path: '/indexingLogs',
  table: 'indexing_actions',
  label: { one: 'entities.indexingLog.one', many: 'entities.indexingLog.many' },
  titleField: 'url',
  readOnly: true,
  notForRoles: ['MA'],
  fields: {
    url: { type: 'url', label: 'fields.indexingLog.url', readOnly: true },
    action: {
      type: 'select',
      label: 'fields.indexingLog.action',
      readOnly: true,
      options: [
        { value: 'updated', label: 'options.indexingLog.action.updated' },
        { value: 'deleted', label: 'options.indexingLog.action.deleted', tone: 'warning' },
      ],
    },
    status: {
      type: 'select',
      label: 'fields.indexingLog.status',
      readOnly: true,
      options: [
        { value: 'pending', label: 'options.indexingLog.status.pending', tone: 'neutral' },
        { value: 'sent', label: 'options.indexingLog.status.sent', tone: 'success' },
        { value: 'failed', label: 'options.indexingLog.status.failed', tone: 'danger' },
      ],
    },
    site: { type: 'text', label: 'fields.indexingLog.site', readOnly: true },
    entity: { type: 'text', label: 'fields.indexingLog.entity', readOnly: true },
    entity_id: { type: 'integer', label: 'fields.indexingLog.entity_id', readOnly: true },
    attempts: { type: 'integer', label: 'fields.indexingLog.attempts', readOnly: true },
    next_attempt_at: { type: 'datetime', label: 'fields.indexingLog.next_attempt_at', readOnly: true },
    response: { type: 'textarea', label: 'fields.indexingLog.response', readOnly: true },
  },
  list: {
    columns: ['created_at', 'site', 'action', 'url', 'status', 'attempts'],
    sort: '-created_at',
    sortable: ['created_at', 'status', 'attempts'],
    search: ['url'],
    filters: [
      { field: 'site', kind: 'exact' },
      { field: 'action', kind: 'select' },
      { field: 'status', kind: 'select' },
      { field: 'created_at', kind: 'dateRange' },
    ],
  },
  form: {
    tabs: [
      {
        label: 'tabs.general',
        groups: [
          { fields: ['url', 'site', 'action', 'status'], columns: 2 },
          { label: 'groups.indexingLog.delivery', fields: ['attempts', 'next_attempt_at', 'entity', 'entity_id', 'response'], columns: 2 },
        ],
      },
    ],
  },
});
