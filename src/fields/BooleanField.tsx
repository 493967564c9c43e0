import type { BooleanField as BooleanDef } from '../../entities/fields';
import { useT } from '../i18n/i18n';
import { labelText } from './label';
import type { FieldWidgetProps } from './types';

/** A switch with its label beside it. */
export default function BooleanField({ name, field, value, onChange, errors, disabled, id }: FieldWidgetProps<boolean | null, BooleanDef>) {
  const t = useT();
  const on = value === true;
  return (
    <label htmlFor={id} className="inline-flex cursor-pointer items-center gap-3 py-1.5 text-sm has-[:disabled]:cursor-default has-[:disabled]:opacity-60">
      <input
        id={id}
        name={name}
        type="checkbox"
        role="switch"
        checked={on}
        disabled={disabled}
        aria-invalid={(errors?.length ?? 0) > 0}
        onChange={(e) => onChange(e.target.checked)}
        className="peer sr-only"
      />
      <span
        aria-hidden="true"
        className={`relative h-5 w-9 rounded-full transition-colors peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-brand-ink ${on ? 'bg-brand' : 'bg-surface-border'}`}
      >
        <span className={`absolute top-0.5 h-4 w-4 rounded-full bg-white transition-[left] ${on ? 'left-[1.1rem]' : 'left-0.5'}`} />
      </span>
      <span className="text-ink-muted">
        {labelText(t, field.label)}
        {field.required && <span className="ml-1 text-danger">*</span>}
      </span>
    </label>
  );
}
