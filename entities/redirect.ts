import { defineEntity } from './define.js';
import { LANGUAGE_OPTIONS } from './siteOptions.js';

/** A path on the dealer's own site: no scheme or host, no query or fragment (those never reach the router). */
const REDIRECT_FROM = '/(?!/)[^\\s?#\\\\]*';
/** A path on the site (a query or fragment may follow) or an absolute https URL elsewhere. */
const REDIRECT_TO = '(?:/(?!/)[^\\s\\\\]*|https://[^\\s/?#\\\\]+(?:[/?#][^\\s\\\\]*)?)';

/** Where a target leads on the site: a path without its query or fragment; an absolute URL is only itself. */
export const targetPath = (to: string) => (to.startsWith('/') ? to.replace(/[?#].*$/, '') : to);

/** The spellings of one site path: `/a` and `/a/` are the same page (the root is only `/`); an absolute URL has one. */
export function pathSpellings(path: string): string[] {
  if (!path.startsWith('/')) return [path];
  const bare = path.replace(/\/+$/, '') || '/';
  return bare === '/' ? ['/'] : [bare, `${bare}/`];
}

/**
 * A 301 of a dealer's public site (issue 15 §4): from a path that no longer holds content to
 * where it went. The server records one when a public row's slug changes
 * (server/services/redirects/), a dealer adds others by hand. Chains are collapsed: every
 * redirect points at a final destination, so no target is another redirect's source and no
 * loop can form. The master back-office lists and edits the redirects of every site it reaches
 * (`acrossSites`).
 */
export const redirect = defineEntity({
  name: 'redirect',
  model: 'redirect',
  scope: 'dealer',
  path: '/redirects',
  table: 'redirects',
  label: { one: 'entities.redirect.one', many: 'entities.redirect.many' },
  titleField: 'from_path',
  acrossSites: { label: 'fields.redirect.tenant', help: 'help.redirect.tenant' },
  fields: {
    from_path: {
      type: 'text',
      label: 'fields.redirect.from_path',
      help: 'help.redirect.from_path',
      required: true,
      unique: true,
      maxLength: 500,
      pattern: REDIRECT_FROM,
      patternCode: 'redirectFrom',
    },
    to_path: {
      type: 'text',
      label: 'fields.redirect.to_path',
      help: 'help.redirect.to_path',
      required: true,
      maxLength: 2000,
      pattern: REDIRECT_TO,
      patternCode: 'redirectTo',
    },
    language: { type: 'select', label: 'fields.redirect.language', help: 'help.redirect.language', options: LANGUAGE_OPTIONS },
    origin: {
      type: 'select',
      label: 'fields.redirect.origin',
      readOnly: true,
      default: 'manual',
      options: [
        { value: 'manual', label: 'options.redirect.origin.manual', tone: 'neutral' },
        { value: 'automatic', label: 'options.redirect.origin.automatic', tone: 'success' },
      ],
    },
  },
  list: {
    columns: ['from_path', 'to_path', 'language', 'origin', 'updated_at'],
    sort: '-updated_at',
    sortable: ['from_path', 'updated_at'],
    search: ['from_path', 'to_path'],
    filters: [
      { field: 'origin', kind: 'select' },
      { field: 'language', kind: 'select' },
    ],
  },
  form: {
    tabs: [{ label: 'tabs.general', groups: [{ fields: ['from_path', 'to_path'] }, { fields: ['language', 'origin'], columns: 2 }] }],
  },
  checks: ({ values }) =>
    pathSpellings(String(values.from_path)).includes(targetPath(String(values.to_path))) ? { to_path: [{ code: 'redirectSame' }] } : undefined,
});
