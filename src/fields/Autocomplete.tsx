import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import type { EntityDef } from '../../entities/define';
import { autocompleteMachine, type Option } from '../../machines/autocomplete.machine';
import { autocompleteActors } from '../http/entityActors';
import { useMayList } from '../app/AppActors';
import { useT } from '../i18n/i18n';
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
  const open = useSelector(actor, (s) => s.matches('open'));
  const query = useSelector(actor, (s) => s.context.query);
  const allOptions = useSelector(actor, (s) => s.context.options);
  const highlighted = useSelector(actor, (s) => s.context.highlighted);
  const status = useSelector(actor, (s) => (s.matches({ open: 'failed' }) ? 'failed' : s.matches({ open: 'ready' }) ? 'ready' : 'searching'));
  const options = allOptions.filter((o) => !exclude.includes(o.id));
  const candidate = highlighted >= 0 ? allOptions[highlighted] : undefined;
  const current = candidate && !exclude.includes(candidate.id) ? candidate : undefined;

  const pick = (option: Option | undefined) => {
    if (!option) return;
    rememberTitles(target.name, [option]);
    onPick(option);
    actor.send({ type: 'choose' });
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
        value={query}
        disabled={disabled || !mayList}
        onFocus={() => actor.send({ type: 'open' })}
        onClick={() => !open && actor.send({ type: 'open' })}
        onBlur={() => actor.send({ type: 'close' })}
        onChange={(e) => actor.send({ type: 'query.change', query: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            if (!open) actor.send({ type: 'open' });
            else actor.send({ type: 'highlight.move', delta: e.key === 'ArrowDown' ? 1 : -1 });
          } else if (e.key === 'Enter' && open) {
            e.preventDefault();
            pick(current ?? options[0]);
          } else if (e.key === 'Escape' && open) {
            e.preventDefault();
            actor.send({ type: 'close' });
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
          {status === 'searching' && options.length === 0 && <li className="px-3 py-2 text-sm text-ink-faint">{t('fields.searching')}</li>}
          {status === 'failed' && (
            <li className="flex items-center justify-between gap-2 px-3 py-2 text-sm text-danger">
              {t('fields.searchFailed')}
              <button type="button" className="underline" onClick={() => actor.send({ type: 'retry' })}>
                {t('errors.retry')}
              </button>
            </li>
          )}
          {status === 'ready' && options.length === 0 && <li className="px-3 py-2 text-sm text-ink-faint">{t('fields.noOptions')}</li>}
          {options.map((o) => (
            <li
              key={o.id}
              id={`${listId}-${o.id}`}
              role="option"
              aria-selected={o === current}
              onMouseEnter={() => actor.send({ type: 'highlight.set', index: allOptions.indexOf(o) })}
              onClick={() => pick(o)}
              className={`cursor-pointer px-3 py-2 text-sm ${o === current ? 'bg-brand-soft text-ink' : 'text-ink-muted'}`}
            >
              {o.title}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
