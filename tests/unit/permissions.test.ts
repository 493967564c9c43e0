import { describe, expect, it } from 'vitest';
import { actionsOn, can } from '../../entities/permissions';

const holder = (codenames: string[], is_superuser = false) => ({
  is_superuser,
  all_permissions: codenames.map((codename) => ({ codename })),
});

describe('permission collection (spec §6)', () => {
  it('gives a superuser add, change, delete and view on every model, with no permission rows', () => {
    for (const model of ['product', 'tenant', 'anything']) {
      expect([...actionsOn(holder([], true), model)].sort()).toEqual(['add', 'change', 'delete', 'view']);
    }
  });

  it('collects the actions whose codename ends with the model', () => {
    const user = holder(['view_product', 'change_product', 'view_news', 'delete_tenant']);
    expect([...actionsOn(user, 'product')].sort()).toEqual(['change', 'view']);
    expect([...actionsOn(user, 'news')]).toEqual(['view']);
    expect([...actionsOn(user, 'tenant')]).toEqual(['delete']);
  });

  it('does not let a longer model name grant a shorter one', () => {
    const user = holder(['view_usedproduct', 'view_tenantuser']);
    expect(can(user, 'view', 'product')).toBe(false);
    expect(can(user, 'view', 'user')).toBe(false);
    expect(can(user, 'view', 'usedproduct')).toBe(true);
  });

  it('ignores codenames with an unknown action', () => {
    expect(actionsOn(holder(['export_product', 'view_product']), 'product')).toEqual(new Set(['view']));
  });

  it('gives nothing to nobody', () => {
    expect(actionsOn(null, 'product').size).toBe(0);
  });
});
