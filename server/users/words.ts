/**
 * The search words of accounts (issue 20): each account's words (username, e-mail, names;
 * folded and cut as the entity lists' words) in users_search (migration 0016), once for
 * every roster the account is listed in (server/users/roster.ts), so that a search word is
 * one range of the primary key whatever the roster. Written in the same transaction as the
 * account (server/users/changes.ts); rows go with their account (on delete cascade).
 */
import type { Kysely } from 'kysely';
import { ENTITY_WORDS } from '../entities/search.js';
import type { SearchIndex } from '../list/searchIndex.js';
import { raw, sqlText } from '../list/sqlText.js';
import { words } from '../list/words.js';

export const ACCOUNT_WORDS_TABLE = 'users_search';

/** The search index's own name of a roster: a site's dealer users, every site's, or the master site's accounts. */
export type IndexedRoster = 'site' | 'dealers' | 'master';

interface Account {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string | null;
  tenant_id: number | null;
}

const MAX_WORDS = 256;

/** The words an account is found by. */
export function accountWords(a: Pick<Account, 'username' | 'email' | 'first_name' | 'last_name'>): string[] {
  const out = new Set<string>();
  for (const text of [a.username, a.email, a.first_name, a.last_name]) for (const w of words(text, ENTITY_WORDS)) out.add(w);
  return [...out].slice(0, MAX_WORDS);
}

/** The (roster, tenant_id) scopes an account is listed in, as roster.ts draws them (a market administrator's view is a part of one). */
export function scopesOf(a: Pick<Account, 'role' | 'tenant_id'>): Array<[IndexedRoster, number]> {
  if (a.role === 'DE')
    return a.tenant_id === null
      ? []
      : [
          ['site', a.tenant_id],
          ['dealers', 0],
        ];
  return [['master', 0]];
}

function indexRows(accounts: readonly Account[]) {
  return accounts.flatMap((a) => {
    const ws = accountWords(a);
    return scopesOf(a).flatMap(([roster, tenant]) => ws.map((token) => ({ roster, tenant_id: tenant, token, user_id: a.id })));
  });
}

const COLUMNS = ['id', 'username', 'email', 'first_name', 'last_name', 'role', 'tenant_id'] as const;

async function insertRows(db: Kysely<any>, accounts: readonly Account[]) {
  const rows = indexRows(accounts);
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto(ACCOUNT_WORDS_TABLE)
      .values(rows.slice(i, i + 500))
      .execute();
}

/** Rewrites the words of these accounts (after their insert or update, in the same transaction). */
export async function reindexAccounts(db: Kysely<any>, ids: readonly number[]) {
  if (!ids.length) return;
  await db
    .deleteFrom(ACCOUNT_WORDS_TABLE)
    .where('user_id', 'in', [...ids])
    .execute();
  const accounts = (await db
    .selectFrom('users')
    .select([...COLUMNS])
    .where('id', 'in', [...ids])
    .execute()) as Account[];
  await insertRows(db, accounts);
}

const BATCH = 2000;

/** Rebuilds the words of every account (migration 0016, and accounts written around server/users: seeds, bulk loaders). */
export async function reindexAllAccounts(db: Kysely<any>) {
  await db.deleteFrom(ACCOUNT_WORDS_TABLE).execute();
  for (let after = 0; ;) {
    const accounts = (await db
      .selectFrom('users')
      .select([...COLUMNS])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as Account[];
    const last = accounts.at(-1);
    if (!last) return;
    after = Number(last.id);
    await insertRows(db, accounts);
  }
}

/** The index scope holding a roster's accounts (a market administrator's roster is a part of it). */
export function accountIndex(roster: IndexedRoster, tenantId: number): SearchIndex {
  return {
    table: ACCOUNT_WORDS_TABLE,
    word: 'token',
    row: 'user_id',
    scope: (alias) => sqlText`${raw(alias)}.roster = ${roster} and ${raw(alias)}.tenant_id = ${tenantId}`,
  };
}
