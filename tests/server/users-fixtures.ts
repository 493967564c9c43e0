/** Helpers of the account tests: direct reads of the users table and unique new accounts. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { codenamesOf as storedCodenames } from '../../server/users/records.js';
import type { Harness, Session } from './harness.js';

export const HOSTS = { rossi: 'rossi.localhost', verdi: 'verdi.localhost', master: 'localhost' } as const;

/** A password that passes the strength rules. */
export const GOOD_PASSWORD = 'Trattore-Rosso-2026';

let counter = 0;
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;

export async function idOf(h: Harness, username: string): Promise<number> {
  const row = await h.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}

export async function siteId(h: Harness, host: string): Promise<number> {
  const row = await h.db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', host).executeTakeFirstOrThrow();
  return row.tenant_id;
}

/** Everything stored about every account (hash included), to prove a refused request wrote nothing. */
export async function usersSnapshot(h: Harness) {
  const users = await h.db.selectFrom('users').selectAll().orderBy('id').execute();
  const perms = await h.db.selectFrom('user_permissions').selectAll().orderBy('user_id').orderBy('permission_id').execute();
  return { users, perms };
}

/** The codenames an account holds, as stored. */
export const codenamesOf = (h: Harness, userId: number) => storedCodenames(h.db, userId);

export async function sessionCount(h: Harness, userId: number) {
  const row = await h.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Creates an account through the API and fails loudly unless it answers 201. */
export async function createVia(h: Harness, session: Session, path: '/api/users/' | '/api/tenantUsers/', body: Record<string, unknown>) {
  const res = await h.post(path, { host: session.host, session, body: { password: GOOD_PASSWORD, ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return json(res);
}
