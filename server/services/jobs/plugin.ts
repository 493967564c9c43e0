/**
 * The job runner as part of the server: built from the configuration with every kind of
 * job (and the image pool and media storage the `media_variants` kind works with), polling
 * once the app is ready (unless JOBS_POLL_MS=0), stopped when it closes.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { importKind } from '../../entities/import/job.js';
import { ImagePool } from '../media/imagePool.js';
import { mediaVariantsKind } from '../media/variantsJob.js';
import { openMediaStorage } from '../../storage/index.js';
import { bulkUpdateKind } from './bulkUpdate.js';
import { JobRunner } from './runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

const jobs: FastifyPluginAsync = async (app) => {
  const cfg = app.config.jobs;
  // The image pool's child processes make every variant: never this process's libuv threads.
  const images = new ImagePool(app.config.images);
  const storage = openMediaStorage(app.config);
  const variants = mediaVariantsKind({ db: app.db, dialect: app.dialect, storage, log: app.log, images, stagingDir: app.config.media.stagingDir });
  const runner = new JobRunner({
    db: app.db,
    dialect: app.dialect,
    kinds: [bulkUpdateKind(), importKind(), variants],
    pollMs: cfg.pollMs,
    maxAttempts: cfg.maxAttempts,
    keepDays: cfg.keepDays,
    onError: (error) => app.log.error({ err: error }, 'job runner batch failed'),
  });
  app.decorate('jobs', runner);
  app.addHook('onClose', async () => {
    await runner.stop();
    await images.close();
    await storage.close();
  });
  if (cfg.pollMs > 0) app.addHook('onReady', async () => runner.start());
};

export default fp(jobs, { name: 'jobs' });
