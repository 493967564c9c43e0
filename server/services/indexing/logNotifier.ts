import type { Notifier } from './notifier.js';

/** The default: writes a log line and succeeds, so a deployment without a search-engine key sends nothing anywhere. */
export function logNotifier(log: (line: string) => void): Notifier {
  return {
    name: 'log',
    async notify(host, urls) {
      log(`indexing: ${urls.length} URL(s) of ${host} would be submitted`);
      return { ok: true, retry: false, response: 'logged (INDEXING_NOTIFIER=log)' };
    },
  };
}
