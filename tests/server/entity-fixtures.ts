/**
 * Rows for entity tests, made from the declarations: `fixtures.create('product', 'rossi')`
 * makes a valid product (and whatever it must reference) in that site, through the engine.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { EntityDef } from '../../entities/define.js';
import { ENTITIES, entityNamed } from '../../entities/index.js';
import { engineContext, insertRecord } from '../../server/entities/index.js';
import type { SampleRefs } from '../../entities/fieldTypes/description.js';
import { sampleValue } from '../../entities/fieldTypes/index.js';
import { sampleBody } from '../../server/entities/samples.js';
import { ensureSingleton } from '../../server/entities/singleton.js';
import { findTenantByHost } from '../../server/services/tenants.js';
import type { Harness } from './harness.js';

export const HOSTS = { rossi: 'rossi.localhost', verdi: 'verdi.localhost', master: 'localhost' } as const;
export type SiteName = keyof typeof HOSTS;

export const entity = (name: string): EntityDef => {
  const e = entityNamed(name);
  if (!e) throw new Error(`no entity ${name}`);
  return e;
};

export const api = (e: EntityDef, id?: number | string) => (id === undefined ? `/api${e.path}/` : `/api${e.path}/${id}/`);

export async function contextFor(h: Harness, site: SiteName) {
  const tenant = await findTenantByHost(h.db, HOSTS[site]);
  if (!tenant) throw new Error(`no site ${site}`);
  return engineContext(h.db, h.dialect, tenant);
}

export function fixtures(h: Harness) {
  let n = 0;
  const next = () => ++n + Math.floor(Math.random() * 1e6) * 100;

  /** One row per referenced entity (fk and m2m targets), made fresh in the site, for fields not given in `skip`. */
  async function refsFor(e: EntityDef, site: SiteName, depth = 0, skip: Record<string, unknown> = {}): Promise<SampleRefs> {
    const refs: SampleRefs = {};
    for (const [name, field] of Object.entries(e.fields)) {
      if (Object.hasOwn(skip, name)) continue;
      if ((field.type === 'fk' || field.type === 'm2m') && !refs[field.target] && depth < 3) {
        refs[field.target] = [await create(field.target, site, {}, depth + 1)];
      }
    }
    return refs;
  }

  // Handed out but perhaps never written (a body sent to a route that refused it): not given twice.
  const usedCodes = new Set<string>();

  /**
   * Values no other row has for unique fields whose pattern the samples cannot meet (a
   * market's two-letter code): the first unused two-letter code the pattern takes.
   */
  async function uniqueValues(e: EntityDef, skip: Record<string, unknown>) {
    const out: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(e.fields)) {
      if (Object.hasOwn(skip, name) || field.type !== 'text' || !field.unique || !field.pattern) continue;
      const re = new RegExp(`^(?:${field.pattern})$`, 'u');
      if (re.test(String(sampleValue(field, 1)))) continue;
      const taken = new Set(
        (
          (await h.db
            .selectFrom(e.table as never)
            .select(`${name} as v` as never)
            .execute()) as Array<{ v: string }>
        ).map((r) => r.v),
      );
      for (let i = 0; i < 26 * 26 && out[name] === undefined; i++) {
        const code = String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26));
        if (re.test(code) && !taken.has(code) && !usedCodes.has(`${e.table}.${name}.${code}`)) out[name] = code;
      }
      if (out[name] === undefined) throw new Error(`no unused value left for ${e.name}.${name}`);
      usedCodes.add(`${e.table}.${name}.${out[name]}`);
    }
    return out;
  }
  async function body(name: string, site: SiteName, overrides: Record<string, unknown> = {}, depth = 0) {
    const e = entity(name);
    const ctx = await contextFor(h, site);
    const refs = await refsFor(e, site, depth, overrides);
    const languages = [ctx.site.default_language, ...ctx.site.languages.filter((l) => l !== ctx.site.default_language)];
    return { ...sampleBody(e, next(), refs, languages), ...(await uniqueValues(e, overrides)), ...overrides };
  }

  /**
   * A new row of the entity in the site, through the engine as the server writes it (also
   * for rows clients may not write); for a singleton (one row per site) the site's own row.
   */
  async function create(name: string, site: SiteName, overrides: Record<string, unknown> = {}, depth = 0): Promise<number> {
    const e = entity(name);
    const ctx = await contextFor(h, site);
    if (e.singleton) return ensureSingleton(ctx, e);
    return insertRecord(ctx, e, await body(name, site, overrides, depth));
  }

  return { create, body, refsFor, next };
}

/** The site (tenant_id) and version of a row straight from the database, or undefined. */
export async function rowOf(h: Harness, e: EntityDef, id: number) {
  return h.db
    .selectFrom(e.table as never)
    .select(['tenant_id', 'version', 'updated_at'] as never)
    .where('id' as never, '=', id as never)
    .executeTakeFirst() as Promise<{ tenant_id: number; version: number; updated_at: string } | undefined>;
}

export async function tenantId(h: Harness, site: SiteName) {
  return (await findTenantByHost(h.db, HOSTS[site]))!.id;
}

/** Every row of every entity table as (table, id, tenant_id, version): to prove a site was left alone. */
export async function snapshot(h: Harness, site: SiteName) {
  const t = await tenantId(h, site);
  const out: string[] = [];
  // Master rows (indexing logs…) belong to no site.
  for (const e of ENTITIES.filter((x) => x.scope !== 'master')) {
    const rows = (await h.db
      .selectFrom(e.table as never)
      .select(['id', 'version', 'updated_at'] as never)
      .where('tenant_id' as never, '=', t as never)
      .orderBy('id' as never)
      .execute()) as Array<{ id: number; version: number; updated_at: string }>;
    for (const r of rows) out.push(`${e.table}:${r.id}:${r.version}:${r.updated_at}`);
  }
  return out;
}

export function json(res: LightMyRequestResponse) {
  expect(res.headers['content-type'], res.body).toMatch(/^application\/json/);
  return res.json() as Record<string, any>;
}
