/**
 * Background work gives way to requests in flight (server/plugins/inFlight.ts): a worker
 * between two transactions waits while a request is being answered, up to its bound, and
 * not at all on an idle server.
 */
import net from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRequests, requestsSettled } from '../../server/plugins/inFlight.js';

describe('requests in flight', () => {
  const app = Fastify({ forceCloseConnections: true });
  /** The next /slow request's arrival and its answer, held until released. */
  let arrived: () => void = () => undefined;
  let release: () => void = () => undefined;
  let url = '';
  beforeAll(async () => {
    await app.register(countRequests);
    app.get(
      '/slow',
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('done');
          arrived();
        }),
    );
    app.get('/quick', async () => 'done');
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  /** A /slow request, once the server has it. */
  async function slowRequest(signal?: AbortSignal) {
    const there = new Promise<void>((resolve) => (arrived = resolve));
    const answer = fetch(`${url}/slow`, { signal }).then(
      (r) => r.text(),
      () => 'aborted',
    );
    await there;
    return { answer };
  }

  /** Settles `waited` in a race with the next turns of the event loop: whether it came first. */
  const settledBefore = async (waited: Promise<void>, ms: number) =>
    Promise.race([waited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

  it('waits until the request in flight is answered', async () => {
    const { answer } = await slowRequest();
    const waited = requestsSettled(60_000);
    expect(await settledBefore(waited, 100)).toBe(false);
    release();
    expect(await answer).toBe('done');
    expect(await settledBefore(waited, 5_000)).toBe(true);
  });

  it('waits no longer than its bound for a request that goes on', async () => {
    const { answer } = await slowRequest();
    expect(await settledBefore(requestsSettled(20), 5_000)).toBe(true);
    release();
    expect(await answer).toBe('done');
  });

  it('does not wait on an idle server, and counts a client gone before its answer as ended', async () => {
    expect(await (await fetch(`${url}/quick`)).text()).toBe('done');
    expect(await settledBefore(requestsSettled(60_000), 1_000)).toBe(true);
    const gone = new AbortController();
    const { answer: aborted } = await slowRequest(gone.signal);
    gone.abort();
    expect(await aborted).toBe('aborted');
    expect(await settledBefore(requestsSettled(60_000), 5_000)).toBe(true);
    release();
  });

  it('holds work for a new connection only until its request comes, or briefly for one that sends none', async () => {
    const idle = net.connect(Number(new URL(url).port), '127.0.0.1');
    await new Promise((resolve) => idle.once('connect', resolve));
    try {
      // Opened ahead of need, as browsers do: it must not hold background work for long.
      expect(await settledBefore(requestsSettled(60_000), 1_000)).toBe(true);
    } finally {
      idle.destroy();
    }
  });
});
