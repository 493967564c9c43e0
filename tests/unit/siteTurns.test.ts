import { describe, expect, it } from 'vitest';
import { inSiteTurn, LISTS_AT_ONCE } from '../../server/list/siteTurns.js';

/** A piece of work that runs until `finish` is called, noting when it started. */
function held(started: string[], name: string) {
  let finish!: (fail?: boolean) => void;
  const done = new Promise<void>((resolve, reject) => (finish = (fail) => (fail ? reject(new Error(name)) : resolve())));
  return {
    work: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish,
  };
}

/** A database handle outside a transaction, as a list's request holds one. */
const db = { isTransaction: false };

const turnOfTheLoop = () => new Promise((r) => setImmediate(r));

describe('inSiteTurn', () => {
  it("runs a site's lists LISTS_AT_ONCE at a time, first come first served, and another site's at once", async () => {
    const started: string[] = [];
    const rossi = Array.from({ length: LISTS_AT_ONCE + 2 }, (_, i) => held(started, `rossi${i}`));
    const runs = rossi.map((r) => inSiteTurn(db, 1, r.work));
    await turnOfTheLoop();
    expect(started).toEqual(rossi.slice(0, LISTS_AT_ONCE).map((_, i) => `rossi${i}`));

    const verdi = held(started, 'verdi');
    const verdiRun = inSiteTurn(db, 2, verdi.work);
    await turnOfTheLoop();
    expect(started.at(-1)).toBe('verdi');
    verdi.finish();
    await expect(verdiRun).resolves.toBe('verdi');

    // A list that fails passes its turn on as one that ends.
    rossi[1]!.finish(true);
    await expect(runs[1]).rejects.toThrow('rossi1');
    await turnOfTheLoop();
    expect(started.at(-1)).toBe(`rossi${LISTS_AT_ONCE}`);
    rossi[0]!.finish();
    await turnOfTheLoop();
    expect(started.at(-1)).toBe(`rossi${LISTS_AT_ONCE + 1}`);
    for (const r of rossi) r.finish();
    await Promise.allSettled(runs);
    expect(started).toHaveLength(rossi.length + 1);
  });

  it('starts a new list at once when the site has nothing running any more', async () => {
    const started: string[] = [];
    const first = held(started, 'first');
    const run = inSiteTurn(db, 3, first.work);
    first.finish();
    await run;
    const second = held(started, 'second');
    const next = inSiteTurn(db, 3, second.work);
    await turnOfTheLoop();
    expect(started).toEqual(['first', 'second']);
    second.finish();
    await next;
  });

  it("runs a list inside a write's transaction at once, whatever waits: it is part of that write", async () => {
    const started: string[] = [];
    const full = Array.from({ length: LISTS_AT_ONCE + 1 }, (_, i) => held(started, `list${i}`));
    const runs = full.map((r) => inSiteTurn(db, 4, r.work));
    const inWrite = held(started, 'inWrite');
    const run = inSiteTurn({ isTransaction: true }, 4, inWrite.work);
    await turnOfTheLoop();
    expect(started.at(-1)).toBe('inWrite');
    expect(started).not.toContain(`list${LISTS_AT_ONCE}`);
    inWrite.finish();
    await run;
    for (const r of full) r.finish();
    await Promise.all(runs);
  });
});
