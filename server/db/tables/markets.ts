import type { Generated } from 'kysely';

export interface MarketsTable {
  id: Generated<number>;
  code: string;
  name: string;
  languages: string;
  currency: string;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}
