import type { ReactNode } from 'react';
import type { EntityDef } from '../../entities/define';
import type { Field } from '../../entities/fields';
import type { Row } from '../../machines/entityList.types';
import { type CellProps, dateTime } from '../fields/cells';
import { FIELD_UI } from '../fields/registry';
import { useT } from '../i18n/i18n';
import { refsOf } from './formValues';

const BUILTIN_LABELS: Record<string, string> = { id: 'list.id', created_at: 'list.createdAt', updated_at: 'list.updatedAt' };

export const columnLabel = (entity: EntityDef, column: string) => entity.fields[column]?.label ?? BUILTIN_LABELS[column] ?? column;

/** A field's cell from the table: it holds the cell under the field's own type, so it takes this field. */
const cellOf = (field: Field) => FIELD_UI[field.type].cell as (props: CellProps) => ReactNode;

/** One cell of a list row, shown as its field type reads best (src/fields/registry.ts). */
export function Cell({ entity, column, row, locale }: { entity: EntityDef; column: string; row: Row; locale: string }) {
  const t = useT();
  const field: Field | undefined = entity.fields[column];
  const value = row[column];
  if (!field) {
    if ((column === 'created_at' || column === 'updated_at') && typeof value === 'string') return <>{dateTime(value)}</>;
    return <>{value === null || value === undefined ? '' : String(value)}</>;
  }
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return <span className="text-ink-faint">—</span>;
  const Show = cellOf(field);
  return <Show field={field} value={value} linked={refsOf(row)[column]} locale={locale} t={t} />;
}
