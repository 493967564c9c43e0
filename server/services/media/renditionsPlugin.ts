import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { openMediaStorage } from '../../storage/index.js';
import { Renditions } from './renditions.js';

declare module 'fastify' {
  interface FastifyInstance {
    renditions: Renditions;
  }
}

/** Renditions on demand (renditions.ts), one per app: its in-flight renders are shared by every request. */
const renditions: FastifyPluginAsync = async (app) => {
  const storage = openMediaStorage(app.config);
  app.addHook('onClose', () => storage.close());
  app.decorate('renditions', new Renditions(app.db, storage, app.config.renditions));
};

export default fp(renditions, { name: 'renditions' });
