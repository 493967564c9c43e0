/**
 * The indexing dispatcher as part of the server: built from the configuration, started
 * when the app is ready (unless INDEXING_POLL_MS=0), stopped when it closes.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { Dispatcher } from './dispatcher.js';
import { indexNowNotifier } from './indexNowNotifier.js';
import { logNotifier } from './logNotifier.js';
import type { Notifier } from './notifier.js';
import { onActionsRecorded } from './recorder.js';

declare module 'fastify' {
  interface FastifyInstance {
    indexing: Dispatcher;
  }
}

export function notifierFor(config: Config['indexing'], log: (line: string) => void): Notifier {
  if (config.notifier === 'indexnow') {
    return indexNowNotifier({ endpoint: config.endpoint, key: config.key!, keyLocation: config.keyLocation, timeoutMs: config.timeoutMs });
  }
  return logNotifier(log);
}

const indexing: FastifyPluginAsync = async (app) => {
  const cfg = app.config.indexing;
  const dispatcher = new Dispatcher({
    db: app.db,
    dialect: app.dialect,
    notifier: notifierFor(cfg, (line) => app.log.info(line)),
    pollMs: cfg.pollMs,
    maxAttempts: cfg.maxAttempts,
    onError: (error) => app.log.error({ err: error }, 'indexing dispatcher run failed'),
  });
  app.decorate('indexing', dispatcher);
  if (cfg.pollMs <= 0) return;
  let unsubscribe: (() => void) | undefined;
  app.addHook('onReady', async () => {
    unsubscribe = onActionsRecorded(() => dispatcher.nudge());
    dispatcher.start();
  });
  app.addHook('onClose', async () => {
    unsubscribe?.();
    await dispatcher.stop();
  });
};

export default fp(indexing, { name: 'indexing' });
