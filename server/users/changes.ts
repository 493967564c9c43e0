/**
 * Writing accounts: create, update and delete with the rules that keep anyone from
 * gaining more than they were given —
 *   - a user grants only permissions it holds itself (a superuser holds all), and only
 *     of the models of the account's back-office (dealer models for dealers);
 *   - a user gives only ranks it may give (roster.ts `mayAssignRank`) and touches no
 *     account of a rank it may not give: a non-superuser never edits a superuser;
 *   - a user sets another's password, e-mail or username, or (de)activates it, only when
 *     that account holds no permission the user does not hold (the rule of granting):
 *     otherwise taking the account over would gain what it holds;
 *   - nobody changes their own permissions, role, superuser flag, site, market or active
 *     flag, nor deletes themselves; changing one's own password needs the current one,
 *     and a wrong one counts as a failed login (services/loginThrottle.ts).
 * A new password must pass the strength rules. Setting a password, changing access or
 * deactivating ends the account's sessions (one's own password change keeps the session
 * that made it). Every refusal answers before anything is written.
 */
import type { Kysely } from 'kysely';
import { modelsOf } from '../../entities/permissions.js';
import { addError, type Errors } from '../../entities/problems.js';
import { type RecordValues, validateRecord } from '../../entities/validateRecord.js';
import { inTransaction } from '../db/deadlocks.js';
import type { DatabaseSchema } from '../db/schema.js';
import { fieldError, fieldErrors, forbidden, notFound } from '../errors.js';
import { conflict, isUniqueViolation } from '../entities/write.js';
import { nowIso } from '../services/clock.js';
import { hashPassword, verifyPassword } from '../services/passwords.js';
import { hashToken } from '../services/tokens.js';
import { logAccountChange } from './activity.js';
import { passwordProblems } from './passwordPolicy.js';
import { type AccountRow, accountValues, codenamesOf, loadAccount, presentAccount } from './records.js';
import { mayAssignRank, rank, type Roster } from './roster.js';
import { reindexAccounts } from './words.js';

type Db = Kysely<DatabaseSchema>;

/** Who the account is once written: the attributes that decide its rank and its site. */
interface Standing {
  role: 'MA' | 'DE' | null;
  is_superuser: boolean;
  tenant_id: number | null;
  market_id: number | null;
}

const SELF = 'You cannot change your own permissions, role, site, market or active flag.';

function validate(roster: Roster, body: unknown, mode: 'create' | 'replace' | 'patch', existing?: RecordValues) {
  const { record, errors } = validateRecord(roster.entity, body, { mode, languages: ['en'], defaultLanguage: 'en', existing });
  if (Object.keys(errors).length) throw fieldErrors(errors);
  return record.values;
}

const has = (roster: Roster, name: string) => Object.hasOwn(roster.entity.fields, name);

/** What the roster fixes and what the body chooses. */
function standingOf(roster: Roster, values: Record<string, unknown>, current: Standing | undefined, errors: Errors): Standing {
  if (roster.kind === 'site') return { role: 'DE', is_superuser: false, tenant_id: roster.site.id, market_id: null };
  if (roster.kind === 'dealers') {
    const tenant = has(roster, 'tenant') ? (values.tenant as number | null) : (current?.tenant_id ?? null);
    if (tenant === null) addError(errors, 'tenant', 'required');
    return { role: 'DE', is_superuser: false, tenant_id: tenant, market_id: null };
  }
  const role = (values.role as 'MA' | null | undefined) ?? null;
  const market = has(roster, 'market') ? ((values.market as number | null) ?? null) : (current?.market_id ?? null);
  if (role === 'MA' && market === null && has(roster, 'market')) addError(errors, 'market', 'marketNeeded');
  return { role, is_superuser: values.is_superuser === true, tenant_id: null, market_id: role === 'MA' ? market : null };
}

/** References and the unique username, against the database. */
async function checkDatabase(db: Db, roster: Roster, values: Record<string, unknown>, standing: Standing, self: number | undefined, errors: Errors) {
  let q = db
    .selectFrom('users')
    .select('id')
    .where('username', '=', values.username as string);
  if (self !== undefined) q = q.where('id', '!=', self);
  if (await q.executeTakeFirst()) addError(errors, 'username', 'usernameTaken');
  if (roster.kind === 'dealers' && standing.tenant_id !== null) {
    let t = db.selectFrom('tenants').select('id').where('id', '=', standing.tenant_id).where('kind', '=', 'dealer');
    // A market administrator's dealer users belong to its market's sites only.
    if (!roster.actor.is_superuser && roster.actor.role === 'MA') t = t.where('market_id', '=', roster.actor.market_id ?? -1);
    if (!(await t.executeTakeFirst())) addError(errors, 'tenant', 'missing', { id: standing.tenant_id });
  }
  if (standing.market_id !== null && has(roster, 'market')) {
    const m = await db.selectFrom('markets').select('id').where('id', '=', standing.market_id).executeTakeFirst();
    if (!m) addError(errors, 'market', 'missing', { id: standing.market_id });
  }
}

