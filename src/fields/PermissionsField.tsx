import { useMemo } from 'react';
import type { PermissionsField as PermissionsDef } from '../../entities/fields';
import { useSessionView } from '../app/services/session';
import { useT } from '../i18n/i18n';
import { GRID_ACTIONS, permissionRows, rowState, toggleCodename, toggleRow } from './permissionsGrid';
import type { FieldWidgetProps } from './types';

const NONE: string[] = [];

/** Permissions grouped by model: a row per model, a column per action, a switch per row. */
export default function PermissionsField({ name, field, value, onChange, disabled, id }: FieldWidgetProps<string[] | null, PermissionsDef>) {
  const t = useT();
  const editor = useSessionView((s) => s.user);
  const kind = useSessionView((s) => s.tenant?.kind);
  const list = value ?? NONE;
  const backoffice = field.backoffice === 'site' ? (kind === 'dealer' ? 'dealer' : 'master') : field.backoffice;
  const rows = useMemo(() => permissionRows(backoffice, editor ?? { is_superuser: false, all_permissions: [] }, list), [backoffice, editor, list]);
  if (!rows.length) return <p className="text-sm text-ink-faint">{t('users.nothingToGrant')}</p>;
  return (
    <table id={id} className="w-full max-w-2xl text-sm" data-testid={`${name}-grid`}>
      <thead>
        <tr className="text-left text-xs uppercase tracking-wide text-ink-faint">
          <th className="py-2 pr-4 font-medium">{t('users.model')}</th>
          {GRID_ACTIONS.map((a) => (
            <th key={a} className="px-2 py-2 text-center font-medium">
              {t(`users.actions.${a}`)}
            </th>
          ))}
          <th className="px-2 py-2 text-center font-medium">{t('users.allOfRow')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const state = rowState(row);
          const label = t(`users.models.${row.model}`);
          return (
            <tr key={row.model} className="border-t border-surface-border" data-model={row.model}>
              <th scope="row" className="py-2 pr-4 text-left font-normal text-ink">
                {label}
              </th>
              {row.cells.map((cell) => (
                <td key={cell.action} className="px-2 py-2 text-center">
                  <input
                    type="checkbox"
                    name={`${name}.${cell.codename}`}
                    checked={cell.checked}
                    disabled={disabled || !cell.enabled}
                    title={cell.enabled ? undefined : t('users.notHeld')}
                    aria-label={`${label}: ${t(`users.actions.${cell.action}`)}`}
                    onChange={() => onChange(toggleCodename(list, cell.codename))}
                    className="h-4 w-4 accent-brand disabled:opacity-40"
                  />
                </td>
              ))}
              <td className="px-2 py-2 text-center">
                <input
                  type="checkbox"
                  checked={state === 'all'}
                  ref={(el) => {
                    if (el) el.indeterminate = state === 'some';
                  }}
                  disabled={disabled || row.cells.every((c) => !c.enabled)}
                  aria-label={t('users.rowToggle', { model: label })}
                  onChange={() => onChange(toggleRow(list, row))}
                  className="h-4 w-4 accent-brand disabled:opacity-40"
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
