import type { FastifyPluginAsync } from 'fastify';
import { withAccess } from '../access.js';
import { requireUser } from '../guards.js';
import { permissionsOf, type PermissionRef } from '../services/permissions.js';
import { userRole } from '../services/principal.js';

// A superuser's list is the whole vocabulary, the same array for every request of the
// process: its JSON (most of the answer) is written once.
const permissionsJson = new WeakMap<PermissionRef[], string>();
function jsonOf(permissions: PermissionRef[]) {
  let json = permissionsJson.get(permissions);
  if (json === undefined) {
    json = JSON.stringify(permissions);
    permissionsJson.set(permissions, json);
  }
  return json;
}

const profiles: FastifyPluginAsync = async (app) => {
  app.get('/api/profiles/me', withAccess({ kind: 'auth' }), async (req, reply) => {
    const user = await requireUser(req);
    const permissions = await permissionsOf(app.db, user);
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
    const all = user.is_superuser ? jsonOf(permissions) : JSON.stringify(permissions);
    return reply.type('application/json; charset=utf-8').send(`${head.slice(0, -1)},"all_permissions":${all}}`);
  });
};
export default profiles;
