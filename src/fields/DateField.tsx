import type { TemporalField } from '../../entities/fields';
import { formatDate } from '../i18n/dates';
import { useT } from '../i18n/i18n';
import { dateOf } from './temporal';
import type { FieldWidgetProps } from './types';
import { inputBase, isInvalid } from './ui';

/** A calendar day, stored `YYYY-MM-DD`, spelled out below in the user's language. */
export default function DateField({ name, field, value, onChange, errors, disabled, id }: FieldWidgetProps<string | null, TemporalField>) {
  useT(); // re-rendered in a new language
  const day = dateOf(value);
  return (
    <div className="flex flex-col gap-1">
      <input
        id={id}
        name={name}
        type="date"
        min={field.min}
        max={field.max}
        value={value ?? ''}
        disabled={disabled}
        aria-invalid={isInvalid(errors)}
        onChange={(e) => onChange(e.target.value || null)}
        className={`${inputBase} w-48 py-2`}
      />
      {day && (
        <span className="text-xs text-ink-faint" data-testid={`${name}-display`}>
          {formatDate(day, 'fullDate')}
        </span>
      )}
    </div>
  );
}
