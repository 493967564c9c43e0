import type { TemporalField } from '../../entities/fields';
import { formatDate } from '../i18n/dates';
import { useT } from '../i18n/i18n';
import { timeZone } from './locale';
import { isoToLocalInput, localInputToIso } from './temporal';
import type { FieldWidgetProps } from './types';
import { inputBase, isInvalid } from './ui';

/** An instant, stored as ISO 8601 UTC, edited and shown in the user's time zone. */
export default function DateTimeField({ name, value, onChange, errors, disabled, id }: FieldWidgetProps<string | null, TemporalField>) {
  useT(); // re-rendered in a new language
  const local = isoToLocalInput(value);
  const zone = timeZone();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <input
          id={id}
          name={name}
          type="datetime-local"
          value={local}
          disabled={disabled}
          aria-invalid={isInvalid(errors)}
          onChange={(e) => onChange(localInputToIso(e.target.value))}
          className={`${inputBase} w-60 py-2`}
        />
        <span className="text-xs text-ink-faint">{zone}</span>
      </div>
      {value && local && (
        <span className="text-xs text-ink-faint" data-testid={`${name}-display`}>
          {/* In the browser's zone, the one shown beside the input. */}
          {formatDate(new Date(value), 'fullDateTime')}
        </span>
      )}
    </div>
  );
}
