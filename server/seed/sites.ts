/**
 * Demo markets and dealer sites: Italy (where both demo dealers are), Spain and Germany;
 * the master site (localhost, 127.0.0.1) and two dealer sites with contacts, a location
 * and an alias. Dealer sites and markets are written through the entity engine, so their
 * domains, search words, counters and write hooks (default pages) are as the API leaves them.
 */
import type { Kysely } from 'kysely';
import { insertRecord } from '../entities/write.js';
import { nowIso } from '../services/clock.js';
import '../services/siteWrites.js';
import { siteContext } from './siteContext.js';

const MARKETS = [
  {
    code: 'IT',
    name: 'Italia',
    languages: ['it', 'en'],
    currency: 'EUR',
    contact_emails: ['mercato.italia@example.com', 'assistenza.italia@example.com'],
    indexing_enabled: true,
    indexing_endpoint: 'https://indexing.example.com/v1/urls',
    indexing_key: 'demo-it-7f3a9c',
  },
  {
    code: 'ES',
    name: 'España',
    languages: ['es', 'en'],
    currency: 'EUR',
    contact_emails: ['mercado.espana@example.com'],
    indexing_enabled: false,
  },
  {
    code: 'DE',
    name: 'Deutschland',
    languages: ['de', 'en'],
    currency: 'EUR',
    contact_emails: ['markt.deutschland@example.com'],
    indexing_enabled: false,
  },
];

export interface DemoSites {
  italy: number;
  master: number;
  rossi: number;
  verdi: number;
}

/** Creates the demo markets and sites in the demo seed's transaction `db`. */
export async function seedSites(db: Kysely<any>): Promise<DemoSites> {
  const now = nowIso();
  const master = await db
    .insertInto('tenants')
    .values({
      name: 'Dealer Platform',
      kind: 'default',
      domain: 'localhost',
      aliases: '["127.0.0.1"]',
      brand_list: '[]',
      market_id: null,
      languages: '["en","it"]',
      default_language: 'en',
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const masterId = Number(master.id);
  await db
    .insertInto('tenant_domains')
    .values([
      { domain: 'localhost', tenant_id: masterId, is_primary: 1 },
      { domain: '127.0.0.1', tenant_id: masterId, is_primary: 0 },
    ])
    .execute();

  const ctx = await siteContext(db, masterId);
  const { registry } = ctx;
  const markets = new Map<string, number>();
  for (const m of MARKETS) markets.set(m.code, await insertRecord(ctx, registry.get('market'), m));
  const italy = markets.get('IT')!;

  const rossi = await insertRecord(ctx, registry.get('tenant'), {
    name: 'Rossi Trattori',
    domain: 'rossi.localhost',
    aliases: ['www.rossi.localhost'],
    market: italy,
    brand_list: ['DF'],
    languages: ['it', 'en'],
    default_language: 'it',
    is_active: true,
    contact_email: 'info@rossitrattori.example.com',
    phone: '+39 0363 421 180',
    address: 'Via Bergamo 42\n24047 Treviglio (BG)\nItalia',
    location: { lat: 45.5211, lng: 9.5927 },
  });
  const verdi = await insertRecord(ctx, registry.get('tenant'), {
    name: 'Verdi Macchine Agricole',
    domain: 'verdi.localhost',
    aliases: ['www.verdi.localhost', 'verdi-agricole.localhost'],
    market: italy,
    brand_list: ['DF', 'SA', 'LA'],
    languages: ['en', 'it'],
    default_language: 'en',
    is_active: true,
    contact_email: 'vendite@verdimacchine.example.com',
    phone: '+39 0521 987 654',
    address: 'Strada Emilia Est 118\n43123 Parma (PR)\nItalia',
    location: { lat: 44.7925, lng: 10.3617 },
  });
  return { italy, master: Number(master.id), rossi, verdi };
}
