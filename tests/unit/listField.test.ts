import { describe, expect, it } from 'vitest';
import { declarationProblems } from '../../entities/declarationProblems';
import type { EntityDef } from '../../entities/define';
import { defaultValue, validateValue } from '../../entities/fieldTypes/index';
import type { ListField } from '../../entities/fields';
import { ENTITIES } from '../../entities/index';
import { HOST_NAME } from '../../entities/patterns';
import { tenant } from '../../entities/tenant';
import { type Errors, INVALID } from '../../entities/problems';
import { validateRecord } from '../../entities/validateRecord';

const hosts: ListField = { type: 'list', label: 'f.hosts', pattern: HOST_NAME, patternCode: 'hostName', max: 3, maxLength: 253 };
const brands: ListField = {
  type: 'list',
  label: 'f.brands',
  options: [
    { value: 'DF', name: 'Deutz-Fahr' },
    { value: 'SA', name: 'SAME' },
  ],
};

function run(field: ListField, raw: unknown) {
  const errors: Errors = {};
  const value = validateValue(field, raw, 'f', errors);
  return { value, errors };
}

describe('the list field type', () => {
  it('keeps an ordered list of distinct, trimmed strings', () => {
    expect(run(hosts, [' www.example.com ', 'shop.example.com'])).toEqual({ value: ['www.example.com', 'shop.example.com'], errors: {} });
    expect(run(brands, ['SA', 'DF'])).toEqual({ value: ['SA', 'DF'], errors: {} });
    expect(run(brands, null).value).toEqual([]);
    expect(defaultValue(brands)).toEqual([]);
  });

  it('refuses what is not a list of strings, on the path of each bad entry', () => {
    expect(run(hosts, 'www.example.com')).toEqual({ value: INVALID, errors: { f: [{ code: 'list' }] } });
    expect(run(hosts, ['ok.example.com', 42, '  ']).errors).toEqual({ 'f.1': [{ code: 'string' }], 'f.2': [{ code: 'blank' }] });
  });

  it('refuses duplicates, entries outside the options or the pattern, and too many or too long entries', () => {
    expect(run(hosts, ['a.example.com', 'a.example.com']).errors).toEqual({ 'f.1': [{ code: 'duplicate' }] });
    expect(run(brands, ['DF', 'ACME']).errors).toEqual({ 'f.1': [{ code: 'choice', params: { value: 'ACME' } }] });
    expect(run(hosts, ['a.example.com', 'b.example.com', 'c.example.com', 'd.example.com']).errors).toEqual({
      f: [{ code: 'maxItems', params: { count: 3 } }],
    });
    expect(run(hosts, [`${'a'.repeat(250)}.com`]).errors).toEqual({ 'f.0': [{ code: 'maxLength', params: { count: 253 } }] });
  });

  it('takes lower-case host names only: no scheme, port, path, empty or badly hyphenated label', () => {
    for (const ok of ['localhost', 'rossi.localhost', 'www.rossi-trattori.it', '127.0.0.1', 'xn--bcher-kva.example'])
      expect(run(hosts, [ok]).errors, ok).toEqual({});
    for (const bad of ['Rossi.it', 'http://rossi.it', 'rossi.it:8080', 'rossi.it/shop', '-rossi.it', 'rossi-.it', 'rossi..it', 'ros si.it', 'rossi.it.']) {
      expect(run(hosts, [bad]).errors, bad).toEqual({ 'f.0': [{ code: 'hostName' }] });
    }
  });

  it('is declared with options or a pattern, not both, never translated', () => {
    const entity = (f: ListField): EntityDef => ({ ...tenant, fields: { ...tenant.fields, aliases: f } });
    const problems = (f: ListField) => declarationProblems(entity(f), ENTITIES);
    expect(problems(hosts)).toEqual([]);
    expect(problems({ ...hosts, options: brands.options })).toEqual(['tenant: aliases: a list needs options or a pattern, not both']);
    expect(problems({ type: 'list', label: 'f.x' })).toEqual(['tenant: aliases: a list needs options or a pattern, not both']);
    expect(problems({ ...hosts, translated: true })).toEqual(['tenant: aliases: a list cannot be translated']);
    expect(problems({ ...brands, default: ['XX'] })).toEqual(['tenant: aliases: default is not an option']);
  });
});

describe('a dealer site declaration', () => {
  const opts = { mode: 'create' as const, languages: ['en'], defaultLanguage: 'en' };
  it('fills the quick defaults: mono-brand DF, Italian and English, active', () => {
    const { record, errors } = validateRecord(tenant, { name: 'Bianchi', domain: 'bianchi.localhost' }, opts);
    expect(errors).toEqual({});
    expect(record.values).toMatchObject({ brand_list: ['DF'], languages: ['it', 'en'], default_language: 'it', is_active: true, aliases: [] });
  });

  it('wants the default language among the languages, and no alias equal to the domain', () => {
    expect(validateRecord(tenant, { name: 'B', domain: 'b.localhost', languages: ['en'] }, opts).errors).toEqual({
      default_language: [{ code: 'defaultLanguage' }],
    });
    expect(validateRecord(tenant, { name: 'B', domain: 'b.localhost', aliases: ['w.localhost', 'b.localhost'] }, opts).errors).toEqual({
      'aliases.1': [{ code: 'primaryDomain' }],
    });
  });
});