/** The rule of granting: what one gives, takes away or takes over, one holds oneself (a superuser holds all). */
const holdsAll = (roster: Roster, codenames: readonly string[]) => roster.actor.is_superuser || codenames.every((c) => roster.held.has(c));

/** Codenames outside the account's back-office are 400; granting or revoking what one does not hold is 403. */
function checkPermissions(roster: Roster, wanted: readonly string[], before: readonly string[], errors: Errors) {
  const models = new Set<string>(modelsOf(roster.backoffice));
  wanted.forEach((c, i) => {
    if (!models.has(c.slice(c.indexOf('_') + 1))) addError(errors, `permissions.${i}`, 'notPermission', { value: c });
  });
  const toggled = [...wanted.filter((c) => !before.includes(c)), ...before.filter((c) => !wanted.includes(c))];
  if (!holdsAll(roster, toggled)) throw forbidden('You cannot grant or revoke a permission you do not hold.');
}

function checkPassword(values: Record<string, unknown>, errors: Errors) {
  const password = values.password as string;
  if (password === '') return;
  const owner = {
    username: String(values.username ?? ''),
    email: String(values.email ?? ''),
    first_name: String(values.first_name ?? ''),
    last_name: String(values.last_name ?? ''),
  };
  for (const p of passwordProblems(password, owner)) addError(errors, 'password', p.code, p.params);
}

async function writePermissions(db: Db, userId: number, codenames: readonly string[]) {
  await db.deleteFrom('user_permissions').where('user_id', '=', userId).execute();
  if (!codenames.length) return;
  const ids = await db
    .selectFrom('permissions')
    .select('id')
    .where('codename', 'in', [...codenames])
    .execute();
  await db
    .insertInto('user_permissions')
    .values(ids.map((p) => ({ user_id: userId, permission_id: p.id })))
    .execute();
}

const asUniqueError = (e: unknown) => (isUniqueViolation(e) ? fieldError('username', 'usernameTaken') : e);

