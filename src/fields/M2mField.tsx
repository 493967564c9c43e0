import type { M2mField as M2mDef } from '../../entities/fields';
import { entityNamed } from '../../entities/index';
import { useT } from '../i18n/i18n';
import { Autocomplete } from './Autocomplete';
import { useRefTitle } from './refTitles';
import type { FieldWidgetProps } from './types';
import { chipClass, iconButton, isInvalid } from './ui';

function Chip({ target, id, disabled, onRemove }: { target: string; id: number; disabled?: boolean; onRemove: () => void }) {
  const t = useT();
  const title = useRefTitle(target, id);
  return (
    <li className={chipClass} data-id={id}>
      {title}
      {!disabled && (
        <button type="button" className={iconButton} onClick={onRemove} aria-label={t('fields.removeItem', { item: title })}>
          ✕
        </button>
      )}
    </li>
  );
}

/** Many rows of another entity: chips in order, and a search box to add more (up to `max`). */
export default function M2mField({ name, field, value, onChange, errors, disabled, id }: FieldWidgetProps<number[] | null, M2mDef>) {
  const t = useT();
  const target = entityNamed(field.target);
  const ids = value ?? [];
  if (!target) return <p className="text-sm text-danger">{field.target}</p>;
  const full = field.max !== undefined && ids.length >= field.max;
  return (
    <div className="flex flex-col gap-2">
      {ids.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" data-testid={`${name}-chips`}>
          {ids.map((item) => (
            <Chip key={item} target={field.target} id={item} disabled={disabled} onRemove={() => onChange(ids.filter((x) => x !== item))} />
          ))}
        </ul>
      )}
      {full ? (
        <p className="text-xs text-ink-faint">{t('fields.maxReached', { max: field.max ?? 0 })}</p>
      ) : (
        <Autocomplete
          target={target}
          id={id}
          name={`${name}.search`}
          disabled={disabled}
          invalid={isInvalid(errors)}
          exclude={ids}
          onPick={(o) => onChange([...ids, o.id])}
        />
      )}
    </div>
  );
}
