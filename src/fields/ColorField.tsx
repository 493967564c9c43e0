import type { ColorField as ColorDef } from '../../entities/fields';
import { useT } from '../i18n/i18n';
import type { FieldWidgetProps } from './types';
import { iconButton, inputBase, isInvalid } from './ui';
import { formatColor, parseColor } from './color';

/** A colour: the system picker, the hex code (typed or pasted), and opacity when the field allows alpha. */
export default function ColorField({ name, field, value, onChange, errors, disabled, id }: FieldWidgetProps<string | null, ColorDef>) {
  const t = useT();
  const parsed = parseColor(value);
  const rgb = parsed?.rgb ?? '#000000';
  const alpha = parsed?.alpha ?? 1;
  const checker = 'repeating-conic-gradient(#6b7480 0% 25%, #2f353d 0% 50%) 50% / 10px 10px';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="relative h-9 w-12 shrink-0 overflow-hidden rounded-md border border-surface-border" style={{ background: checker }}>
        <span className="absolute inset-0" style={{ background: parsed ? formatColor(rgb, alpha) : 'transparent' }} aria-hidden="true" />
        <input
          type="color"
          aria-label={t('fields.color.picker')}
          value={rgb}
          disabled={disabled}
          onChange={(e) => onChange(formatColor(e.target.value, field.alpha ? alpha : 1))}
          className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
          data-testid={`${name}-picker`}
        />
      </span>
      <input
        id={id}
        name={name}
        type="text"
        spellCheck={false}
        autoComplete="off"
        placeholder={field.alpha ? '#rrggbbaa' : '#rrggbb'}
        maxLength={field.alpha ? 9 : 7}
        value={value ?? ''}
        disabled={disabled}
        aria-invalid={isInvalid(errors)}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value.trim())}
        className={`${inputBase} w-32 py-2 font-mono`}
      />
      {field.alpha && (
        <label className="flex items-center gap-2 text-xs text-ink-muted">
          {t('fields.color.opacity')}
          <input
            type="range"
            min={0}
            max={100}
            value={Math.round(alpha * 100)}
            disabled={disabled || !parsed}
            onChange={(e) => onChange(formatColor(rgb, Number(e.target.value) / 100))}
            className="w-28 accent-brand"
            name={`${name}.alpha`}
          />
          <span className="w-9 tabular-nums">{Math.round(alpha * 100)}%</span>
        </label>
      )}
      {value && (
        <button type="button" className={iconButton} onClick={() => onChange(null)} disabled={disabled} aria-label={t('fields.clear')}>
          ✕
        </button>
      )}
    </div>
  );
}
