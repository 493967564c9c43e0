/**
 * A request written by hand on its own socket, for clients no HTTP library plays: one
 * that announces a body and sends it slowly, in pieces, or never.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';

export interface RawAnswer {
  /** 0 when the server closed the connection without answering. */
  status: number;
  text: string;
  /** Milliseconds from connecting until the server closed the connection. */
  ms: number;
}

export interface RawRequest {
  socket: net.Socket;
  /** Settles when the server closes the connection (or it fails): with whatever it answered. */
  answer: Promise<RawAnswer>;
  write(data: string | Buffer): void;
}

export function rawRequest(url: string, head: string): RawRequest {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  const started = performance.now();
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.write(head);
  const answer = new Promise<RawAnswer>((resolve) => {
    socket.on('error', () => undefined);
    socket.once('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, text, ms: performance.now() - started });
    });
  });
  return {
    socket,
    answer,
    write(data) {
      if (!socket.destroyed) socket.write(data);
    },
  };
}

/** The head of a request announcing `contentLength` bytes of body. */
export function headOf(method: string, path: string, host: string, contentLength: number, headers: Record<string, string> = {}) {
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${host}`, `Origin: http://${host}`, `Content-Length: ${contentLength}`];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}
