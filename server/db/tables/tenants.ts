import type { Generated } from 'kysely';

/** A dealer site, or the master site (kind 'default'). JSON lists are stored as text. */
export interface TenantsTable {
  id: Generated<number>;
  name: string;
  kind: 'default' | 'dealer';
  brand_list: string;
  market_id: number | null;
  languages: string;
  default_language: string;
  is_active: number;
  /** Columns of 0004_sites: the domain and aliases the declaration edits (tenant_domains is the lookup), contacts, location, logo. */
  domain: Generated<string>;
  aliases: Generated<string>;
  contact_email: Generated<string>;
  phone: Generated<string>;
  address: Generated<string>;
  location: string | null;
  logo_id: number | null;
  /** 0013_site_keys: origins CORS allows besides the site's own domains, a JSON list. */
  api_origins: Generated<string>;
  /** 0027_schedule: the site's own front-end, where preview links point when set; '' none. */
  preview_url: Generated<string>;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

/** Every host a tenant answers on; the primary one is where its links point. */
export interface TenantDomainsTable {
  domain: string;
  tenant_id: number;
  is_primary: number;
}
