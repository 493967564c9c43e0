import type { EntityDef, FilterDef } from '../../entities/define';
import { optionText } from '../../entities/fields';
import { entityNamed } from '../../entities/index';
import { Autocomplete } from '../fields/Autocomplete';
import { columnLabel } from './cells';
import { useRefTitle } from '../fields/refTitles';
import { chipClass, iconButton, inputBase } from '../fields/ui';

const selectClass = 'rounded-md border border-surface-border bg-surface px-3 py-1.5 text-sm text-ink focus:border-brand-ink';
import { useT } from '../i18n/i18n';

interface FilterProps {
  entity: EntityDef;
  filter: FilterDef;
  value: string | undefined;
  set: (value: string | null) => void;
}

function FkFilter({ entity, filter, value, set }: FilterProps) {
  const t = useT();
  const field = entity.fields[filter.field];
  const targetName = field?.type === 'fk' || field?.type === 'm2m' ? field.target : '';
  const target = entityNamed(targetName);
  const title = useRefTitle(targetName, value ?? null);
  if (!target || !field) return null;
  return value ? (
    <span className={chipClass} data-filter={filter.field}>
      <span className="text-ink-faint">{t(field.label)}:</span> {title}
      <button type="button" className={iconButton} onClick={() => set(null)} aria-label={t('list.clearFilter', { name: t(field.label) })}>
        ✕
      </button>
    </span>
  ) : (
    <div className="w-48" data-filter={filter.field}>
      <Autocomplete target={target} name={`fltr.${filter.field}`} placeholder={t(field.label)} onPick={(o) => set(String(o.id))} />
    </div>
  );
}

function DateRangeFilter({ entity, filter, value, set }: FilterProps) {
  const t = useT();
  const [from = '', to = ''] = (value ?? '').split('..');
  const label = t(columnLabel(entity, filter.field));
  const update = (a: string, b: string) => set(a || b ? `${a}..${b}` : null);
  return (
    <fieldset className="flex flex-wrap items-center gap-1 text-xs text-ink-muted" data-filter={filter.field}>
      <legend className="sr-only">{label}</legend>
      <span>{label}</span>
      <input
        type="date"
        aria-label={t('list.from', { name: label })}
        name={`fltr.${filter.field}.from`}
        value={from}
        onChange={(e) => update(e.target.value, to)}
        className={`${inputBase} w-36 py-1.5`}
      />
      <span aria-hidden="true">–</span>
      <input
        type="date"
        aria-label={t('list.to', { name: label })}
        name={`fltr.${filter.field}.to`}
        value={to}
        onChange={(e) => update(from, e.target.value)}
        className={`${inputBase} w-36 py-1.5`}
      />
    </fieldset>
  );
}

/** An exact value, applied when the field is left or Enter is pressed. */
function ExactFilter({ entity, filter, value, set }: FilterProps) {
  const t = useT();
  const label = t(columnLabel(entity, filter.field));
  const apply = (raw: string) => {
    const next = raw.trim() || null;
    if (next !== (value ?? null)) set(next);
  };
  return (
    <input
      key={value ?? ''}
      type="text"
      aria-label={label}
      placeholder={label}
      name={`fltr.${filter.field}`}
      defaultValue={value ?? ''}
      onBlur={(e) => apply(e.target.value)}
      onKeyDown={(e) => e.key === 'Enter' && apply(e.currentTarget.value)}
      className={`${inputBase} w-48 py-1.5`}
      data-filter={filter.field}
    />
  );
}

/** One filter of the list declaration, as its kind asks: a select, yes/no, a row of another entity, a date range, an exact value. */
export function ListFilter(props: FilterProps) {
  const t = useT();
  const { entity, filter, value, set } = props;
  if (filter.kind === 'dateRange') return <DateRangeFilter {...props} />;
  const field = entity.fields[filter.field];
  if (!field) return null;
  if (filter.kind === 'fk') return <FkFilter {...props} />;
  if (filter.kind === 'exact') return <ExactFilter {...props} />;
  const options =
    filter.kind === 'boolean'
      ? [
          { value: 'true', label: t('list.yes') },
          { value: 'false', label: t('list.no') },
        ]
      : field.type === 'select'
        ? field.options.map((o) => ({ value: o.value, label: optionText(o, t) }))
        : [];
  return (
    <select
      aria-label={t(field.label)}
      name={`fltr.${filter.field}`}
      value={value ?? ''}
      onChange={(e) => set(e.target.value || null)}
      className={selectClass}
      data-filter={filter.field}
    >
      <option value="">
        {t(field.label)}: {t('list.any')}
      </option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
