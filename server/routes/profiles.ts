import type { FastifyPluginAsync } from 'fastify';
import { withAccess } from '../access.js';
import { requireUser } from '../guards.js';
import { permissionsOf } from '../services/permissions.js';
import { userRole } from '../services/principal.js';

const profiles: FastifyPluginAsync = async (app) => {
  app.get('/api/profiles/me', withAccess({ kind: 'auth' }), async (req) => {
    const user = await requireUser(req);
    return {
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
      all_permissions: await permissionsOf(app.db, user),
    };
  });
};
export default profiles;
