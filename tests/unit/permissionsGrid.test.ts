import { describe, expect, it } from 'vitest';
import { forSite } from '../../entities/siteFields';
import { user } from '../../entities/user';
import { permissionRows, rowState, toggleCodename, toggleRow } from '../../src/fields/permissionsGrid';
import { exactly } from '../tuples';

const holder = (codenames: string[], is_superuser = false) => ({ is_superuser, all_permissions: codenames.map((codename) => ({ codename })) });

describe('permissions editor grid', () => {
  it('offers a superuser every model of the back-office, and none of the other', () => {
    const rows = permissionRows('dealer', holder([], true), []);
    const models = rows.map((r) => r.model);
    expect(models).toContain('product');
    expect(models).toContain('user');
    expect(models).not.toContain('tenant');
    expect(rows.every((r) => r.cells.every((c) => c.enabled))).toBe(true);
    expect(permissionRows('master', holder([], true), []).map((r) => r.model)).toEqual(
      expect.arrayContaining(['tenant', 'tenantuser', 'marketSettings', 'indexingactionlog', 'user', 'media', 'page']),
    );
  });

  it('shows only what the editor may grant, and locks what the account holds beyond it', () => {
    const rows = permissionRows('dealer', holder(['view_product', 'change_product']), ['view_news']);
    expect(rows.map((r) => r.model)).toEqual(['news', 'product']);
    const product = rows.find((r) => r.model === 'product')!;
    expect(product.cells.map((c) => [c.action, c.enabled])).toEqual([
      ['view', true],
      ['add', false],
      ['change', true],
      ['delete', false],
    ]);
    expect(rows.find((r) => r.model === 'news')!.cells.every((c) => !c.enabled)).toBe(true);
  });

  it('a cell toggles one codename and keeps the list sorted', () => {
    expect(toggleCodename(['view_product'], 'add_news')).toEqual(['add_news', 'view_product']);
    expect(toggleCodename(['add_news', 'view_product'], 'add_news')).toEqual(['view_product']);
  });

  it('the row switch turns on what the editor holds, then off again, leaving locked cells alone', () => {
    const editor = holder(['view_product', 'change_product']);
    const [row] = exactly(
      permissionRows('dealer', editor, ['delete_product']).filter((r) => r.model === 'product'),
      1,
    );
    const on = toggleRow(['delete_product'], row);
    expect(on).toEqual(['change_product', 'delete_product', 'view_product']);
    const [after] = exactly(
      permissionRows('dealer', editor, on).filter((r) => r.model === 'product'),
      1,
    );
    expect(rowState(after)).toBe('some');
    expect(toggleRow(on, after)).toEqual(['delete_product']);
  });
});

describe('fields of one back-office', () => {
  it('the dealer users form has no role, superuser flag or market', () => {
    const dealer = forSite(user, 'dealer');
    expect(Object.keys(dealer.fields)).not.toContain('role');
    expect(Object.keys(dealer.fields)).not.toContain('is_superuser');
    expect(dealer.list.columns).not.toContain('role');
    expect(dealer.list.filters.map((f) => f.field)).not.toContain('role');
    expect(dealer.form.tabs.flatMap((t) => t.groups.flatMap((g) => g.fields))).not.toContain('is_superuser');
    expect(forSite(user, 'default')).toBe(user);
    expect(Object.keys(forSite(user, 'default', false).fields)).not.toContain('is_superuser');
    expect(Object.keys(forSite(user, 'default', false).fields)).toContain('role');
  });
});

describe('account declarations', () => {
  it('are sound, and their label keys exist in the English locale', async () => {
    const { declarationProblems } = await import('../../entities/declarationProblems');
    const { i18nKeys } = await import('../../entities/i18nKeys');
    const { ACCOUNT_ENTITIES, ENTITIES, entityAtPath } = await import('../../entities/index');
    const en = (await import('../../locales/en.json', { with: { type: 'json' } })).default as Record<string, unknown>;
    const all = [...ENTITIES, ...ACCOUNT_ENTITIES];
    for (const e of ACCOUNT_ENTITIES) {
      expect(declarationProblems(e, all)).toEqual([]);
      expect(entityAtPath(e.path)).toBe(e);
      for (const key of i18nKeys(e))
        expect(
          key.split('.').reduce<any>((o, k) => o?.[k], en),
          key,
        ).toEqual(expect.any(String));
    }
  });
});

describe('a new row from a link', () => {
  it('takes the reference the URL names and starts a dealer user with what the editor may grant', async () => {
    const { newRowValues } = await import('../../src/entity/newRow');
    const { tenantUser } = await import('../../entities/tenantUser');
    const editor = holder(['view_product', 'add_product', 'view_tenant']);
    const values = newRowValues(tenantUser, ['en'], '?tenant=7&is_active=false&username=anna', editor, 'default');
    expect(values).toMatchObject({ tenant: 7, username: 'anna', is_active: true, permissions: ['add_product', 'view_product'] });
    expect(newRowValues(tenantUser, ['en'], '?tenant=abc', null, 'default')).toMatchObject({ tenant: null, permissions: [] });
    // A plain user starts with nothing.
    expect(newRowValues(user, ['en'], '', holder([], true), 'dealer').permissions).toEqual([]);
  });
});
