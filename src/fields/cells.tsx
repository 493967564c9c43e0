import type { ReactNode } from 'react';
import type { Field, FieldOf, FieldType, SelectOption } from '../../entities/fields';
import { optionText } from '../../entities/fields';
import { formatDate } from '../i18n/dates';
import { parseColor } from './color';

/** What a list cell shows a value with: never empty (the list shows "—" for that). */
export interface CellProps<F extends Field = Field> {
  field: F;
  value: unknown;
  /** The titles of what a reference value names, as the list row carries them (src/entity/formValues.ts). */
  linked: { id: number; title: string } | Array<{ id: number; title: string }> | null | undefined;
  locale: string;
  t: (key: string, params?: Record<string, unknown>) => string;
}

export type CellOf<T extends FieldType> = (props: CellProps<FieldOf<T>>) => ReactNode;

export const dateTime = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatDate(d, 'dateTime');
};

const TONES: Record<NonNullable<SelectOption['tone']>, string> = {
  neutral: 'bg-surface-overlay',
  success: 'bg-emerald-500/15 text-emerald-300',
  warning: 'bg-amber-500/15 text-amber-300',
  danger: 'bg-red-500/15 text-red-300',
};

export const plainCell = ({ value }: CellProps) => <span className="line-clamp-2">{typeof value === 'object' ? JSON.stringify(value) : String(value)}</span>;

export const fkCell: CellOf<'fk'> = ({ value, linked }) => <>{linked && !Array.isArray(linked) ? linked.title : `#${value}`}</>;

export const m2mCell: CellOf<'m2m'> = ({ linked }) => <>{Array.isArray(linked) ? linked.map((r) => r.title).join(', ') : ''}</>;

export const selectCell: CellOf<'select'> = ({ field, value, t }) => {
  const option = field.options.find((o) => o.value === value);
  return (
    <span className={`rounded px-2 py-0.5 text-xs ${TONES[option?.tone ?? 'neutral']}`} data-value={String(value)}>
      {option ? optionText(option, t) : String(value)}
    </span>
  );
};

export const urlCell: CellOf<'url'> = ({ value }) => (
  <a href={String(value)} target="_blank" rel="noopener noreferrer" className="break-all text-brand-ink hover:underline">
    {String(value)}
  </a>
);

export const listCell: CellOf<'list'> = ({ field, value, t }) => {
  const items = Array.isArray(value) ? value.map(String) : [];
  // Codes stay short in a column (DF, it); their names show on hover.
  const names = field.options ? items.map((v) => field.options!.find((o) => o.value === v)).map((o, i) => (o ? optionText(o, t) : items[i])) : items;
  return (
    <span className="inline-flex flex-wrap gap-1" title={names.join(', ')}>
      {items.map((v) => (
        <span key={v} className="rounded bg-surface-overlay px-1.5 py-0.5 font-mono text-xs">
          {v}
        </span>
      ))}
    </span>
  );
};

export const booleanCell: CellOf<'boolean'> = ({ value, t }) => (
  <span className={value ? 'text-success' : 'text-ink-faint'}>{value ? t('list.yes') : t('list.no')}</span>
);

export const colorCell: CellOf<'color'> = ({ value }) => {
  const c = parseColor(String(value));
  return (
    <span className="inline-flex items-center gap-2 font-mono text-xs">
      <span className="h-4 w-4 rounded border border-surface-border" style={{ background: c ? String(value) : 'transparent' }} />
      {String(value)}
    </span>
  );
};

export const numberCell: CellOf<'number' | 'integer'> = ({ value, locale }) => (
  <span className="tabular-nums">{new Intl.NumberFormat(locale).format(Number(value))}</span>
);

export const dateCell: CellOf<'date'> = ({ value }) => {
  const d = new Date(`${value}T00:00:00`);
  return <>{Number.isNaN(d.getTime()) ? String(value) : formatDate(d, 'date')}</>;
};

export const dateTimeCell: CellOf<'datetime'> = ({ value }) => <>{dateTime(String(value))}</>;

export const mediaCell: CellOf<'media' | 'file'> = ({ value }) => (
  <span className="text-ink-muted" title={`#${value}`}>
    ▣
  </span>
);

export const mediaManyCell: CellOf<'mediaMany'> = ({ value, t }) => (
  <span className="text-ink-muted">{Array.isArray(value) ? t('list.mediaCount', { count: value.length }) : ''}</span>
);

export const richTextCell: CellOf<'richtext'> = ({ value }) => <span className="line-clamp-1">{String(value).replace(/<[^>]*>/g, ' ')}</span>;
