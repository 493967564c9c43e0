import { useRef, useState } from 'react';
import { defaultValue } from '../../entities/fieldTypes/index';
import { type Field, optionText, type RepeaterField as RepeaterDef } from '../../entities/fields';
import { useT } from '../i18n/i18n';
import { useFieldFrame, useHostOrNone, useFieldHost } from './context';
import { insertAt, move, removeAt, useRowKeys } from './rows';
import type { FieldWidgetProps } from './types';
import { iconButton, smallButton } from './ui';

type RowValues = Record<string, unknown>;

export const emptyRow = (field: RepeaterDef): RowValues => Object.fromEntries(Object.entries(field.fields).map(([k, f]) => [k, defaultValue(f)]));

/** A field inside a row: its errors come from the form by path, its change goes to the form by path. */
function NestedField(props: { path: string; field: Field; value: unknown; disabled?: boolean; language?: string; onRowChange: (v: unknown) => void }) {
  const host = useHostOrNone();
  const hosted = useFieldHost();
  const errors = host.useErrorsAt(props.path);
  const FieldFrame = useFieldFrame();
  return (
    <FieldFrame
      name={props.path}
      field={props.field}
      value={props.value}
      errors={errors}
      disabled={props.disabled}
      language={props.language}
      onChange={(v) => (hosted ? hosted.change(props.path, v) : props.onRowChange(v))}
    />
  );
}

function RowErrorDot({ path }: { path: string }) {
  const host = useHostOrNone();
  const nested = host.useNestedInvalid(path);
  const own = host.useErrorsAt(path);
  return nested || own.length ? <span className="h-2 w-2 rounded-full bg-danger" data-testid="row-error" aria-hidden="true" /> : null;
}

/**
 * Rows of nested fields (product specs, page blocks): add, insert, remove, drag to sort
 * (or move with the buttons), collapse; each row's errors shown on its fields.
 */
export default function RepeaterField({ name, field, value, onChange, disabled, id, language }: FieldWidgetProps<RowValues[] | null, RepeaterDef>) {
  const t = useT();
  const rows = value ?? [];
  const keys = useRowKeys(rows.length);
  // Which rows are folded and which one is dragged are view state, not part of the value.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const dragFrom = useRef<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const full = field.max !== undefined && rows.length >= field.max;

  const add = (index: number) => {
    keys.insert(index);
    onChange(insertAt(rows, index, emptyRow(field)));
  };
  const remove = (index: number) => {
    keys.remove(index);
    onChange(removeAt(rows, index));
  };
  const moveRow = (from: number, to: number) => {
    if (to < 0 || to >= rows.length || from === to) return;
    keys.move(from, to);
    onChange(move(rows, from, to));
  };
  const toggle = (key: string) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const labelOf = (row: RowValues, i: number) => {
    const v = field.rowLabel ? row[field.rowLabel] : undefined;
    // A select names the row by its option's label, not its stored value.
    const sub = field.rowLabel ? field.fields[field.rowLabel] : undefined;
    const option = sub?.type === 'select' ? sub.options.find((o) => o.value === v) : undefined;
    if (option) return optionText(option, t);
    return typeof v === 'string' && v.trim() ? v : t('fields.repeater.row', { n: i + 1 });
  };

  return (
    <div className="flex flex-col gap-2" id={id} data-testid={`${name}-rows`}>
      {rows.length === 0 && <p className="text-sm text-ink-faint">{t('fields.repeater.empty')}</p>}
      <ol className="flex flex-col gap-2">
        {rows.map((row, i) => {
          const key = keys.keys[i]!; // useRowKeys holds one key per row
          const folded = collapsed.has(key);
          return (
            <li
              key={key}
              data-row={i}
              className={`rounded-lg border bg-surface ${dropAt === i ? 'border-brand-ink' : 'border-surface-border'}`}
              onDragOver={(e) => {
                if (dragFrom.current === null) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                if (dropAt !== i) setDropAt(i);
              }}
              onDragLeave={() => dropAt === i && setDropAt(null)}
              onDrop={(e) => {
                e.preventDefault();
                if (dragFrom.current !== null) moveRow(dragFrom.current, i);
                dragFrom.current = null;
                setDropAt(null);
              }}
            >
              <div className="flex items-center gap-1 border-b border-surface-border px-2 py-1.5">
                <span
                  draggable={!disabled}
                  onDragStart={(e) => {
                    dragFrom.current = i;
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', String(i));
                    const rowEl = e.currentTarget.closest('li');
                    if (rowEl) e.dataTransfer.setDragImage(rowEl, 16, 16);
                  }}
                  onDragEnd={() => {
                    dragFrom.current = null;
                    setDropAt(null);
                  }}
                  className="cursor-grab select-none px-1 text-ink-faint"
                  title={t('fields.repeater.drag')}
                  data-testid="drag-handle"
                  aria-hidden="true"
                >
                  ⋮⋮
                </span>
                <button type="button" className="flex min-w-0 flex-1 items-center gap-2 text-left text-sm" onClick={() => toggle(key)} aria-expanded={!folded}>
                  <span className={`inline-block transition-transform ${folded ? '' : 'rotate-90'}`} aria-hidden="true">
                    ›
                  </span>
                  <span className="truncate">{labelOf(row, i)}</span>
                  <RowErrorDot path={`${name}.${i}`} />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  disabled={disabled || i === 0}
                  onClick={() => moveRow(i, i - 1)}
                  aria-label={t('fields.repeater.moveUp')}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={iconButton}
                  disabled={disabled || i === rows.length - 1}
                  onClick={() => moveRow(i, i + 1)}
                  aria-label={t('fields.repeater.moveDown')}
                >
                  ↓
                </button>
                <button type="button" className={iconButton} disabled={disabled || full} onClick={() => add(i + 1)} aria-label={t('fields.repeater.insert')}>
                  +
                </button>
                <button
                  type="button"
                  className={`${iconButton} hover:text-danger`}
                  disabled={disabled}
                  onClick={() => remove(i)}
                  aria-label={t('fields.repeater.remove')}
                >
                  ✕
                </button>
              </div>
              {!folded && (
                <div className="grid gap-3 p-3 sm:grid-cols-2">
                  {Object.entries(field.fields).map(([sub, subField]) => (
                    <NestedField
                      key={sub}
                      path={`${name}.${i}.${sub}`}
                      field={subField}
                      value={row[sub]}
                      disabled={disabled}
                      language={language}
                      onRowChange={(v) => onChange(rows.map((r, j) => (j === i ? { ...r, [sub]: v } : r)))}
                    />
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <div>
        <button type="button" className={smallButton} disabled={disabled || full} onClick={() => add(rows.length)} data-testid={`${name}-add`}>
          + {t('fields.repeater.add')}
        </button>
        {full && <span className="ml-2 text-xs text-ink-faint">{t('fields.maxReached', { max: field.max ?? 0 })}</span>}
      </div>
    </div>
  );
}
