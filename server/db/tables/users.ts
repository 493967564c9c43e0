import type { Generated } from 'kysely';

/** role: 'MA' market administrator, 'DE' dealer, null for master staff. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  role: 'MA' | 'DE' | null;
  is_superuser: number;
  is_active: number;
  tenant_id: number | null;
  market_id: number | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}
