import { type Action, ACTIONS, codename, type Model, modelsOf, type PermissionHolder } from '../../entities/permissions';

export interface PermissionCell {
  action: Action;
  codename: string;
  checked: boolean;
  /** The editor holds this permission, so it may grant or revoke it. */
  enabled: boolean;
}

export interface PermissionRow {
  model: Model;
  cells: PermissionCell[];
}

/** Columns in reading order: seeing comes before changing. */
export const GRID_ACTIONS: readonly Action[] = ['view', 'add', 'change', 'delete'];

const holds = (editor: PermissionHolder, c: string) => editor.is_superuser || editor.all_permissions.some((p) => p.codename === c);

/**
 * The editor's grid for one back-office: a row per model the editor may grant something
 * of, plus any model the account already holds something of (shown, locked).
 */
export function permissionRows(backoffice: 'dealer' | 'master', editor: PermissionHolder, value: readonly string[]): PermissionRow[] {
  return modelsOf(backoffice)
    .map((model) => ({
      model,
      cells: GRID_ACTIONS.map((action) => {
        const c = codename(action, model);
        return { action, codename: c, checked: value.includes(c), enabled: holds(editor, c) };
      }),
    }))
    .filter((row) => row.cells.some((c) => c.enabled || c.checked));
}

const sorted = (list: Iterable<string>) => [...new Set(list)].sort();

export function toggleCodename(value: readonly string[], c: string): string[] {
  return value.includes(c) ? value.filter((x) => x !== c) : sorted([...value, c]);
}

/** The row switch: every permission of the row the editor holds, all on, or all off when they were all on. */
export function toggleRow(value: readonly string[], row: PermissionRow): string[] {
  const mine = row.cells.filter((c) => c.enabled).map((c) => c.codename);
  const allOn = mine.every((c) => value.includes(c));
  return allOn ? value.filter((c) => !mine.includes(c)) : sorted([...value, ...mine]);
}

export const rowState = (row: PermissionRow): 'all' | 'some' | 'none' => {
  const on = row.cells.filter((c) => c.checked).length;
  return on === 0 ? 'none' : on === ACTIONS.length ? 'all' : 'some';
};
