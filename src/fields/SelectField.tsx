import { optionText, type SelectField as SelectDef } from '../../entities/fields';
import { useT } from '../i18n/i18n';
import type { FieldWidgetProps } from './types';
import { inputClass, isInvalid } from './ui';

/** A native select: keyboard, screen readers and phones handle it best. */
export default function SelectField({ name, field, value, onChange, errors, disabled, id }: FieldWidgetProps<string | null, SelectDef>) {
  const t = useT();
  return (
    <select
      id={id}
      name={name}
      value={value ?? ''}
      disabled={disabled}
      aria-invalid={isInvalid(errors)}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      className={inputClass}
    >
      {(!field.required || value === null || value === '') && <option value="">{t('fields.none')}</option>}
      {field.options.map((o) => (
        <option key={o.value} value={o.value}>
          {optionText(o, t)}
        </option>
      ))}
    </select>
  );
}
