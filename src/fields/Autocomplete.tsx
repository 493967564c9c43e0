import { useActorRef } from '@xstate/react';
import { useId, useMemo } from 'react';
import type { EntityDef } from '../../entities/define';
import { connectAutocomplete } from '../../machines/autocomplete.connect';
import { autocompleteMachine, type Option } from '../../machines/autocomplete.machine';
import { autocompleteActors } from '../http/entityActors';
import { useMayList } from '../app/services/session';
import { useT } from '../i18n/i18n';
import { useConnect } from '../ui/useConnect';
import { rememberTitles } from './refTitles';
import { inputClass } from './ui';

export interface AutocompleteProps {
  /** The entity whose rows are offered. */
  target: EntityDef;
  id?: string;
  name?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Ids not to offer (already chosen). */
  exclude?: readonly number[];
  placeholder?: string;
  onPick: (option: Option) => void;
}

/**
 * A combobox over an entity's list API (WAI-ARIA combobox pattern): type to search
 * (debounced, in the autocomplete machine), arrows to move, Enter to take, Escape to close.
 */
export function Autocomplete({ target, id, name, disabled, invalid, exclude = [], placeholder, onPick }: AutocompleteProps) {
  const t = useT();
  // Without view permission on the target its list answers 403: say so instead of offering a search that fails.
  const mayList = useMayList(target.model);
  const machine = useMemo(() => autocompleteMachine.provide({ actors: autocompleteActors(target) }), [target]);
  const actor = useActorRef(machine, { input: { resource: target.path.replace(/^\//, '') } });
  const listId = `${useId()}-list`;
  const box = useConnect(
    actor,
    (s, send) => connectAutocomplete(s, send, { exclude }),
    (props) => props,
  );
  const { open, current } = box;

  const pick = (option: Option | null) => {
    if (!option) return;
    rememberTitles(target.name, [option]);
    onPick(option);
    box.chosen();
  };

  return (
    <div className="relative">
      <input
        id={id}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={invalid}
        aria-activedescendant={open && current ? `${listId}-${current.id}` : undefined}
        placeholder={mayList ? (placeholder ?? t('fields.search')) : t('fields.notListable')}
        title={mayList ? undefined : t('fields.notListable')}
        value={box.query}
        disabled={disabled || !mayList}
        onFocus={box.openList}
        onClick={() => !open && box.openList()}
        onBlur={box.close}
        onChange={(e) => box.type(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            if (!open) box.openList();
            else box.move(e.key === 'ArrowDown' ? 1 : -1);
          } else if (e.key === 'Enter' && open) {
            e.preventDefault();
            pick(box.enterPick);
          } else if (e.key === 'Escape' && open) {
            e.preventDefault();
            box.close();
          }
        }}
        className={inputClass}
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          className="absolute z-30 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-surface-border bg-surface-raised py-1 shadow-xl"
          // Keep the focus in the box while an option is clicked.
          onMouseDown={(e) => e.preventDefault()}
        >
          {box.searchingEmpty && <li className="px-3 py-2 text-sm text-ink-faint">{t('fields.searching')}</li>}
          {box.failed && (
            <li className="flex items-center justify-between gap-2 px-3 py-2 text-sm text-danger">
              {t('fields.searchFailed')}
              <button type="button" className="underline" onClick={box.retry}>
                {t('errors.retry')}
              </button>
            </li>
          )}
          {box.noOptions && <li className="px-3 py-2 text-sm text-ink-faint">{t('fields.noOptions')}</li>}
          {box.options.map((o) => (
            <li
              key={o.id}
              id={`${listId}-${o.id}`}
              role="option"
              aria-selected={o.highlighted}
              onMouseEnter={o.point}
              onClick={() => pick(o.option)}
              className={`cursor-pointer px-3 py-2 text-sm ${o.highlighted ? 'bg-brand-soft text-ink' : 'text-ink-muted'}`}
            >
              {o.title}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
