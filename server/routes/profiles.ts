import type { FastifyPluginAsync } from 'fastify';
import { withAccess } from '../access.js';
import { signedIn } from '../guards.js';
import { nothing } from '../schemas.js';
import { allPermissions, permissionsOf } from '../services/permissions.js';
import { type Principal, userRole } from '../services/principal.js';

// A superuser's permissions are the whole vocabulary, read once per database
// (services/permissions.ts), and most of the answer: a superuser's whole answer is kept,
// as bytes, until the user's own fields change, so a repeat costs no JSON and no copy.
const MAX_KEPT = 256;
const superuserAnswers = new WeakMap<object, Map<number, { user: Principal; answer: Buffer }>>();

const sameFields = (a: Principal, b: Principal) => (Object.keys(a) as (keyof Principal)[]).every((key) => a[key] === b[key]);

/** The user's own fields as JSON, without the closing brace. */
function headOf(user: Principal) {
  const head = JSON.stringify({
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    role: user.role,
    user_role: userRole(user),
    is_superuser: user.is_superuser,
    tenant: user.tenant_id,
    market: user.market_id,
  });
  return head.slice(0, -1);
}

const profiles: FastifyPluginAsync = async (app) => {
  app.get('/api/profiles/me', { ...withAccess({ kind: 'auth' }), schema: { querystring: nothing } }, async (req, reply) => {
    const { user } = signedIn(req);
    reply.type('application/json; charset=utf-8');
    if (!user.is_superuser) return `${headOf(user)},"all_permissions":${JSON.stringify(await permissionsOf(app.db, user))}}`;
    let kept = superuserAnswers.get(app.db);
    if (!kept) superuserAnswers.set(app.db, (kept = new Map()));
    const found = kept.get(user.id);
    if (found && sameFields(found.user, user)) return found.answer;
    const answer = Buffer.from(`${headOf(user)},"all_permissions":${JSON.stringify(await allPermissions(app.db))}}`);
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(user.id, { user, answer });
    return answer;
  });
};
export default profiles;
