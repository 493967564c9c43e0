import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors.js';

/**
 * How long a request body may take to arrive (issue 13, point 3). A body that is still
 * arriving holds a connection, a file descriptor and, for JSON, a buffer, before anyone
 * knows who sent it; so:
 * - every body must have arrived within `totalMs` of the request's headers (408);
 * - an upload, once its sender's permission is checked (uploadBody), may instead take as
 *   long as it keeps sending: no bytes for `idleMs` ends it (408), and `uploadTotalMs`
 *   (MEDIA_UPLOAD_TIMEOUT_MINUTES, the age after which staged files are debris) caps it;
 * - at most `perIp` bodies still arriving (not yet authenticated uploads) per client IP;
 *   the next one is answered 429 and its connection closed.
 * The answer goes through the route's error handling when the body is being read (the
 * reader's stream fails), else the connection is closed.
 */
export interface SlowBodyLimits {
  totalMs: number;
  idleMs: number;
  uploadTotalMs: number;
  perIp: number;
}

interface Watch {
  req: FastifyRequest;
  reply: FastifyReply;
  ip: string;
  started: number;
  /** Counted in the per-IP figure (a slow body not yet promoted to an upload). */
  counted: boolean;
  upload: boolean;
  lastBytes: number;
  lastProgress: number;
  timer?: NodeJS.Timeout;
  promote(): void;
}

const watches = new WeakMap<IncomingMessage, Watch>();

/** How long a refused body's answer may take before its connection is closed regardless. */
const ANSWER_GRACE_MS = 5000;
/** Never wait longer than this between two looks at an upload's progress. */
const MAX_TICK_MS = 1000;

/** A body on a real connection (injected test requests have neither sockets nor a parser). */
const hasBody = (req: IncomingMessage) => {
  if (!(req.socket instanceof Socket)) return false;
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
};

export default fp<SlowBodyLimits>(async (app, limits) => {
  const slowPerIp = new Map<string, number>();

  const uncount = (w: Watch) => {
    if (!w.counted) return;
    w.counted = false;
    const n = (slowPerIp.get(w.ip) ?? 1) - 1;
    if (n > 0) slowPerIp.set(w.ip, n);
    else slowPerIp.delete(w.ip);
  };

  const release = (w: Watch) => {
    clearTimeout(w.timer);
    uncount(w);
    watches.delete(w.req.raw);
  };

  /** Ends a body that broke a limit: through the reader when one is reading, else by closing. */
  const refuse = (w: Watch, status: number, detail: string) => {
    release(w);
    const raw = w.req.raw;
    const socket = raw.socket;
    // Fastify's body parser and @fastify/multipart both listen for the stream's errors.
    if (!w.reply.sent && raw.listenerCount('error') > 0) {
      raw.emit('error', new HttpError(status, { detail }, { connection: 'close' }));
      // The answer closes the connection; should no reader answer, the connection goes anyway.
      const fallback = setTimeout(() => socket?.destroy(), ANSWER_GRACE_MS);
      fallback.unref();
      socket?.once('close', () => clearTimeout(fallback));
    } else {
      socket?.destroy();
    }
  };

  const check = (w: Watch) => {
    const raw = w.req.raw;
    if (raw.complete || raw.socket === null || raw.socket.destroyed) return release(w);
    const now = performance.now();
    // Once answered, the rest of the body is only read to be thrown away.
    const uploading = w.upload && !w.reply.sent;
    const bytes = raw.socket.bytesRead;
    if (bytes !== w.lastBytes) {
      w.lastBytes = bytes;
      w.lastProgress = now;
    }
    const deadline = uploading ? Math.min(w.started + limits.uploadTotalMs, w.lastProgress + limits.idleMs) : w.started + limits.totalMs;
    if (now >= deadline) {
      return refuse(w, 408, uploading ? 'The upload stopped sending data.' : 'The request body did not arrive in time.');
    }
    w.timer = setTimeout(check, uploading ? Math.min(deadline - now, MAX_TICK_MS) : deadline - now, w);
    w.timer.unref();
  };

  /** A turn after the headers: a body still arriving then is a slow one. */
  const firstLook = (w: Watch) => {
    const raw = w.req.raw;
    if (raw.complete || raw.socket === null || raw.socket.destroyed) return release(w);
    if (w.upload) return check(w);
    const n = (slowPerIp.get(w.ip) ?? 0) + 1;
    if (n > limits.perIp) return refuse(w, 429, 'Too many requests are still sending their bodies from your address.');
    slowPerIp.set(w.ip, n);
    w.counted = true;
    check(w);
  };

  app.addHook('onRequest', (req, reply, done) => {
    const raw = req.raw;
    if (hasBody(raw) && !raw.complete) {
      const now = performance.now();
      const bytes = raw.socket?.bytesRead ?? 0;
      const w: Watch = {
        req,
        reply,
        ip: req.ip,
        started: now,
        counted: false,
        upload: false,
        lastBytes: bytes,
        lastProgress: now,
        promote() {
          if (w.upload) return;
          w.upload = true;
          w.lastProgress = performance.now();
          uncount(w);
          // Re-planned on the upload's terms (a pending first look does that itself).
          if (w.timer) {
            clearTimeout(w.timer);
            check(w);
          }
        },
      };
      watches.set(raw, w);
      raw.once('close', () => release(w));
      // setImmediate: the rest of the socket's current chunk is parsed first.
      setImmediate(firstLook, w);
    }
    done();
  });
});

/**
 * Called by the upload reader once the sender may upload: the body may now take as long
 * as it keeps arriving, and no longer counts as an unauthenticated slow body.
 */
export function uploadBody(raw: IncomingMessage) {
  watches.get(raw)?.promote();
}
