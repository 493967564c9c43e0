import type { KeyboardEvent } from 'react';
import { type ListField as ListDef, optionText } from '../../entities/fields';
import { useT } from '../i18n/i18n';
import { useHostOrNone } from './context';
import { labelText } from './label';
import { fieldMessage } from './messages';
import type { FieldWidgetProps } from './types';
import { chipClass, iconButton, inputClass, isInvalid, smallButton } from './ui';

type Props = FieldWidgetProps<string[] | null, ListDef>;

/** Options: a group of checkboxes; a ticked one joins the end of the list. */
function OptionList({ name, field, value, onChange, disabled, id }: Props) {
  const t = useT();
  const list = value ?? [];
  return (
    <div id={id} role="group" aria-label={labelText(t, field.label)} className="flex flex-wrap gap-x-4 gap-y-2 py-1" data-testid={`${name}-options`}>
      {field.options!.map((o) => {
        const on = list.includes(o.value);
        return (
          <label
            key={o.value}
            className="inline-flex min-h-6 cursor-pointer items-center gap-2 text-sm text-ink has-[:disabled]:cursor-default has-[:disabled]:opacity-60"
          >
            <input
              type="checkbox"
              name={`${name}.${o.value}`}
              value={o.value}
              checked={on}
              disabled={disabled}
              onChange={(e) => onChange(e.target.checked ? [...list, o.value] : list.filter((v) => v !== o.value))}
              className="h-4 w-4 accent-brand"
            />
            {optionText(o, t)}
          </label>
        );
      })}
    </div>
  );
}

function EntryChip({ path, text, disabled, onRemove }: { path: string; text: string; disabled?: boolean; onRemove: () => void }) {
  const t = useT();
  const errors = useHostOrNone().useErrorsAt(path);
  return (
    <li className={`${chipClass} ${errors.length ? 'ring-1 ring-danger' : ''}`} data-value={text}>
      <span>{text}</span>
      {errors.length > 0 && <span className="text-danger">{errors.map((m) => fieldMessage(t, m)).join(' ')}</span>}
      {!disabled && (
        <button type="button" className={iconButton} onClick={onRemove} aria-label={t('fields.removeItem', { item: text })}>
          ✕
        </button>
      )}
    </li>
  );
}

/** Free entries: chips in order, and a box whose Enter (or the Add button) adds what it holds. */
function EntryList({ name, field, value, onChange, errors, disabled, id }: Props) {
  const t = useT();
  const list = value ?? [];
  const full = list.length >= (field.max ?? 100);
  const add = (input: HTMLInputElement | null) => {
    const entry = input?.value.trim() ?? '';
    if (!input || entry === '') return;
    if (!list.includes(entry)) onChange([...list, entry]);
    input.value = '';
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add(e.currentTarget);
    } else if (e.key === 'Backspace' && e.currentTarget.value === '' && list.length) {
      onChange(list.slice(0, -1));
    }
  };
  return (
    <div className="flex flex-col gap-2">
      {list.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" data-testid={`${name}-chips`}>
          {list.map((entry, i) => (
            <EntryChip key={entry} path={`${name}.${i}`} text={entry} disabled={disabled} onRemove={() => onChange(list.filter((x) => x !== entry))} />
          ))}
        </ul>
      )}
      {full ? (
        <p className="text-xs text-ink-faint">{t('fields.maxReached', { max: field.max ?? 100 })}</p>
      ) : (
        !disabled && (
          <div className="flex gap-2">
            <input
              id={id}
              name={`${name}.new`}
              type="text"
              autoComplete="off"
              aria-invalid={isInvalid(errors)}
              placeholder={t('fields.list.placeholder')}
              onKeyDown={onKeyDown}
              // What was typed counts when the box is left, so Save never drops it.
              onBlur={(e) => add(e.currentTarget)}
              className={inputClass}
            />
            <button type="button" className={smallButton} onClick={(e) => add(e.currentTarget.previousElementSibling as HTMLInputElement | null)}>
              {t('fields.list.add')}
            </button>
          </div>
        )
      )}
    </div>
  );
}

/** A list of distinct strings: chosen from the declared options, or typed in. */
export default function ListField(props: Props) {
  return props.field.options ? <OptionList {...props} /> : <EntryList {...props} />;
}
