/**
 * The delivery API reads a site's data version once per event-loop turn where no change
 * feed remembers it (server/cache/dataVersions.ts `dataVersionThisTurn`): the requests of
 * one turn share one read, a bump by this process is seen at once, and a commit by anything
 * else from the next turn.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { bumpDataVersion, dataVersionOf, dataVersionThisTurn } from '../../server/cache/dataVersions.js';
import { findTenantByHost } from '../../server/services/tenants.js';
import { describeEachDialect } from './harness.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describeEachDialect('data version once a turn', (h) => {
  let site = 0;
  beforeAll(async () => {
    site = (await findTenantByHost(h.db, 'rossi.localhost'))!.id;
    await bumpDataVersion(h.db, site);
  });

  it('gives the requests of one turn one read', async () => {
    await nextTurn();
    const first = dataVersionThisTurn(h.db, site);
    expect(dataVersionThisTurn(h.db, site)).toBe(first);
    expect(await first).toBe(await dataVersionOf(h.db, site));
  });

  it("sees this process's bump at once, within the turn", async () => {
    await nextTurn();
    const before = await dataVersionThisTurn(h.db, site);
    await bumpDataVersion(h.db, site);
    const after = await dataVersionThisTurn(h.db, site);
    expect(after).not.toBe(before);
    expect(after).toBe(await dataVersionOf(h.db, site));
  });

  it("sees another writer's commit from the next turn", async () => {
    await nextTurn();
    const before = await dataVersionThisTurn(h.db, site);
    // Around bumpDataVersion, as another process's write would be.
    await sql`update data_versions set version = version + 1 where tenant_id = ${site}`.execute(h.db);
    await nextTurn();
    const after = await dataVersionThisTurn(h.db, site);
    expect(Number(after)).toBe(Number(before) + 1);
  });
});
