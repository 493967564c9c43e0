import { useSyncExternalStore } from 'react';
import { fromPromise } from 'xstate';
import { defineEntity, type EntityDef } from '../../entities/define';
import { validateRecord } from '../../entities/validateRecord';
import type { Draft, DraftKey, FieldErrors, SaveRowInput, ValidateInput, VersionedRow } from '../../machines/entityForm.types';
import type { AskConfirm } from '../app/services/confirm';
import { entityFormActors, type FormActorOptions } from '../http/entityActors';
import { EntityForm } from './EntityForm';

/**
 * A form with the field types no catalog entity has yet (datetime, time, map, menu tree,
 * colour with alpha), on the real form machine and widgets but saved in memory: the e2e
 * suite drives each widget here. Hidden from the sidebar; it reads and writes nothing on
 * the server.
 */
export const playground = defineEntity({
  name: 'fieldPlayground',
  model: 'page',
  scope: 'both',
  path: '/dev/fields',
  table: 'field_playground',
  label: { one: 'fields.playground.title', many: 'fields.playground.title' },
  titleField: 'title',
  fields: {
    title: { type: 'text', label: 'fields.playground.text', required: true, maxLength: 80 },
    accent: { type: 'color', label: 'fields.playground.color', alpha: true },
    starts_on: { type: 'date', label: 'fields.playground.date' },
    publish_at: { type: 'datetime', label: 'fields.playground.datetime' },
    opens_at: { type: 'time', label: 'fields.playground.time' },
    location: { type: 'map', label: 'fields.playground.map' },
    menu: { type: 'menuTree', label: 'fields.playground.menu', maxDepth: 2, pages: ['home', 'about_us', 'contacts', 'spare_parts'] },
  },
  list: { columns: ['title'], sort: 'id', sortable: [], search: [], filters: [] },
  form: {
    tabs: [
      {
        label: 'tabs.general',
        groups: [{ fields: ['title', 'accent', 'starts_on', 'publish_at', 'opens_at'], columns: 2 }, { fields: ['location', 'menu'] }],
      },
    ],
  },
});

let saved: VersionedRow | null = null;
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** The HTTP actors with the row kept in memory instead of on the server. */
function memoryActors(ask: AskConfirm, opts: FormActorOptions) {
  const http = entityFormActors(ask, { ...opts, storage: window.sessionStorage });
  const entity: EntityDef = opts.entity;
  return {
    actors: {
      ...http.actors,
      loadDraft: fromPromise<Draft | null, DraftKey>(async () => null),
      validate: fromPromise<FieldErrors, ValidateInput>(
        async ({ input }) => validateRecord(entity, input.values, { mode: 'create', languages: opts.languages, defaultLanguage: opts.defaultLanguage }).errors,
      ),
      saveRow: fromPromise<VersionedRow, SaveRowInput>(async ({ input }) => {
        const { record, errors } = validateRecord(entity, input.values, { mode: 'create', languages: opts.languages, defaultLanguage: opts.defaultLanguage });
        if (Object.keys(errors).length) throw Object.assign(new Error('invalid'), { status: 400, data: errors });
        saved = { id: 1, version: (saved?.version ?? 0) + 1, ...record.values };
        for (const l of listeners) l();
        return saved;
      }),
    },
    actions: { ...http.actions, navigate: () => {} },
  };
}

export default function FieldPlayground() {
  const row = useSyncExternalStore(subscribe, () => saved);
  return (
    <div>
      <EntityForm
        entity={playground}
        detail="new"
        languages={['en']}
        defaultLanguage="en"
        canChange
        canDelete={false}
        onCreated={() => {}}
        makeActors={memoryActors}
      />
      <pre className="mx-auto my-4 max-w-5xl overflow-x-auto px-6 text-xs text-ink-faint" data-testid="playground-saved">
        {row ? JSON.stringify(row, null, 2) : ''}
      </pre>
    </div>
  );
}
