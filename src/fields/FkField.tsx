import type { FkField as FkDef } from '../../entities/fields';
import { entityNamed } from '../../entities/index';
import { useT } from '../i18n/i18n';
import { Autocomplete } from './Autocomplete';
import { useRefTitle } from './refTitles';
import type { FieldWidgetProps } from './types';
import { chipClass, iconButton, isInvalid } from './ui';

/** A reference to one row of another entity: its title as a chip, or a search box to choose one. */
export default function FkField({ name, field, value, onChange, errors, disabled, id }: FieldWidgetProps<number | null, FkDef>) {
  const t = useT();
  const target = entityNamed(field.target);
  const title = useRefTitle(field.target, value);
  if (!target) return <p className="text-sm text-danger">{field.target}</p>;
  return (
    <div className="flex flex-col gap-2">
      {value !== null && value !== undefined ? (
        <div className="flex items-center gap-2">
          <span className={chipClass} data-testid={`${name}-chip`}>
            {title}
            {!disabled && (
              <button type="button" className={iconButton} onClick={() => onChange(null)} aria-label={t('fields.removeItem', { item: title })}>
                ✕
              </button>
            )}
          </span>
          <input type="hidden" name={name} value={value} />
        </div>
      ) : null}
      {(value === null || value === undefined) && (
        <Autocomplete target={target} id={id} name={`${name}.search`} disabled={disabled} invalid={isInvalid(errors)} onPick={(o) => onChange(o.id)} />
      )}
    </div>
  );
}
