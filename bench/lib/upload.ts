/** POST /api/media/ as multipart/form-data, the file streamed from disk (the runner holds none of it in memory). */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { request } from './server.js';

export function uploadFile(url: string, headers: Record<string, string>, file: string, mime: string): Promise<{ status: number; body: string }> {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\nContent-Type: ${mime}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + fs.statSync(file).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent: false, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(head);
    const body = fs.createReadStream(file);
    body.on('error', reject);
    body.on('end', () => req.end(tail));
    body.pipe(req, { end: false });
  });
}

/** The resident set of a process, in bytes (Linux /proc). */
function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/**
 * A process's resident set while `work` runs: the idle figure after a settling pause, then
 * sampled every 20 ms; its peak, and the growth over the idle figure.
 */
export async function rssDuring<T>(pid: number, work: (idle: number) => Promise<T>) {
  await new Promise((r) => setTimeout(r, 500));
  const idle = rssOf(pid);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  const started = performance.now();
  let result: T;
  try {
    result = await work(idle);
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, rssOf(pid));
  return { result, idle, peak, growth: peak - idle, seconds };
}

/**
 * The media item once its variants exist (docs/decisions.md §34): an image upload answers
 * `processing`, and the server's job makes them after; read again every 50 ms, up to `maxMs`.
 */
export async function processedMedia<T>(url: string, headers: Record<string, string>, maxMs = 60_000): Promise<T> {
  const until = Date.now() + maxMs;
  for (;;) {
    const res = await request(url, { headers });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    const item = JSON.parse(res.body) as T & { processing: boolean };
    if (!item.processing) return item;
    if (Date.now() > until) throw new Error(`${url}: still processing after ${maxMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
