import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { CHANGE_CHANNEL } from '../db/migrations/0010_change_feed.js';

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
 * migration 0010 send at every commit that changes what an authenticated read depends
 * on. `onChange` runs for each, and when the link is (re)made, since whatever changed
 * while nobody listened is unknown. The feed is trusted while it has heard something
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
    private readonly onChange: () => void,
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
      this.onChange();
      client.end().catch(() => undefined);
      if (!this.closed) setTimeout(() => void this.connect(), RETRY_MS).unref();
    };
    client.on('error', drop);
    client.on('end', drop);
    client.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL) return;
      this.lastHeard = Date.now();
      // The triggers' notifications carry no payload; heartbeats and settle marks are not changes.
      if (!message.payload) this.onChange();
      else if (message.payload.startsWith(SETTLE)) this.waiting.get(message.payload)?.(true);
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
    this.onChange();
    this.lastHeard = Date.now();
    this.link = { client, drop };
  }

  private beat() {
    if (this.link && Date.now() - this.lastHeard > DEAD_MS) this.link.drop();
    this.pool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, BEAT]).catch(() => undefined);
  }
}
