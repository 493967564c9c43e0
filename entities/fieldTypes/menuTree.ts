import type { FieldOf } from '../fields.js';
import { isMenuUrl, isPlainObject } from '../formats.js';
import { addError, type Errors, INVALID, type ProblemCode, type ProblemParams, quoted } from '../problems.js';
import { asJson } from './cellForms.js';
import type { FieldTypeDescription } from './description.js';

export interface MenuNode {
  id?: string;
  label: string;
  page?: string;
  url?: string;
  new_tab?: boolean;
  children: MenuNode[];
}

const MENU_ID = /^[A-Za-z0-9_-]{1,64}$/;
const PAGE_KEY = /^[a-z0-9_]{1,64}$/;

/** Nodes of a nested menu, level by level, each problem on the node's own path. */
function validateMenu(field: FieldOf<'menuTree'>, raw: unknown, path: string, errors: Errors): unknown {
  const maxItems = Math.min(field.maxItems ?? 200, 1000);
  let count = 0;
  let bad = false;
  const err = (at: string, code: ProblemCode, params?: ProblemParams) => {
    addError(errors, at, code, params);
    bad = true;
  };
  const level = (list: unknown, at: string, depth: number): MenuNode[] => {
    if (!Array.isArray(list)) {
      err(at, 'list');
      return [];
    }
    if (list.length === 0) return [];
    if (depth > field.maxDepth) {
      err(at, 'menuDepth', { count: field.maxDepth });
      return [];
    }
    const out: MenuNode[] = [];
    for (let i = 0; i < list.length; i++) {
      const node: unknown = list[i];
      const here = `${at}.${i}`;
      if (++count > maxItems) {
        err(path, 'menuItems', { count: maxItems });
        return out;
      }
      if (!isPlainObject(node)) {
        err(here, 'object');
        continue;
      }
      const n: MenuNode = { label: '', children: [] };
      if (node.id !== undefined && node.id !== null) {
        if (typeof node.id !== 'string' || !MENU_ID.test(node.id)) err(`${here}.id`, 'pattern');
        else n.id = node.id;
      }
      if (typeof node.label !== 'string') err(`${here}.label`, node.label === undefined ? 'required' : 'string');
      else if (node.label.trim() === '') err(`${here}.label`, 'blank');
      else if (node.label.trim().length > 100) err(`${here}.label`, 'maxLength', { count: 100 });
      else n.label = node.label.trim();
      const page = node.page === null || node.page === '' ? undefined : node.page;
      const url = node.url === null || node.url === '' ? undefined : node.url;
      if (page !== undefined && url !== undefined) err(`${here}.url`, 'linkBoth');
      if (page !== undefined) {
        if (typeof page !== 'string' || !PAGE_KEY.test(page)) err(`${here}.page`, 'pattern');
        else if (field.pages && !field.pages.includes(page)) err(`${here}.page`, 'choice', { value: quoted(page) });
        else n.page = page;
      }
      if (url !== undefined) {
        if (typeof url !== 'string' || !isMenuUrl(url.trim())) err(`${here}.url`, 'url');
        else n.url = url.trim();
      }
      if (node.new_tab !== undefined && node.new_tab !== null) {
        if (typeof node.new_tab !== 'boolean') err(`${here}.new_tab`, 'boolean');
        else n.new_tab = node.new_tab;
      }
      if (node.children !== undefined && node.children !== null) n.children = level(node.children, `${here}.children`, depth + 1);
      out.push(n);
    }
    return out;
  };
  const tree = level(raw, path, 1);
  return bad ? INVALID : tree;
}

export const menuTree: FieldTypeDescription<'menuTree'> = {
  empty: () => [],
  emptyCode: 'emptyList',
  validate: validateMenu,
  column: 'jsonList',
  sample: (field) => {
    const leaf = { label: 'News', url: '/news', children: [] };
    return field.maxDepth >= 2 ? [{ label: 'Home', page: 'home', children: [leaf] }] : [{ label: 'Home', page: 'home', children: [] }];
  },
  invalid: (field, add) => {
    add('not a list', 'menu');
    add('a node without label', [{ url: '/x' }], '.0.label');
    add('page and url together', [{ label: 'x', page: 'home', url: '/x' }], '.0.url');
    let deep: unknown[] = [];
    for (let i = 0; i <= field.maxDepth; i++) deep = [{ label: `l${i}`, children: deep }];
    add('too deep', deep, `${'.0.children'.repeat(field.maxDepth - 1)}.0.children`);
  },
  cell: asJson((nodes) => Array.isArray(nodes) && nodes.length === 0),
};
