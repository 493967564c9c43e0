/**
 * The e2e build's clock control (`esbuild.config.ts --with-playground` only; a production
 * build leaves this file out, tests/security/production-build.test.ts): moves the
 * scheduler's clock ahead and runs it until nothing is due, so a test sees a publication
 * scheduled a minute ahead happen without waiting a minute.
 *
 *   POST /api/dev/clock/ {advance_ms}   → {now}   (signed in)
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { withAccess } from '../access.js';
import type { ZodProvider } from '../schemas.js';

const body = z.object({
  advance_ms: z
    .number()
    .int()
    .min(0)
    .max(366 * 86_400_000),
});

const devClock: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodProvider>();
  app.post('/api/dev/clock/', { ...withAccess({ kind: 'auth' }), schema: { body } }, async (req) => {
    app.schedulerClock.shiftMs += req.body.advance_ms;
    await app.scheduler.runUntilIdle();
    return { now: new Date(app.scheduler.now()).toISOString() };
  });
};

export default devClock;
