/**
 * The scheduler as part of the server: polling with the job runner's period once the app is
 * ready (unless JOBS_POLL_MS=0), stopped when it closes. Its clock is `Date.now()` shifted by
 * `clockShift.ms`, which only the e2e build's clock control (server/dev/clock.ts) moves.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { Scheduler } from './runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
    schedulerClock: { shiftMs: number };
  }
}

const scheduler: FastifyPluginAsync = async (app) => {
  const cfg = app.config.jobs;
  const clock = { shiftMs: 0 };
  const runner = new Scheduler({
    db: app.db,
    dialect: app.dialect,
    now: () => Date.now() + clock.shiftMs,
    pollMs: cfg.pollMs,
    onError: (error) => app.log.error({ err: error }, 'scheduler batch failed'),
  });
  app.decorate('scheduler', runner);
  app.decorate('schedulerClock', clock);
  if (cfg.pollMs <= 0) return;
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
};

export default fp(scheduler, { name: 'scheduler' });