export async function createAccount(db: Db, roster: Roster, body: unknown) {
  const values = validate(roster, body, 'create');
  const errors: Errors = {};
  if (values.password === '') addError(errors, 'password', 'required');
  const standing = standingOf(roster, values, undefined, errors);
  const permissions = (values.permissions as string[]) ?? [];
  checkPermissions(roster, permissions, [], errors);
  if (!mayAssignRank(roster.actor, rank(standing))) throw forbidden('You cannot create a user of this role.');
  await checkDatabase(db, roster, values, standing, undefined, errors);
  checkPassword(values, errors);
  if (Object.keys(errors).length) throw fieldErrors(errors);

  const passwordHash = await hashPassword(values.password as string);
  const now = nowIso();
  const id = await inTransaction(db, async (trx) => {
    const { id: newId } = await trx
      .insertInto('users')
      .values({
        username: values.username as string,
        email: values.email as string,
        first_name: values.first_name as string,
        last_name: values.last_name as string,
        password_hash: passwordHash,
        role: standing.role,
        is_superuser: standing.is_superuser ? 1 : 0,
        is_active: values.is_active === false ? 0 : 1,
        tenant_id: standing.tenant_id,
        market_id: standing.market_id,
        version: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writePermissions(trx, newId, permissions);
    await reindexAccounts(trx, [newId]);
    await logAccountChange(trx, roster, { action: 'create', id: newId, market: standing.market_id, granted: permissions });
    return newId;
  }).catch((e: unknown) => {
    throw asUniqueError(e);
  });
  return presentAccount(db, roster, (await loadAccount(db, roster, id))!);
}

class StaleVersion extends Error {}

export interface UpdateOptions {
  partial: boolean;
  /** Read only once the row is found in the roster: another site's row is 404 whatever the request says. */
  version: () => number | undefined;
  /** The token of the request's own session: kept when users change their own password. */
  sessionToken?: string;
  /** Counts a try at one's own current password as a login attempt (429 when over); the result is called when it was right. */
  guess: () => Promise<() => Promise<void>>;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((c) => b.includes(c));

/** The names of the account's fields an update changes (the password by whether one was given, never its value). */
function changedAccountFields(current: AccountRow, values: Record<string, unknown>, standing: Standing, active: boolean, password: boolean): string[] {
  const now: Record<string, unknown> = { ...values, ...standing, is_superuser: standing.is_superuser ? 1 : 0, is_active: active ? 1 : 0 };
  const names = ['username', 'email', 'first_name', 'last_name', 'role', 'is_superuser', 'is_active', 'tenant_id', 'market_id'] as const;
  const out: string[] = names.filter((n) => now[n] !== current[n]);
  return password ? [...out, 'password'] : out;
}

export async function updateAccount(db: Db, roster: Roster, id: number, body: unknown, opts: UpdateOptions) {
  const current = await loadAccount(db, roster, id);
  if (!current) throw notFound();
  const version = opts.version();
  if (version === undefined) {
    throw fieldError('version', 'versionRequired');
  }
  if (current.version !== version) throw conflict(await presentAccount(db, roster, current));
  const before = await codenamesOf(db, id);
  const values = validate(roster, body, opts.partial ? 'patch' : 'replace', accountValues(current, before));
  const errors: Errors = {};
  const was: Standing = { role: current.role, is_superuser: current.is_superuser === 1, tenant_id: current.tenant_id, market_id: current.market_id };
  const standing = standingOf(roster, values, was, errors);
  const permissions = values.permissions as string[];
  const active = values.is_active !== false;
  const self = id === roster.actor.id;
  const password = values.password as string;
  const accessChanged =
    !sameList(permissions, before) ||
    standing.role !== was.role ||
    standing.is_superuser !== was.is_superuser ||
    standing.tenant_id !== was.tenant_id ||
    standing.market_id !== was.market_id ||
    active !== (current.is_active === 1);

  if (self) {
    if (accessChanged) throw forbidden(SELF);
  } else {
    if (!mayAssignRank(roster.actor, rank(current))) throw forbidden('You cannot change a user of this role.');
    if (!mayAssignRank(roster.actor, rank(standing))) throw forbidden('You cannot give this role.');
    checkPermissions(roster, permissions, before, errors);
    const takesOver = password !== '' || values.email !== current.email || values.username !== current.username || active !== (current.is_active === 1);
    if (takesOver && !holdsAll(roster, before)) {
      throw forbidden('You cannot change the password, e-mail, username or active flag of a user who holds permissions you do not hold.');
    }
  }
  if (self && password !== '') {
    const given = typeof values.current_password === 'string' ? values.current_password : '';
    const stored = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow();
    if (given === '') addError(errors, 'current_password', 'currentPasswordNeeded');
    else {
      const right = await opts.guess();
      if (await verifyPassword(stored.password_hash, given)) await right();
      else addError(errors, 'current_password', 'currentPasswordWrong');
    }
  }
  await checkDatabase(db, roster, values, standing, id, errors);
  checkPassword(values, errors);
  if (Object.keys(errors).length) throw fieldErrors(errors);

  const passwordHash = password !== '' ? await hashPassword(password) : undefined;
  try {
    await inTransaction(db, async (trx) => {
      const result = await trx
        .updateTable('users')
        .set((eb) => ({
          username: values.username as string,
          email: values.email as string,
          first_name: values.first_name as string,
          last_name: values.last_name as string,
          ...(passwordHash ? { password_hash: passwordHash } : {}),
          role: standing.role,
          is_superuser: standing.is_superuser ? 1 : 0,
          is_active: active ? 1 : 0,
          tenant_id: standing.tenant_id,
          market_id: standing.market_id,
          version: eb('version', '+', 1),
          updated_at: nowIso(),
        }))
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new StaleVersion();
      await reindexAccounts(trx, [id]);
      if (!sameList(permissions, before)) await writePermissions(trx, id, permissions);
      await logAccountChange(trx, roster, {
        action: standing.role !== was.role || standing.is_superuser !== was.is_superuser || !sameList(permissions, before) ? 'permissions' : 'update',
        id,
        market: standing.market_id,
        fields: changedAccountFields(current, values, standing, active, passwordHash !== undefined),
        granted: permissions.filter((p) => !before.includes(p)),
        revoked: before.filter((p) => !permissions.includes(p)),
      });
      if (accessChanged || passwordHash) {
        let end = trx.deleteFrom('sessions').where('user_id', '=', id);
        if (self && opts.sessionToken) end = end.where('token_hash', '!=', hashToken(opts.sessionToken));
        await end.execute();
      }
    });
  } catch (e) {
    if (!(e instanceof StaleVersion)) throw asUniqueError(e);
    const now = await loadAccount(db, roster, id);
    if (!now) throw notFound();
    throw conflict(await presentAccount(db, roster, now));
  }
  return presentAccount(db, roster, (await loadAccount(db, roster, id))!);
}

/** Deletes accounts of the roster: `{ deleted, not_found }`; 403 for oneself or a rank one may not give, and then nothing is deleted. */
export async function deleteAccounts(db: Db, roster: Roster, ids: readonly number[], version?: number) {
  const found: AccountRow[] = [];
  const notFoundIds: number[] = [];
  for (const id of ids) {
    const row = await loadAccount(db, roster, id);
    if (row) found.push(row);
    else notFoundIds.push(id);
  }
  if (found.some((r) => r.id === roster.actor.id)) throw forbidden('You cannot delete your own account.');
  if (found.some((r) => !mayAssignRank(roster.actor, rank(r)))) throw forbidden('You cannot delete a user of this role.');
  if (version !== undefined && found[0] && found[0].version !== version) throw conflict(await presentAccount(db, roster, found[0]));
  const gone = found.map((r) => r.id);
  if (gone.length) {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sessions').where('user_id', 'in', gone).execute();
      await trx.deleteFrom('user_permissions').where('user_id', 'in', gone).execute();
      await trx.deleteFrom('users').where('id', 'in', gone).execute();
      for (const r of found) await logAccountChange(trx, roster, { action: 'delete', id: r.id, market: r.market_id });
    });
  }
  return { deleted: gone, not_found: notFoundIds };
}
