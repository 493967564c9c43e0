import type { PasswordField as PasswordDef } from '../../entities/fields';
import type { FieldWidgetProps } from './types';
import { inputClass, isInvalid } from './ui';

/** A new secret: never shown back, never filled in by the browser's saved logins. */
export default function PasswordField({ name, value, onChange, errors, disabled, id }: FieldWidgetProps<string | null, PasswordDef>) {
  return (
    <input
      id={id}
      name={name}
      type="password"
      autoComplete="new-password"
      value={value ?? ''}
      disabled={disabled}
      aria-invalid={isInvalid(errors)}
      onChange={(e) => onChange(e.target.value)}
      className={inputClass}
    />
  );
}
