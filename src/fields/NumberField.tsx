import type { NumberField as NumberDef } from '../../entities/fields';
import type { FieldWidgetProps } from './types';
import { inputClass, isInvalid } from './ui';

/** number and integer; an empty box is null. */
export default function NumberField({ name, field, value, onChange, errors, disabled, id }: FieldWidgetProps<number | null, NumberDef>) {
  return (
    <input
      id={id}
      name={name}
      type="number"
      inputMode={field.type === 'integer' ? 'numeric' : 'decimal'}
      step={field.step ?? (field.type === 'integer' ? 1 : 'any')}
      min={field.min}
      max={field.max}
      value={value ?? ''}
      disabled={disabled}
      aria-invalid={isInvalid(errors)}
      onChange={(e) => {
        const raw = e.target.value;
        onChange(raw === '' ? null : Number.isFinite(e.target.valueAsNumber) ? e.target.valueAsNumber : Number(raw));
      }}
      className={`${inputClass} tabular-nums`}
    />
  );
}
