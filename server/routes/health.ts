import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC } from '../access.js';
import { nothing } from '../schemas.js';

const health: FastifyPluginAsync = async (app) => {
  app.get('/api/health', { ...PUBLIC, schema: { querystring: nothing } }, async (_req, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'ok', database: app.dialect };
    } catch {
      return reply.code(503).send({ status: 'unavailable', detail: 'Database unavailable.' });
    }
  });
};
export default health;
