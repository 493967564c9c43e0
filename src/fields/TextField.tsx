import type { SlugField, TextField as TextDef } from '../../entities/fields';
import { slugify } from '../../entities/formats';
import { useT } from '../i18n/i18n';
import type { FieldWidgetProps } from './types';
import { inputClass, isInvalid } from './ui';

type Props = FieldWidgetProps<string | null, TextDef | SlugField>;

const INPUT_TYPE = { text: 'text', email: 'email', url: 'url', slug: 'text' } as const;

/** text, textarea, email, url and slug: one family, one chunk. */
export default function TextField({ name, field, value, onChange, errors, disabled, id }: Props) {
  const t = useT();
  const text = value ?? '';
  const max = field.maxLength;
  const common = {
    id,
    name,
    value: text,
    disabled,
    'aria-invalid': isInvalid(errors),
    className: inputClass,
  };
  if (field.type === 'textarea') {
    return (
      <div className="relative">
        <textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} className={`${inputClass} resize-y`} />
        {max !== undefined && (
          <span className={`pointer-events-none absolute bottom-1.5 right-2 text-[10px] ${text.length > max ? 'text-danger' : 'text-ink-faint'}`}>
            {text.length}/{max}
          </span>
        )}
      </div>
    );
  }
  if (field.type === 'slug') {
    return (
      <div>
        <input
          {...common}
          type="text"
          spellCheck={false}
          autoComplete="off"
          placeholder={field.from ? t('fields.slugAuto') : undefined}
          onChange={(e) => onChange(e.target.value)}
          // What a slug may hold is plain: tidy it when the user leaves the box.
          onBlur={() => text && slugify(text, max) !== text && onChange(slugify(text, max))}
          className={`${inputClass} font-mono`}
        />
      </div>
    );
  }
  return (
    <input
      {...common}
      type={INPUT_TYPE[field.type]}
      autoComplete="off"
      placeholder={field.type === 'url' ? 'https://' : undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
