import type { EntityDef } from '../../entities/define';
import type { Field } from '../../entities/fields';
import type { BulkOp } from '../../machines/entityList.types';

/** How a field of the declaration's `bulkEdit` may change (docs/decisions.md §24): the first is the default. */
export function opsFor(field: Field | undefined): BulkOp[] {
  if (field?.type === 'number') return ['set', 'amount', 'percent'];
  if (field?.type === 'm2m') return ['add', 'remove'];
  return ['set'];
}

/** The fields an entity's rows may be changed on together, with their declarations. */
export const bulkFields = (entity: EntityDef): Array<[string, Field]> =>
  (entity.bulkEdit ?? []).flatMap((name) => (entity.fields[name] ? [[name, entity.fields[name]] as [string, Field]] : []));

/**
 * The field the value is typed into: the declaration's own for a value set or links, and
 * a plain number for a change by an amount (which may be below zero) or a percentage.
 */
export function valueField(field: Field, op: BulkOp): Field {
  if (op === 'amount') return { type: 'number', label: 'list.bulkAmount', step: field.type === 'number' ? field.step : undefined };
  if (op === 'percent') return { type: 'number', label: 'list.bulkPercent', min: -100, step: 0.1 };
  return field;
}
