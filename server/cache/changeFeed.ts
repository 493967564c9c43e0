import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { CHANGE_CHANNEL } from '../db/migrations/0010_change_feed.js';
import { VERSION_NOTICE } from '../db/migrations/0035_version_feed.js';

/** What a feed tells: anything changed (forget what is remembered), or a site's new data version. */
export interface FeedListener {
  changed(): void;
  version(tenantId: number, version: string): void;
}

/** Each instance says it is alive this often, on the channel it listens to. */
const HEARTBEAT_MS = 1000;
/** Heard nothing, not even a heartbeat, for this long: the link may be dead, nothing remembered is trusted. */
const TRUST_MS = 3000;
/** Silent for this long: the link is replaced. */
const DEAD_MS = 10_000;
const RETRY_MS = 1000;
/** How long `settled()` waits for its own notification. */
const SETTLE_MS = 2000;
const BEAT = 'beat';
const SETTLE = 'settle:';

/**
 * One LISTEN connection per process on PostgreSQL, to the notifications the triggers of
 * migrations 0010 and 0035 send at every commit that changes what an authenticated read
 * depends on. A site's new data version is told to `listener.version`; anything else runs
 * `listener.changed`, as does a link (re)made, since whatever changed while nobody
 * listened is unknown. The feed is trusted while it has heard something
 * within TRUST_MS: a heartbeat goes out every HEARTBEAT_MS, so a link that died silently
 * stops being trusted within seconds, and is then replaced.
 */
export class ChangeFeed {
  private link: { client: pg.Client; drop: () => void } | undefined;
  private lastHeard = 0;
  private closed = false;
  private readonly timer: NodeJS.Timeout;
  private readonly waiting = new Map<string, (heard: boolean) => void>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly listener: FeedListener,
  ) {
    this.timer = setInterval(() => this.beat(), HEARTBEAT_MS).unref();
    void this.connect();
  }

  get trusted(): boolean {
    return this.link !== undefined && Date.now() - this.lastHeard < TRUST_MS;
  }

  /**
   * Resolves true once every change committed before the call has been heard (PostgreSQL
   * delivers notifications in commit order, so hearing a mark sent now is proof); false
   * when the feed is not listening or the mark is not heard within SETTLE_MS.
   */
  async settled(): Promise<boolean> {
    if (!this.link) return false;
    const mark = SETTLE + randomUUID();
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), SETTLE_MS).unref();
      this.waiting.set(mark, (ok) => {
        clearTimeout(timer);
        resolve(ok);
      });
    });
    try {
      await this.pool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, mark]);
      return await heard;
    } catch {
      return false;
    } finally {
      this.waiting.delete(mark);
    }
  }

  async close() {
    this.closed = true;
    clearInterval(this.timer);
    const link = this.link;
    this.link = undefined;
    await link?.client.end().catch(() => undefined);
  }

  private async connect() {
    if (this.closed) return;
    const client = new pg.Client({ ...this.pool.options, keepAlive: true });
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      if (this.link?.client === client) this.link = undefined;
      this.listener.changed();
      client.end().catch(() => undefined);
      if (!this.closed) setTimeout(() => void this.connect(), RETRY_MS).unref();
    };
    client.on('error', drop);
    client.on('end', drop);
    client.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL) return;
      this.lastHeard = Date.now();
      // The triggers' notifications carry no payload but a version's; heartbeats and settle marks are not changes.
      const payload = message.payload;
      if (!payload) this.listener.changed();
      else if (payload.startsWith(VERSION_NOTICE)) this.heardVersion(payload.slice(VERSION_NOTICE.length));
      else if (payload.startsWith(SETTLE)) this.waiting.get(payload)?.(true);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANGE_CHANNEL}`);
    } catch {
      drop();
      return;
    }
    if (dropped) return;
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener.changed();
    this.lastHeard = Date.now();
    this.link = { client, drop };
  }

  /** `<tenant id>:<version>`; anything else is a change nobody can place. */
  private heardVersion(told: string) {
    const [tenant, version] = told.split(':');
    if (tenant && version && /^\d+$/.test(tenant) && /^\d+$/.test(version)) this.listener.version(Number(tenant), version);
    else this.listener.changed();
  }

  private beat() {
    if (this.link && Date.now() - this.lastHeard > DEAD_MS) this.link.drop();
    this.pool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, BEAT]).catch(() => undefined);
  }
}
