/**
 * The job runner as part of the server: built from the configuration with every kind of
 * job, polling once the app is ready (unless JOBS_POLL_MS=0), stopped when it closes.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { importKind } from '../../entities/import/job.js';
import { bulkUpdateKind } from './bulkUpdate.js';
import { JobRunner } from './runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

const jobs: FastifyPluginAsync = async (app) => {
  const cfg = app.config.jobs;
  const runner = new JobRunner({
    db: app.db,
    dialect: app.dialect,
    kinds: [bulkUpdateKind(), importKind()],
    pollMs: cfg.pollMs,
    maxAttempts: cfg.maxAttempts,
    onError: (error) => app.log.error({ err: error }, 'job runner batch failed'),
  });
  app.decorate('jobs', runner);
  if (cfg.pollMs <= 0) return;
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
};

export default fp(jobs, { name: 'jobs' });
