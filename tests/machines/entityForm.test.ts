import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { errorTabs, firstError } from '../../machines/entityForm.helpers';
import { type EntityFormInput, entityFormMachine } from '../../machines/entityForm.machine';
import { badRequest, conflict409, draft, entityFormModel, pendingRow, row, theirs, withPending } from '../../machines/entityForm.model';
import type { Draft, DraftKey, ErrorTarget, FieldErrors, Navigation } from '../../machines/entityForm.types';
import type { Notice } from '../../machines/entityList.types';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const paths = pathsOf(entityFormModel);
const noop = () => {};

describe('entity form machine (model-based)', () => {
  it('the generated paths, from an edit and a create start, visit every state and take every transition', () => {
    expect(unvisitedStates(entityFormMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(entityFormMachine, paths)).toEqual([]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const reveals: ErrorTarget[] = [];
      const actor = await walkPath(entityFormModel, path, {
        actions: {
          saveDraft: noop,
          clearDraft: noop,
          notify: noop,
          navigate: noop,
          revealError: (_: unknown, target: ErrorTarget) => void reveals.push(target),
        },
      });
      const s = actor.getSnapshot();
      const c = s.context;
      // A failed save always shows where: the first error is revealed on the way in.
      if (s.matches({ editable: 'invalid' })) expect(reveals.at(-1)).toEqual(firstError(c.errors, c.fieldOrder, c.languages));
      // Invariants that hold in every reachable state.
      expect(c.dirty).toBe(JSON.stringify(c.values) !== JSON.stringify(c.initial));
      if (s.matches({ editable: 'saved' })) expect(c.dirty).toBe(false);
      if (s.matches('conflict')) expect(c.conflict?.current.version).toBe(4);
      else expect(c.conflict).toBeNull();
      if (s.matches('loading') || s.matches('failed')) expect(c.id).not.toBeNull();
      actor.stop();
    });
  }
});

type Answers = Partial<
  Record<
    | 'loadDraft'
    | 'fetchRow'
    | 'validate'
    | 'saveRow'
    | 'deleteRow'
    | 'confirm'
    | 'fetchPending'
    | 'savePending'
    | 'publishPending'
    | 'discardPending'
    | 'previewLink',
    (input: any, call: number) => unknown
  >
>;

/** A form on fake actors that answer at once and record what they were asked and what it did. */
function boot(input: Partial<EntityFormInput> = {}, answers: Answers = {}) {
  const calls: Record<string, any[]> = {};
  const drafts: Array<{ op: 'save'; key: DraftKey; draft: Draft } | { op: 'clear'; key: DraftKey }> = [];
  const notices: Notice[] = [];
  const previews: string[] = [];
  const navigations: Navigation[] = [];
  const reveals: ErrorTarget[] = [];
  const defaults: Required<Answers> = {
    loadDraft: () => null,
    fetchRow: () => row,
    validate: () => ({}),
    saveRow: (i) => ({ ...i.values, id: i.id ?? 8, version: (i.version ?? 0) + 1 }),
    deleteRow: () => ({}),
    confirm: () => true,
    fetchPending: () => pendingRow,
    savePending: (i) => ({ ...i.values, id: i.id, version: i.version, has_draft: true, draft: { id: (i.draft ?? 40) + 1 } }),
    publishPending: (i) => ({ ...row, version: (i.version ?? 0) + 1, has_draft: false }),
    discardPending: () => null,
    previewLink: () => ({ url: 'https://rossi.example/it/x?preview=t', token: 't', expires_at: '2026-01-02T00:00:00.000Z' }),
  };
  const actors = Object.fromEntries(
    Object.entries({ ...defaults, ...answers }).map(([name, answer]) => [
      name,
      fromPromise(async ({ input }: { input: any }) => {
        (calls[name] ??= []).push(input);
        return answer(input, calls[name].length);
      }),
    ]),
  );
  const actor = createActor(
    entityFormMachine.provide({
      actors: actors as any,
      actions: {
        saveDraft: (_: unknown, p: { key: DraftKey; draft: Draft }) => void drafts.push({ op: 'save', ...p }),
        clearDraft: (_: unknown, p: { key: DraftKey }) => void drafts.push({ op: 'clear', ...p }),
        notify: (_: unknown, n: Notice) => void notices.push(n),
        navigate: (_: unknown, to: Navigation) => void navigations.push(to),
        revealError: (_: unknown, target: ErrorTarget) => void reveals.push(target),
        openPreview: (_: unknown, link: { url: string }) => void previews.push(link.url),
      },
    }),
    { input: { resource: 'products', id: 7, debounceMs: 5, ...input } },
  ).start();
  const at = (state: any) => waitFor(actor, (s) => s.matches(state));
  return { actor, calls, drafts, notices, navigations, reveals, previews, at, ctx: () => actor.getSnapshot().context };
}

describe('entity form: load, edit, dirty tracking', () => {
  it('loads the row into values and initial, without id and version', async () => {
    const { calls, at, ctx } = boot();
    await at('editable');
    expect(calls.fetchRow).toEqual([{ resource: 'products', id: 7 }]);
    expect(ctx().values).toEqual({
      name: 'Tractor',
      status: 'draft',
      translations: { en: { title: 'Tractor' }, it: { title: 'Trattore' } },
      specs: [{ label: 'hp', value: '90' }],
    });
    expect(ctx()).toMatchObject({ version: 3, dirty: false, id: 7 });
  });

  it('a string id from the route is a number', async () => {
    const { calls, at } = boot({ id: '7' });
    await at('editable');
    expect(calls.fetchRow).toEqual([{ resource: 'products', id: 7 }]);
  });

  it('tracks dirtiness by deep comparison: changing a value back makes the form clean', async () => {
    const { actor, at, ctx } = boot();
    await at('editable');
    actor.send({ type: 'field.change', path: 'specs.0.value', value: '95' });
    expect(ctx().dirty).toBe(true);
    expect(ctx().values.specs).toEqual([{ label: 'hp', value: '95' }]);
    actor.send({ type: 'field.change', path: 'specs.0.value', value: '90' });
    expect(ctx().dirty).toBe(false);
  });

  it('a missing row (404) is not found; another failure can be retried', async () => {
    const missing = boot({}, { fetchRow: () => Promise.reject({ status: 404, data: { detail: 'Not found.' } }) });
    await missing.at('notFound');
    const flaky = boot({}, { fetchRow: (_, n) => (n === 1 ? Promise.reject({ status: 503 }) : row) });
    await flaky.at('failed');
    expect(flaky.ctx().loadError?.status).toBe(503);
    flaky.actor.send({ type: 'retry' });
    await flaky.at('editable');
  });
});

describe('entity form: validate and save', () => {
  it('client-side errors stop the save and mark the language tab', async () => {
    const errors: FieldErrors = { 'translations.it.title': ['This field is required.'] };
    const { actor, calls, at, ctx } = boot({}, { validate: () => errors });
    await at('editable');
    actor.send({ type: 'field.change', path: 'translations.it.title', value: '' });
    actor.send({ type: 'save' });
    await at({ editable: 'invalid' });
    expect(calls.validate).toEqual([{ resource: 'products', values: expect.objectContaining({ name: 'Tractor' }) }]);
    expect(calls.saveRow).toBeUndefined();
    expect(ctx().errors).toEqual(errors);
    expect(errorTabs(ctx().errors)).toEqual(['it']);
  });

  it('server 400 field errors land on their fields, detail on the form, and the tab gets its dot', async () => {
    const { actor, at, ctx } = boot({}, { saveRow: () => Promise.reject(badRequest) });
    await at('editable');
    actor.send({ type: 'save' });
    await at({ editable: 'invalid' });
    expect(ctx().errors).toEqual({ 'translations.it.title': ['This field is required.'], non_field_errors: ['Invalid input.'] });
    expect(errorTabs(ctx().errors)).toEqual(['it']);
    // Editing a field clears its own errors only.
    actor.send({ type: 'field.change', path: 'translations.it.title', value: 'Trattore' });
    expect(actor.getSnapshot().matches({ editable: 'editing' })).toBe(true);
    expect(ctx().errors).toEqual({ non_field_errors: ['Invalid input.'] });
  });

  it('save sends values with the version read, then goes back to the list', async () => {
    const { actor, calls, at, ctx, navigations, notices, drafts } = boot();
    await at('editable');
    actor.send({ type: 'field.change', path: 'name', value: 'Tractor 2' });
    actor.send({ type: 'save' });
    await at({ editable: 'saved' });
    expect(calls.saveRow).toEqual([{ resource: 'products', id: 7, values: expect.objectContaining({ name: 'Tractor 2' }), version: 3 }]);
    expect(ctx()).toMatchObject({ version: 4, dirty: false, intent: 'save' });
    expect(navigations).toEqual([{ to: 'list' }]);
    expect(notices).toEqual([{ key: 'form.saved', color: 'success' }]);
    // The edits were kept as a draft on the way out, and dropped once saved.
    expect(drafts.map((d) => d.op)).toEqual(['save', 'clear']);
  });

  it('create mode skips loading, posts without an id, and after Save & continue exposes the new id', async () => {
    const { actor, calls, at, ctx, navigations, drafts } = boot({ id: 'new', defaults: { name: '' } });
    await at('editable');
    expect(calls.fetchRow).toBeUndefined();
    expect(calls.loadDraft).toEqual([{ resource: 'products', id: 'new' }]);
    expect(actor.getSnapshot().can({ type: 'delete.request' })).toBe(false);
    actor.send({ type: 'field.change', path: 'name', value: 'Mower' });
    actor.send({ type: 'saveAndContinue' });
    await at({ editable: 'saved' });
    expect(calls.saveRow).toEqual([{ resource: 'products', id: null, values: { name: 'Mower' }, version: null }]);
    expect(ctx()).toMatchObject({ id: 8, createdId: 8, version: 1 });
    expect(navigations).toEqual([{ to: 'detail', id: 8, replace: true }]);
    expect(drafts.at(-1)).toEqual({ op: 'clear', key: { resource: 'products', id: 'new' } });
    expect(actor.getSnapshot().can({ type: 'delete.request' })).toBe(true);
    // Later drafts belong to the row now.
    actor.send({ type: 'field.change', path: 'name', value: 'Mower 2' });
    actor.send({ type: 'draft.flush' });
    expect(drafts.at(-1)).toMatchObject({ op: 'save', key: { resource: 'products', id: 8 } });
  });
});

describe('entity form: a failed save shows where (focus goes to the first error)', () => {
  // The form's order: name, then the translated title, then the specs; the site's languages, its default first.
  const layout = { fieldOrder: ['name', 'title', 'specs'], languages: ['it', 'en'] };

  it('client-side errors reveal the first invalid field in form order, whatever order the errors come in', async () => {
    const errors: FieldErrors = { 'specs.0.value': ['Required.'], 'translations.en.title': ['Required.'], name: ['Required.'] };
    const { actor, at, reveals } = boot(layout, { validate: () => errors });
    await at('editable');
    actor.send({ type: 'save' });
    await at({ editable: 'invalid' });
    expect(reveals).toEqual([{ path: 'name', language: null }]);
  });

  it('a translated field is revealed in its language, the site’s languages in order', async () => {
    const errors: FieldErrors = { 'translations.en.title': ['Required.'], 'translations.it.title': ['Required.'], 'specs.1.name': ['Required.'] };
    const { actor, at, reveals } = boot(layout, { validate: () => errors });
    await at('editable');
    actor.send({ type: 'saveAndContinue' });
    await at({ editable: 'invalid' });
    expect(reveals).toEqual([{ path: 'translations.it.title', language: 'it' }]);
  });

  it('server 400 field errors are revealed too, each failed save again', async () => {
    const { actor, at, reveals } = boot(layout, { saveRow: () => Promise.reject(badRequest) });
    await at('editable');
    actor.send({ type: 'save' });
    await at({ editable: 'invalid' });
    actor.send({ type: 'save' });
    await waitFor(actor, () => reveals.length === 2);
    expect(reveals).toEqual([
      { path: 'translations.it.title', language: 'it' },
      { path: 'translations.it.title', language: 'it' },
    ]);
  });

  it('a failure with no field to show (a network error) reveals the form’s message', async () => {
    const { actor, at, reveals } = boot(layout, { saveRow: () => Promise.reject({ status: 502 }) });
    await at('editable');
    actor.send({ type: 'save' });
    await at({ editable: 'invalid' });
    expect(reveals).toEqual([{ path: 'non_field_errors', language: null }]);
  });

  it('without a layout the errors go in the order of their paths', async () => {
    const errors: FieldErrors = { 'translations.it.title': ['Required.'], name: ['Required.'] };
    const { actor, at, reveals } = boot({}, { validate: () => errors });
    await at('editable');
    actor.send({ type: 'save' });
    await at({ editable: 'invalid' });
    expect(reveals).toEqual([{ path: 'name', language: null }]);
  });
});

describe('entity form: 409 conflict', () => {
  const conflicting = () => boot({}, { saveRow: (i, n) => (n === 1 ? Promise.reject(conflict409) : { ...i.values, id: 7, version: i.version + 1 }) });

  it('shows what changed: theirs, mine, and both', async () => {
    const { actor, at, ctx } = conflicting();
    await at('editable');
    actor.send({ type: 'field.change', path: 'translations.it.title', value: 'Trattore rosso' });
    actor.send({ type: 'save' });
    await at('conflict');
    expect(ctx().conflict?.detail).toBe('This row was changed by someone else.');
    expect(ctx().conflict?.diff).toEqual([
      { path: 'status', base: 'draft', mine: 'draft', theirs: 'published', changedByMe: false, changedByThem: true },
      { path: 'translations.en.title', base: 'Tractor', mine: 'Tractor', theirs: 'Tractor X', changedByMe: false, changedByThem: true },
      { path: 'translations.it.title', base: 'Trattore', mine: 'Trattore rosso', theirs: 'Trattore', changedByMe: true, changedByThem: false },
    ]);
  });

  it('reload takes the server row and drops the local edits', async () => {
    const { actor, at, ctx, calls, drafts } = conflicting();
    await at('editable');
    actor.send({ type: 'field.change', path: 'name', value: 'Mine' });
    actor.send({ type: 'save' });
    await at('conflict');
    actor.send({ type: 'conflict.reload' });
    expect(actor.getSnapshot().matches({ editable: 'editing' })).toBe(true);
    expect(ctx()).toMatchObject({ version: 4, dirty: false, conflict: null });
    expect(ctx().values).toEqual({
      name: 'Tractor',
      status: 'published',
      translations: { en: { title: 'Tractor X' }, it: { title: 'Trattore' } },
      specs: [{ label: 'hp', value: '90' }],
    });
    expect(calls.saveRow).toHaveLength(1);
    expect(drafts.at(-1)?.op).toBe('clear');
  });

  it('overwrite saves my changes over their row with the server version, keeping what only they changed', async () => {
    const { actor, at, ctx, calls } = conflicting();
    await at('editable');
    actor.send({ type: 'field.change', path: 'name', value: 'Mine' });
    actor.send({ type: 'field.change', path: 'translations.it.title', value: 'Trattore mio' });
    actor.send({ type: 'save' });
    await at('conflict');
    actor.send({ type: 'conflict.overwrite' });
    await at({ editable: 'saved' });
    expect(calls.saveRow?.[1]).toEqual({
      resource: 'products',
      id: 7,
      values: {
        name: 'Mine',
        status: 'published',
        translations: { en: { title: 'Tractor X' }, it: { title: 'Trattore mio' } },
        specs: [{ label: 'hp', value: '90' }],
      },
      version: theirs.version,
    });
    expect(ctx()).toMatchObject({ version: 5, dirty: false });
  });

  it('a 409 without the current row is reported as a form error', async () => {
    const { actor, at, ctx } = boot({}, { saveRow: () => Promise.reject({ status: 409, data: { detail: 'Slug taken.' } }) });
    await at('editable');
    actor.send({ type: 'save' });
    await at({ editable: 'invalid' });
    expect(ctx().errors).toEqual({ non_field_errors: ['Slug taken.'] });
  });
});

describe('entity form: drafts (local autosave)', () => {
  it('autosaves after the debounce, and clears the draft when the form is back to clean', async () => {
    const { actor, at, drafts } = boot();
    await at('editable');
    actor.send({ type: 'field.change', path: 'name', value: 'T' });
    actor.send({ type: 'field.change', path: 'name', value: 'Tr' });
    expect(actor.getSnapshot().matches({ editable: { editing: 'draftPending' } })).toBe(true);
    await at({ editable: { editing: 'idle' } });
    expect(drafts).toEqual([
      { op: 'save', key: { resource: 'products', id: 7 }, draft: { values: expect.objectContaining({ name: 'Tr' }), version: 3, savedAt: expect.any(String) } },
    ]);
    actor.send({ type: 'field.change', path: 'name', value: 'Tractor' });
    await at({ editable: { editing: 'idle' } });
    expect(drafts.at(-1)).toEqual({ op: 'clear', key: { resource: 'products', id: 7 } });
  });

  it('offers a stored draft that differs; restore takes its values and its version', async () => {
    const { actor, at, ctx } = boot({}, { loadDraft: () => ({ ...draft, version: 2 }) });
    await at('editable');
    expect(ctx().draft?.values.name).toBe('Tractor (draft)');
    actor.send({ type: 'draft.restore' });
    expect(ctx()).toMatchObject({ draft: null, dirty: true, version: 2 });
    expect(ctx().values.name).toBe('Tractor (draft)');
  });

  it('discarding the offer removes the stored draft', async () => {
    const { actor, at, ctx, drafts } = boot({}, { loadDraft: () => draft });
    await at('editable');
    actor.send({ type: 'draft.discard' });
    expect(ctx().draft).toBeNull();
    expect(drafts).toEqual([{ op: 'clear', key: { resource: 'products', id: 7 } }]);
  });

  it('does not offer a draft equal to the row, and storage errors never block the form', async () => {
    const same = boot(
      {},
      { loadDraft: () => ({ values: { name: 'Tractor', status: 'draft', translations: row.translations, specs: row.specs }, version: 3, savedAt: '' }) },
    );
    await same.at('editable');
    expect(same.ctx().draft).toBeNull();
    const broken = boot({}, { loadDraft: () => Promise.reject(new Error('quota')) });
    await broken.at('editable');
  });
});

describe('entity form: delete', () => {
  it('declined does nothing', async () => {
    const { actor, calls, at, navigations } = boot({}, { confirm: () => false });
    await at('editable');
    actor.send({ type: 'delete.request' });
    await waitFor(actor, (s) => s.matches('editable') && (calls.confirm?.length ?? 0) === 1);
    expect(calls.confirm).toEqual([{ title: 'form.deleteTitle', question: 'form.deleteQuestion', danger: true }]);
    expect(calls.deleteRow).toBeUndefined();
    expect(navigations).toEqual([]);
  });

  it('approved deletes the row and goes back to the list', async () => {
    const { actor, calls, at, navigations, notices } = boot();
    await at('editable');
    actor.send({ type: 'delete.request' });
    await at('deleted');
    expect(calls.deleteRow).toEqual([{ resource: 'products', id: 7 }]);
    expect(navigations).toEqual([{ to: 'list' }]);
    expect(notices).toEqual([{ key: 'form.deleted', color: 'success' }]);
  });

  it('a refused delete (in use) says why and keeps the form', async () => {
    const { actor, at, notices } = boot({}, { deleteRow: () => Promise.reject({ status: 409, data: { detail: 'Used by 2 featured products.' } }) });
    await at('editable');
    actor.send({ type: 'delete.request' });
    await waitFor(actor, (s) => s.matches('editable') && notices.length === 1);
    expect(notices).toEqual([{ key: 'form.deleteFailed', because: { status: 409, key: 'errors.http.conflict' }, color: 'error' }]);
  });
});

/** A page for the form's effects: a window and its document as plain event targets. */
function fakePage() {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const win = Object.assign(new EventTarget(), { document });
  const press = (keys: Partial<KeyboardEvent>) => {
    const event = Object.assign(new Event('keydown', { cancelable: true }), { key: 's', ctrlKey: false, metaKey: false, altKey: false, ...keys });
    win.dispatchEvent(event);
    return event;
  };
  return { scope: { win: win as unknown as Window, form: () => null }, win, document, press };
}

describe('entity form: its page effects (entityForm.dom.ts)', () => {
  it('Ctrl+S and Cmd+S save and stay, instead of the browser saving the page', async () => {
    const page = fakePage();
    const { actor, at, calls, navigations } = boot({ scope: page.scope });
    await at('editable');
    actor.send({ type: 'field.change', path: 'name', value: 'Tractor 2' });
    expect(page.press({ ctrlKey: true }).defaultPrevented).toBe(true);
    await at({ editable: 'saved' });
    expect(navigations).toEqual([{ to: 'detail', id: 7, replace: true }]);
    page.press({ metaKey: true, key: 'S' });
    await waitFor(actor, () => calls.saveRow?.length === 2);
    // Other keys are the page's.
    expect(page.press({ ctrlKey: true, key: 'a' }).defaultPrevented).toBe(false);
    expect(page.press({ ctrlKey: true, altKey: true }).defaultPrevented).toBe(false);
  });

  it('a form the user may not change does not save on Ctrl+S, and the browser does not either', async () => {
    const page = fakePage();
    const { actor, at } = boot({ scope: page.scope, readOnly: true });
    await at('editable');
    expect(page.press({ ctrlKey: true }).defaultPrevented).toBe(true);
    // A save would have left editing at once.
    expect(actor.getSnapshot().matches({ editable: 'editing' })).toBe(true);
    actor.send({ type: 'save' });
    expect(actor.getSnapshot().matches({ editable: 'editing' })).toBe(true);
    // Given the permission, it saves.
    actor.send({ type: 'readOnly.change', readOnly: false });
    page.press({ ctrlKey: true });
    expect(actor.getSnapshot().matches('validating')).toBe(true);
  });

  it('writes the draft at once when the tab hides or the page goes away', async () => {
    const page = fakePage();
    const { actor, at, drafts } = boot({ scope: page.scope, debounceMs: 60_000 });
    await at('editable');
    actor.send({ type: 'field.change', path: 'name', value: 'Tractor 2' });
    page.document.visibilityState = 'hidden';
    page.document.dispatchEvent(new Event('visibilitychange'));
    page.win.dispatchEvent(new Event('pagehide'));
    expect(drafts.map((d) => d.op)).toEqual(['save', 'save']);
  });

  it('stops listening when the form goes', async () => {
    const page = fakePage();
    const { actor, at, drafts } = boot({ scope: page.scope });
    await at('editable');
    actor.send({ type: 'field.change', path: 'name', value: 'Tractor 2' });
    actor.stop();
    expect(page.press({ ctrlKey: true }).defaultPrevented).toBe(false);
    page.win.dispatchEvent(new Event('pagehide'));
    expect(drafts).toEqual([]);
  });
});

describe('entity form: a singleton (a site page)', () => {
  it('stays after a save: there is no list to go back to', async () => {
    const { actor, at, navigations, notices } = boot({ singleton: true });
    await at('editable');
    actor.send({ type: 'field.change', path: 'name', value: 'Home 2' });
    actor.send({ type: 'save' });
    await at({ editable: 'saved' });
    expect(notices).toEqual([{ key: 'form.saved', color: 'success' }]);
    expect(navigations).toEqual([]);
  });
});

describe('entity form: drafts on the server beside the live row (issue 16)', () => {
  it('loads a row’s pending draft into the form, at the live version, holding its id', async () => {
    const { calls, at, ctx } = boot({ drafts: true }, { fetchRow: () => withPending });
    await at('editable');
    expect(calls.fetchPending).toEqual([{ resource: 'products', id: 7 }]);
    expect(ctx()).toMatchObject({ version: 3, pending: 41, dirty: false });
    expect(ctx().values.name).toBe('Tractor (pending)');
    expect(ctx().values).not.toHaveProperty('has_draft');
    expect(ctx().values).not.toHaveProperty('draft');
  });

  it('without drafts for the entity, a row saying it has one loads as before and offers no draft actions', async () => {
    const { actor, calls, at, ctx } = boot({}, { fetchRow: () => withPending });
    await at('editable');
    expect(calls.fetchPending).toBeUndefined();
    actor.send({ type: 'field.change', path: 'name', value: 'X' });
    actor.send({ type: 'pending.save' });
    expect(calls.savePending).toBeUndefined();
    expect(ctx().dirty).toBe(true);
  });

  it('saves the form as a draft from the version and draft it holds, and stays', async () => {
    const { actor, calls, notices, navigations, at, ctx } = boot({ drafts: true }, { fetchRow: () => withPending });
    await at('editable');
    actor.send({ type: 'field.change', path: 'name', value: 'Tractor (second)' });
    actor.send({ type: 'pending.save' });
    await at({ editable: 'saved' });
    expect(calls.savePending).toEqual([{ resource: 'products', id: 7, values: expect.objectContaining({ name: 'Tractor (second)' }), version: 3, draft: 41 }]);
    expect(ctx()).toMatchObject({ pending: 42, dirty: false, version: 3 });
    expect(notices.at(-1)?.key).toBe('form.pendingSaved');
    expect(navigations).toEqual([]);
  });

  it('publishes unsaved changes by saving them into the draft first, then holds the live row', async () => {
    const { actor, calls, notices, at, ctx } = boot({ drafts: true }, { fetchRow: () => withPending });
    await at('editable');
    actor.send({ type: 'field.change', path: 'name', value: 'Tractor (final)' });
    actor.send({ type: 'pending.publish' });
    await at({ editable: 'saved' });
    expect(calls.savePending).toHaveLength(1);
    expect(calls.publishPending).toEqual([{ resource: 'products', id: 7, version: 3, draft: 42 }]);
    expect(ctx()).toMatchObject({ pending: null, version: 4, dirty: false });
    expect(notices.at(-1)?.key).toBe('form.published');
  });

  it('a clean form publishes the pending draft as it is; without one there is nothing to publish', async () => {
    const held = boot({ drafts: true }, { fetchRow: () => withPending });
    await held.at('editable');
    held.actor.send({ type: 'pending.publish' });
    await held.at({ editable: 'saved' });
    expect(held.calls.savePending).toBeUndefined();
    expect(held.calls.publishPending).toHaveLength(1);
    const live = boot({ drafts: true });
    await live.at('editable');
    live.actor.send({ type: 'pending.publish' });
    live.actor.send({ type: 'pending.discard' });
    expect(live.calls.publishPending).toBeUndefined();
    expect(live.calls.discardPending).toBeUndefined();
  });

  it('discarding the draft reads the live row again', async () => {
    const { actor, calls, at, ctx } = boot({ drafts: true }, { fetchRow: (_, n) => (n === 1 ? withPending : row) });
    await at('editable');
    actor.send({ type: 'pending.discard' });
    await waitFor(actor, (s) => s.matches('editable') && calls.fetchRow?.length === 2);
    expect(calls.discardPending).toEqual([{ resource: 'products', id: 7, version: 3, draft: 41 }]);
    expect(ctx()).toMatchObject({ pending: null, values: expect.objectContaining({ name: 'Tractor' }) });
  });

  it('a draft save meeting another draft (409) keeps mine over theirs as a draft again', async () => {
    const theirDraft = { ...theirs, has_draft: true, draft: { id: 50 } };
    const { actor, calls, at, ctx } = boot(
      { drafts: true },
      {
        savePending: (i, n) =>
          n === 1
            ? Promise.reject({ status: 409, data: { detail: 'Changed.', current: theirDraft } })
            : { ...i.values, id: 7, version: i.version, draft: { id: 51 } },
      },
    );
    await at('editable');
    actor.send({ type: 'field.change', path: 'name', value: 'Mine' });
    actor.send({ type: 'pending.save' });
    await at('conflict');
    actor.send({ type: 'conflict.overwrite' });
    await at({ editable: 'saved' });
    expect(calls.saveRow).toBeUndefined();
    expect(calls.savePending![1]).toMatchObject({ version: 4, draft: 50, values: expect.objectContaining({ name: 'Mine' }) });
    expect(ctx().pending).toBe(51);
  });

  it('previews: unsaved changes go into the draft first, then the link is opened', async () => {
    const { actor, calls, previews, at } = boot({ drafts: true });
    await at('editable');
    actor.send({ type: 'field.change', path: 'name', value: 'Preview me' });
    actor.send({ type: 'preview' });
    await waitFor(actor, () => previews.length === 1);
    expect(calls.savePending).toHaveLength(1);
    expect(calls.previewLink).toEqual([{ resource: 'products', id: 7, version: 3, draft: 41 }]);
    expect(previews).toEqual(['https://rossi.example/it/x?preview=t']);
  });
});
