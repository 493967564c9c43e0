/**
 * What a write of a dealer site (entities/tenant.ts) does besides its row, inside the same
 * transaction: its hosts in tenant_domains (refused, writing nothing, when another site
 * uses one), its users' sessions ended when it is deactivated, its leftovers cleaned when
 * deleted (only once deactivated), the per-host site cache dropped, and the site's data
 * version moved (its cached lists show its languages).
 */
import { bumpDataVersion } from '../cache/dataVersions.js';
import { COUNTS_TABLE, SLUGS_TABLE } from '../entities/schema.js';
import { onEntityWrite } from '../entities/hooks.js';
import type { RecordValues } from '../../entities/validateRecord.js';
import { addError, type Errors } from '../../entities/problems.js';
import { fieldErrors, HttpError } from '../errors.js';
import { forgetTenants } from './tenants.js';

/** The site's hosts, primary first, with the field path each came from. */
function hostsOf(record: RecordValues): Array<{ domain: string; path: string }> {
  const aliases = (record.values.aliases as string[]) ?? [];
  return [{ domain: record.values.domain as string, path: 'domain' }, ...aliases.map((domain, i) => ({ domain, path: `aliases.${i}` }))];
}

onEntityWrite('tenant', async (ctx, event) => {
  const db = ctx.db;
  if (event.op === 'delete') {
    if (event.before!.values.is_active) throw new HttpError(409, { detail: 'Deactivate this dealer site before deleting it.' });
    // Rows of the site's tables go with it (foreign keys cascade); these shared tables have no key to it.
    await db.deleteFrom(COUNTS_TABLE).where('tenant_id', '=', event.id).execute();
    await db.deleteFrom(SLUGS_TABLE).where('tenant_id', '=', event.id).execute();
  } else {
    await bumpDataVersion(db, event.id);
    const hosts = hostsOf(event.after!);
    const taken = await db
      .selectFrom('tenant_domains')
      .select('domain')
      .where(
        'domain',
        'in',
        hosts.map((h) => h.domain),
      )
      .where('tenant_id', '!=', event.id)
      .execute();
    if (taken.length) {
      const errors: Errors = {};
      const used = new Set(taken.map((t) => String(t.domain)));
      for (const h of hosts) if (used.has(h.domain)) addError(errors, h.path, 'domainTaken');
      throw fieldErrors(errors);
    }
    await db.deleteFrom('tenant_domains').where('tenant_id', '=', event.id).execute();
    await db
      .insertInto('tenant_domains')
      .values(hosts.map((h, i) => ({ domain: h.domain, tenant_id: event.id, is_primary: i === 0 ? 1 : 0 })))
      .execute();
    if (event.before?.values.is_active && !event.after!.values.is_active) {
      await db
        .deleteFrom('sessions')
        .where('user_id', 'in', db.selectFrom('users').select('id').where('tenant_id', '=', event.id))
        .execute();
    }
  }
  forgetTenants();
});
