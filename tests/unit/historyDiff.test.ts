import { describe, expect, it } from 'vitest';
import { compareRevisions, orderChanges } from '../../machines/history.diff';
import type { RevisionDetail } from '../../machines/history.types';
import { withPage } from '../../machines/keyset';

const revision = (id: number, values: Record<string, unknown>, translations: Record<string, Record<string, unknown>> = {}): RevisionDetail => ({
  id,
  at: '2026-11-26T10:00:00.000Z',
  site: 1,
  user: null,
  ip: null,
  action: 'update',
  model: 'product',
  object_id: 5,
  version: id,
  changes: null,
  previous: id > 1 ? id - 1 : null,
  record: { values, translations },
  diff: [{ field: 'price', language: null, before: 1, after: 2 }],
});

describe('the diff between two revisions', () => {
  it('compares the older record with the newer whichever was picked first, field by field and per language', () => {
    const older = revision(2, { price: 10, status: 'published' }, { it: { title: 'Trattore', body: 'x' }, en: { title: 'Tractor' } });
    const newer = revision(7, { price: 12, status: 'published' }, { it: { title: 'Trattore rosso', body: 'x' }, en: { title: 'Red tractor' } });
    const c = compareRevisions([newer, older], ['title', 'price', 'status'], ['it', 'en']);
    expect(c).toEqual({
      older: 2,
      newer: 7,
      changes: [
        { field: 'title', language: 'it', before: 'Trattore', after: 'Trattore rosso' },
        { field: 'title', language: 'en', before: 'Tractor', after: 'Red tractor' },
        { field: 'price', language: null, before: 10, after: 12 },
      ],
    });
  });

  it('shows one revision against the one before it with the API’s own diff', () => {
    expect(compareRevisions([revision(4, {})], [], [])).toEqual({ older: 3, newer: 4, changes: [{ field: 'price', language: null, before: 1, after: 2 }] });
    expect(compareRevisions([{ ...revision(1, {}), previous: null }], [], [])?.older).toBe(0);
    expect(compareRevisions([], [], [])).toBeNull();
  });

  it('a value that appears or disappears is a change from or to null', () => {
    const c = compareRevisions([revision(1, { a: 1 }), revision(2, { b: 2 }, { de: { title: 'Neu' } })], ['a', 'b'], ['de']);
    expect(c?.changes).toEqual([
      { field: 'a', language: null, before: 1, after: null },
      { field: 'b', language: null, before: null, after: 2 },
      { field: 'title', language: 'de', before: null, after: 'Neu' },
    ]);
  });

  it('orders as the form does: declared fields first, a field before its translations, the site’s language order, the rest by name', () => {
    const ordered = orderChanges(
      [
        { field: 'zeta', language: null, before: 1, after: 2 },
        { field: 'title', language: 'fr', before: 1, after: 2 },
        { field: 'alpha', language: null, before: 1, after: 2 },
        { field: 'title', language: 'it', before: 1, after: 2 },
        { field: 'title', language: null, before: 1, after: 2 },
      ],
      ['title'],
      ['it'],
    );
    expect(ordered.map((c) => `${c.field}:${c.language}`)).toEqual(['title:null', 'title:it', 'title:fr', 'alpha:null', 'zeta:null']);
  });
});

describe('keyset pages', () => {
  it('the first page replaces the list, a later one is appended without listing an entry twice', () => {
    const first = withPage([{ id: 9 }], { items: [{ id: 5 }, { id: 4 }], next: 4 }, true);
    expect(first).toEqual({ entries: [{ id: 5 }, { id: 4 }], next: 4 });
    expect(withPage(first.entries, { items: [{ id: 4 }, { id: 3 }], next: null }, false)).toEqual({ entries: [{ id: 5 }, { id: 4 }, { id: 3 }], next: null });
  });
});
