/**
 * How indexing actions reach search engines. A notifier gets the URLs of one host (at most
 * MAX_URLS_PER_REQUEST, IndexNow's limit) and says how that went; the dispatcher keeps
 * the books (attempts, backoff, status).
 */
export const MAX_URLS_PER_REQUEST = 10_000;

export interface NotifyResult {
  ok: boolean;
  /** For a failure: whether trying again later may help (a 5xx, a timeout) or not (a 4xx). */
  retry: boolean;
  /** What to keep in the log: a status line and the start of the answer. */
  response: string;
}

export interface Notifier {
  readonly name: string;
  notify(host: string, urls: readonly string[]): Promise<NotifyResult>;
}
