import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { connectEntityForm } from '../../machines/entityForm.connect';
import {
  clearFieldError,
  deepEqual,
  diffValues,
  errorsAt,
  errorTabs,
  firstError,
  flatten,
  getIn,
  isDetailParam,
  rowValues,
  setIn,
  toConflict,
  toRowId,
  toServerErrors,
} from '../../machines/entityForm.helpers';
import { type EntityFormContext, type EntityFormEvent, entityFormMachine } from '../../machines/entityForm.machine';
import { draft, row, theirs } from '../../machines/entityForm.model';

describe('entity form helpers', () => {
  it('compares deeply, ignoring undefined keys and key order', () => {
    expect(deepEqual({ a: [1, { b: 2 }], c: undefined }, { a: [1, { b: 2 }] })).toBe(true);
    expect(deepEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(deepEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(deepEqual({ a: null }, { a: {} })).toBe(false);
    expect(deepEqual(NaN, NaN)).toBe(true);
  });

  it('sets and reads dotted paths immutably, into arrays too', () => {
    const values = { translations: { it: { title: 'a' } }, specs: [{ value: '1' }] };
    const next = setIn(values, 'specs.0.value', '2');
    expect(next.specs).toEqual([{ value: '2' }]);
    expect(values.specs).toEqual([{ value: '1' }]);
    expect(next.translations).toBe(values.translations);
    expect(setIn({}, 'translations.de.title', 'x')).toEqual({ translations: { de: { title: 'x' } } });
    expect(setIn({}, 'specs.1.value', 'x')).toEqual({ specs: [undefined, { value: 'x' }] });
    expect(getIn(next, 'translations.it.title')).toBe('a');
    expect(getIn(next, 'nope.deeper')).toBeUndefined();
  });

  it('setIn then getIn gives the value back (property)', () => {
    const key = fc.stringMatching(/^[a-z]{1,5}$/);
    fc.assert(
      fc.property(fc.array(key, { minLength: 1, maxLength: 4 }), fc.jsonValue(), (keys, value) => {
        const path = keys.join('.');
        expect(deepEqual(getIn(setIn({}, path, value), path), value)).toBe(true);
      }),
    );
  });

  it('flattens to leaf paths', () => {
    expect(flatten({ a: { b: 1 }, c: [1, { d: 2 }], e: [], f: null })).toEqual({ 'a.b': 1, 'c.0': 1, 'c.1.d': 2, e: [], f: null });
  });

  it('diffs mine against theirs with who changed what', () => {
    const base = rowValues(row);
    const mine = setIn(base, 'name', 'Mine');
    const diff = diffValues(base, mine, rowValues(theirs));
    expect(diff.map((d) => [d.path, d.changedByMe, d.changedByThem])).toEqual([
      ['name', true, false],
      ['status', false, true],
      ['translations.en.title', false, true],
    ]);
    // Both changed the same field to the same value: no difference to show.
    expect(diffValues(base, setIn(base, 'status', 'published'), rowValues(theirs)).map((d) => d.path)).toEqual(['translations.en.title']);
  });

  it('maps a 400 body onto field paths, nested bodies too, and detail onto the form', () => {
    expect(toServerErrors({ status: 400, data: { 'translations.it.title': ['Required.'], detail: 'Invalid input.' } })).toEqual({
      'translations.it.title': ['Required.'],
      non_field_errors: ['Invalid input.'],
    });
    expect(toServerErrors({ status: 400, data: { translations: { it: { title: ['Required.'] } }, specs: [{}, { value: ['Too long.'] }] } })).toEqual({
      'translations.it.title': ['Required.'],
      'specs.1.value': ['Too long.'],
    });
    expect(toServerErrors({ status: 400, data: 'bad' })).toEqual({ non_field_errors: ['form.invalid'] });
    expect(toServerErrors({ status: 502 })).toEqual({ non_field_errors: ['errors.network'] });
  });

  it('pairs each sentence of a 400 with its problem from $codes, and never reads $codes as a field', () => {
    const data = {
      slug: ['This slug is already used by another row of this site.'],
      'translations.it.title': ['Ensure this field has no more than 200 characters.', 'Other.'],
      $codes: { slug: [{ code: 'slugTaken' }], 'translations.it.title': [{ code: 'maxLength', params: { count: 200 } }] },
    };
    expect(toServerErrors({ status: 400, data })).toEqual({
      slug: [{ code: 'slugTaken', text: 'This slug is already used by another row of this site.' }],
      'translations.it.title': [{ code: 'maxLength', params: { count: 200 }, text: 'Ensure this field has no more than 200 characters.' }, 'Other.'],
    });
  });

  it('finds the language tabs with errors', () => {
    expect(errorTabs({ 'translations.it.title': ['x'], 'translations.de.body': ['y'], name: ['z'], 'translations.fr.title': [] })).toEqual(['de', 'it']);
    expect(errorTabs({})).toEqual([]);
  });

  it('picks the error a failed save shows first: form order, then language, then rows in number order', () => {
    const order = ['name', 'title', 'specs'];
    expect(firstError({ 'specs.10.value': ['x'], 'specs.2.value': ['x'] }, order, ['it'])).toEqual({ path: 'specs.2.value', language: null });
    expect(firstError({ 'translations.en.title': ['x'], 'translations.it.title': ['x'] }, order, ['it', 'en'])).toEqual({
      path: 'translations.it.title',
      language: 'it',
    });
    // A message about a whole field points at the field; a field left out of the order comes last.
    expect(firstError({ 'specs.non_field_errors': ['x'], extra: ['x'] }, order, [])).toEqual({ path: 'specs', language: null });
    // Empty message lists do not count; form-wide messages alone point at the form's message.
    expect(firstError({ name: [], non_field_errors: ['x'] }, order, [])).toEqual({ path: 'non_field_errors', language: null });
  });

  it('clears the errors of a field and what is under it', () => {
    const errors = { specs: ['Add one.'], 'specs.0.value': ['x'], specsx: ['keep'], name: ['y'] };
    expect(clearFieldError(errors, 'specs')).toEqual({ specsx: ['keep'], name: ['y'] });
    expect(errorsAt(errors, 'specs')).toEqual({ messages: ['Add one.'], nested: true });
  });

  it('reads a 409 body, and route params', () => {
    expect(toConflict({ status: 409, data: { detail: 'Changed.', current: theirs } })).toEqual({ detail: 'Changed.', current: theirs });
    expect(toConflict({ status: 409, data: { detail: 'In use.' } })).toBeNull();
    expect(['new', '1', '42'].map(isDetailParam)).toEqual([true, true, true]);
    expect(['0', '-1', '1.5', 'abc', '', '01'].map(isDetailParam)).toEqual([false, false, false, false, false, false]);
    expect([toRowId('new'), toRowId('42'), toRowId(7), toRowId('ab-1')]).toEqual([null, 42, 7, 'ab-1']);
  });
});

describe('connectEntityForm', () => {
  const base = createActor(entityFormMachine, { input: { resource: 'products', id: 7 } }).getSnapshot().context;
  const loaded = { ...base, values: rowValues(row), initial: rowValues(row), version: 3 };
  const snap = (value: any, context: Partial<EntityFormContext> = {}) => entityFormMachine.resolveState({ value, context: { ...loaded, ...context } });
  const rec = () => {
    const sent: EntityFormEvent[] = [];
    return { sent, send: (e: EntityFormEvent) => void sent.push(e) };
  };

  it('gives fields by path with their errors and change handler', () => {
    const { send, sent } = rec();
    const props = connectEntityForm(
      snap({ editable: 'invalid' }, { errors: { 'translations.it.title': ['Required.'], non_field_errors: ['Invalid input.'] } }),
      send,
      {
        languages: ['en', 'it'],
      },
    );
    expect(props.status).toBe('invalid');
    const field = props.getFieldProps('translations.it.title');
    expect(field).toMatchObject({ value: 'Trattore', errors: ['Required.'], invalid: true, disabled: false });
    expect(props.getFieldProps('translations').nestedInvalid).toBe(true);
    expect(props.formErrors).toEqual(['Invalid input.']);
    field.onChange('Trattore rosso');
    expect(sent).toEqual([{ type: 'field.change', path: 'translations.it.title', value: 'Trattore rosso' }]);
  });

  it('puts a red dot on the language tabs with errors, even a language not listed', () => {
    const { send } = rec();
    const props = connectEntityForm(snap({ editable: 'invalid' }, { errors: { 'translations.it.title': ['x'], 'translations.de.title': ['y'] } }), send, {
      languages: ['en', 'it'],
    });
    expect(props.tabs).toEqual([
      { lang: 'en', hasErrors: false },
      { lang: 'it', hasErrors: true },
      { lang: 'de', hasErrors: true },
    ]);
  });

  it('exposes the conflict dialog with its diff and choices', () => {
    const { send, sent } = rec();
    const diff = diffValues(loaded.values, loaded.values, rowValues(theirs));
    const props = connectEntityForm(snap('conflict', { conflict: { detail: 'Changed.', current: theirs, diff } }), send);
    expect(props.conflict).toMatchObject({ detail: 'Changed.', diff });
    props.conflict!.reload();
    props.conflict!.overwrite();
    expect(sent).toEqual([{ type: 'conflict.reload' }, { type: 'conflict.overwrite' }]);
    expect(props.canSave).toBe(false);
    expect(connectEntityForm(snap({ editable: { editing: 'idle' } }), send).conflict).toBeNull();
  });

  it('offers the draft and warns before leaving with unsaved changes', () => {
    const { send, sent } = rec();
    const props = connectEntityForm(snap({ editable: { editing: 'draftPending' } }, { draft, dirty: true }), send);
    expect(props).toMatchObject({ status: 'editing', dirty: true, blockNavigation: true, canDiscard: true, canDelete: true });
    expect(props.draft?.savedAt).toBe(draft.savedAt);
    props.draft!.restore();
    expect(sent).toEqual([{ type: 'draft.restore' }]);
    expect(connectEntityForm(snap({ editable: { editing: 'idle' } }), send)).toMatchObject({ draft: null, blockNavigation: false });
  });

  it('create mode: no delete until saved, then the created id', () => {
    const { send } = rec();
    expect(connectEntityForm(snap({ editable: { editing: 'idle' } }, { id: null }), send)).toMatchObject({ isNew: true, canDelete: false, createdId: null });
    expect(connectEntityForm(snap({ editable: 'saved' }, { id: 8, createdId: 8, intent: 'saveAndContinue' }), send)).toMatchObject({
      status: 'saved',
      isNew: false,
      createdId: 8,
      intent: 'saveAndContinue',
      canDelete: true,
    });
  });

  it('is busy and read-only while saving; shows not-found and load errors', () => {
    const { send } = rec();
    const saving = connectEntityForm(snap('saving'), send);
    expect(saving).toMatchObject({ status: 'saving', busy: true, canSave: false });
    expect(saving.getFieldProps('name').disabled).toBe(true);
    expect(connectEntityForm(snap('notFound'), send).notFound).toBe(true);
    expect(connectEntityForm(snap('failed', { loadError: { status: 500, key: 'errors.http.server' } }), send).loadError).toEqual({
      status: 500,
      key: 'errors.http.server',
    });
    expect(connectEntityForm(snap('checkingDraft'), send).loading).toBe(true);
  });
});
