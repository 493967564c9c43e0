/**
 * Slow request bodies (issue 13, point 3), against a real server process: a JSON body that
 * never arrives is answered 408 within BODY_TIMEOUT_SECONDS; hundreds of slow bodies from
 * one address, on a process allowed 256 file descriptors, do not keep /api/health from
 * answering; an upload that stops sending ends after UPLOAD_IDLE_SECONDS, and one that keeps
 * sending slowly, for longer than the JSON limit, completes.
 */
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { request } from '../../bench/lib/server.js';
import { multipart, SiteClient } from './lib/client.js';
import { backends, type Instance, makeStore, startInstance, type Store, stopAll } from './lib/instances.js';
import { headOf, rawRequest } from './lib/rawHttp.js';

const BODY_SECONDS = 2;
const IDLE_SECONDS = 2;
const PER_IP = 16;
const SLOW_CLIENTS = 300;
/** What a loaded 2-core machine may add to a limit before the answer is out. */
const SLACK_MS = 4000;
const SITE = 'rossi.localhost';

/** A small, valid PDF of about `kb` kilobytes. */
function pdf(kb: number) {
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(kb * 1024, 0x20), Buffer.from('\n%%EOF\n')]);
}

for (const backend of backends()) {
  describe(`slow request bodies [${backend}]`, () => {
    const bundle = inject('serverBundle');
    let store: Store;
    let server: Instance;

    beforeAll(async () => {
      store = await makeStore(backend);
      server = await startInstance(`slow-bodies-${backend}`, bundle, store, {
        BODY_TIMEOUT_SECONDS: String(BODY_SECONDS),
        UPLOAD_IDLE_SECONDS: String(IDLE_SECONDS),
        SLOW_BODIES_PER_IP: String(PER_IP),
      });
    });
    afterAll(async () => {
      await stopAll();
      await store?.dispose();
    });

    it('answers 408, in the API error shape, a login body that never arrives', async () => {
      const slow = rawRequest(server.url, headOf('POST', '/api/auth/login', SITE, 1000, { 'content-type': 'application/json' }));
      slow.write('{"username":"rossi"');
      const timer = setTimeout(() => slow.socket.destroy(), BODY_SECONDS * 1000 + SLACK_MS);
      const answer = await slow.answer;
      clearTimeout(timer);
      expect(answer.status, `answer after ${Math.round(answer.ms)} ms: ${answer.text.slice(0, 200)}`).toBe(408);
      expect(answer.text).toMatch(/"detail":/);
      expect(answer.ms).toBeGreaterThanOrEqual(BODY_SECONDS * 1000 - 100);
    });

    it(`keeps /api/health answering while ${SLOW_CLIENTS} slow bodies come from one address (256 file descriptors)`, async () => {
      execFileSync('prlimit', ['--pid', String(server.pid), '--nofile=256:256']);
      const slow = Array.from({ length: SLOW_CLIENTS }, () => {
        const r = rawRequest(server.url, headOf('POST', '/api/auth/login', SITE, 1000, { 'content-type': 'application/json' }));
        r.write('{"username":');
        return r;
      });
      await Promise.all(
        slow.map((r) => new Promise((resolve) => (r.socket.connecting ? r.socket.once('connect', resolve).once('close', resolve) : resolve(undefined)))),
      );
      const attackStarted = performance.now();
      for (let i = 0; i < 5; i++) {
        const health = await request(`${server.url}/api/health`, { timeoutMs: 3000 }).catch((error: Error) => ({ status: 0, body: error.message }));
        expect(health.status, `health check ${i + 1}: ${health.body}`).toBe(200);
      }
      // Every slow body ends: those over the per-address limit at once, the rest at the body limit.
      const guard = setTimeout(() => slow.forEach((r) => r.socket.destroy()), BODY_SECONDS * 1000 + SLACK_MS * 2);
      const answers = await Promise.all(slow.map((r) => r.answer));
      clearTimeout(guard);
      const waited = performance.now() - attackStarted;
      const counts = answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {});
      expect(waited, `slow bodies ended after ${Math.round(waited)} ms: ${JSON.stringify(counts)}`).toBeLessThan(BODY_SECONDS * 1000 + SLACK_MS * 2);
      expect(counts[408] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(PER_IP);
      // The rest are refused: 429, or the connection closed before the answer was read.
      expect((counts[429] ?? 0) + (counts[0] ?? 0), JSON.stringify(counts)).toBe(SLOW_CLIENTS - (counts[408] ?? 0));
    });

    it('ends an upload that stops sending after the idle gap, and lets one that keeps sending slowly finish', async () => {
      const client = new SiteClient(server.url, SITE);
      await client.login('rossi');
      const file = pdf(24);
      const { body, contentType } = multipart(file, 'slow.pdf', 'application/pdf');

      const stalled = rawRequest(
        server.url,
        headOf('POST', '/api/media/', SITE, body.length, { 'content-type': contentType, authorization: `Token ${client.token}` }),
      );
      stalled.write(body.subarray(0, 4096));
      const timer = setTimeout(() => stalled.socket.destroy(), IDLE_SECONDS * 1000 + SLACK_MS);
      const stalledAnswer = await stalled.answer;
      clearTimeout(timer);
      expect(stalledAnswer.status, stalledAnswer.text.slice(0, 200)).toBe(408);

      // 24 pieces, one every 250 ms: six seconds in all, three times the JSON limit, never idle for long.
      const pieces = 24;
      const size = Math.ceil(body.length / pieces);
      const started = performance.now();
      const res = await client.request('POST', '/api/media/', {
        body,
        timeoutMs: 60_000,
        stream: (req) => {
          let i = 0;
          const send = () => {
            const piece = body.subarray(i * size, (i + 1) * size);
            i++;
            if (i >= pieces) return req.end(piece);
            req.write(piece);
            setTimeout(send, 250);
          };
          send();
        },
        headers: { 'content-type': contentType },
      });
      expect(res.status, res.body.toString().slice(0, 300)).toBe(201);
      expect(performance.now() - started).toBeGreaterThan(BODY_SECONDS * 1000);
    });
  });
}
