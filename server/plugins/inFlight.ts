/**
 * Requests in flight in this process, so background work gives way to them
 * (docs/decisions.md §40): the scheduler and the indexing dispatcher run their transactions
 * on the server's thread, and on SQLite on its one connection, so a request that arrives
 * during one waits for it — and again for the next, at each of its own statements, when the
 * worker only yields for a turn of the event loop. Between two of its transactions a worker
 * waits here until no request is in flight (or at most its bound): a request waits for one
 * short transaction at most, and a worker with no request around does not wait.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';

/** The longest a worker gives way to requests in flight at one point: a slow request cannot stop background work. */
export const GIVE_WAY_MS = 50;

/** How long a new connection counts while no request has come on it. */
const FRESH_MS = 10;

let inFlight = 0;
let waiting: Array<() => void> = [];

function ended() {
  inFlight--;
  if (inFlight > 0) return;
  const wake = waiting;
  waiting = [];
  for (const resolve of wake) resolve();
}

/** After a turn of the event loop (requests that came meanwhile are seen), until none is in flight or `maxMs` have passed. */
export async function requestsSettled(maxMs: number): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  if (inFlight === 0 || maxMs <= 0) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    waiting.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Counts a request from its arrival until its answer is sent or its client is gone, and a new
 * connection until its first request arrives (at most FRESH_MS): a connection is accepted in
 * one turn of the event loop and its request read in the next, and a worker that started a
 * transaction in between would hold that request for all of it. Counted on the HTTP server itself, before
 * Fastify's routing, so every request counts from its first turn.
 */
export const countRequests = fp(
  async (app) => {
    const fresh = new WeakSet<object>();
    const settle = (socket: object) => {
      if (fresh.delete(socket)) ended();
    };
    app.server.on('connection', (socket: Socket) => {
      inFlight++;
      fresh.add(socket);
      socket.once('close', () => settle(socket));
      // A connection opened ahead of need (browsers do) holds nobody for long.
      setTimeout(() => settle(socket), FRESH_MS).unref();
    });
    app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      settle(req.socket);
      inFlight++;
      res.once('close', ended);
    });
  },
  { name: 'count-requests' },
);
