import type { EntityDef } from '../../entities/define';
import { type Field, optionText, type SelectOption } from '../../entities/fields';
import type { Row } from '../../machines/entityList.types';
import { formatDate } from '../i18n/dates';
import { useT } from '../i18n/i18n';
import { parseColor } from '../fields/color';
import { refsOf } from './formValues';

const BUILTIN_LABELS: Record<string, string> = { id: 'list.id', created_at: 'list.createdAt', updated_at: 'list.updatedAt' };

export const columnLabel = (entity: EntityDef, column: string) => entity.fields[column]?.label ?? BUILTIN_LABELS[column] ?? column;

const dateTime = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatDate(d, 'dateTime');
};

const TONES: Record<NonNullable<SelectOption['tone']>, string> = {
  neutral: 'bg-surface-overlay',
  success: 'bg-emerald-500/15 text-emerald-300',
  warning: 'bg-amber-500/15 text-amber-300',
  danger: 'bg-red-500/15 text-red-300',
};

/** One cell of a list row, shown as its field type reads best. */
export function Cell({ entity, column, row, locale }: { entity: EntityDef; column: string; row: Row; locale: string }) {
  const t = useT();
  const field: Field | undefined = entity.fields[column];
  const value = row[column];
  if (!field) {
    if ((column === 'created_at' || column === 'updated_at') && typeof value === 'string') return <>{dateTime(value)}</>;
    return <>{value === null || value === undefined ? '' : String(value)}</>;
  }
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return <span className="text-ink-faint">—</span>;
  switch (field.type) {
    case 'fk': {
      const ref = refsOf(row)[column];
      return <>{ref && !Array.isArray(ref) ? ref.title : `#${value}`}</>;
    }
    case 'm2m': {
      const refs = refsOf(row)[column];
      return <>{Array.isArray(refs) ? refs.map((r) => r.title).join(', ') : ''}</>;
    }
    case 'select': {
      const option = field.options.find((o) => o.value === value);
      return (
        <span className={`rounded px-2 py-0.5 text-xs ${TONES[option?.tone ?? 'neutral']}`} data-value={String(value)}>
          {option ? optionText(option, t) : String(value)}
        </span>
      );
    }
    case 'url':
      return (
        <a href={String(value)} target="_blank" rel="noopener noreferrer" className="break-all text-brand-ink hover:underline">
          {String(value)}
        </a>
      );
    case 'list': {
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
    }
    case 'boolean':
      return <span className={value ? 'text-success' : 'text-ink-faint'}>{value ? t('list.yes') : t('list.no')}</span>;
    case 'color': {
      const c = parseColor(String(value));
      return (
        <span className="inline-flex items-center gap-2 font-mono text-xs">
          <span className="h-4 w-4 rounded border border-surface-border" style={{ background: c ? String(value) : 'transparent' }} />
          {String(value)}
        </span>
      );
    }
    case 'number':
    case 'integer':
      return <span className="tabular-nums">{new Intl.NumberFormat(locale).format(Number(value))}</span>;
    case 'date': {
      const d = new Date(`${value}T00:00:00`);
      return <>{Number.isNaN(d.getTime()) ? String(value) : formatDate(d, 'date')}</>;
    }
    case 'datetime':
      return <>{dateTime(String(value))}</>;
    case 'media':
    case 'file':
      return <span className="text-ink-muted" title={`#${value}`}>▣</span>;
    case 'mediaMany':
      return <span className="text-ink-muted">{Array.isArray(value) ? t('list.mediaCount', { count: value.length }) : ''}</span>;
    case 'richtext':
      return <span className="line-clamp-1">{String(value).replace(/<[^>]*>/g, ' ')}</span>;
    default:
      return <span className="line-clamp-2">{typeof value === 'object' ? JSON.stringify(value) : String(value)}</span>;
  }
}
