import type { TemporalField } from '../../entities/fields';
import { formatDate } from '../i18n/dates';
import { useT } from '../i18n/i18n';
import { inputToTime, timeOf, timeToInput } from './temporal';
import type { FieldWidgetProps } from './types';
import { inputBase, isInvalid } from './ui';

/** A time of day (opening hours), stored `HH:MM:SS`, shown as the user's language writes times. */
export default function TimeField({ name, field, value, onChange, errors, disabled, id }: FieldWidgetProps<string | null, TemporalField>) {
  useT(); // re-rendered in a new language
  const time = timeOf(value);
  return (
    <div className="flex items-center gap-3">
      <input
        id={id}
        name={name}
        type="time"
        min={field.min ? timeToInput(field.min) : undefined}
        max={field.max ? timeToInput(field.max) : undefined}
        value={timeToInput(value)}
        disabled={disabled}
        aria-invalid={isInvalid(errors)}
        onChange={(e) => onChange(inputToTime(e.target.value))}
        className={`${inputBase} w-36 py-2`}
      />
      {time && (
        <span className="text-xs text-ink-faint" data-testid={`${name}-display`}>
          {formatDate(time, 'time')}
        </span>
      )}
    </div>
  );
}
