/**
 * A client of one dealer site of a server running as a child process: the Host header
 * names the site, the Origin header is the site's own (as a browser sends it), and the
 * session travels as a Token. Used by the fault and two-instance tests and bench/load.ts.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export const DEMO_PASSWORD = 'demo1234';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Milliseconds from sending to the last byte. */
  ms: number;
  json<T = Record<string, unknown>>(): T;
}

export interface RequestOptions {
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Called with the request once its headers are out, to write the body in pieces. */
  stream?: (req: http.ClientRequest) => void;
}

export class SiteClient {
  token?: string;

  constructor(
    /** http://127.0.0.1:<port> */
    public base: string,
    readonly host: string,
    private readonly agent: http.Agent | false = false,
  ) {}

  request(method: string, path: string, opts: RequestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { host: this.host, ...opts.headers };
    if (method !== 'GET' && method !== 'HEAD') headers.origin = `http://${this.host}`;
    if (this.token) headers.authorization = `Token ${this.token}`;
    let body = opts.body;
    if (opts.json !== undefined) {
      body = Buffer.from(JSON.stringify(opts.json));
      headers['content-type'] = 'application/json';
    }
    if (body) headers['content-length'] = String(body.length);
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(`${this.base}${path}`, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const buf = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: buf,
            ms: performance.now() - started,
            json: <T>() => JSON.parse(buf.toString('utf8')) as T,
          });
        });
      });
      req.setTimeout(opts.timeoutMs ?? 30_000, () => req.destroy(new Error(`timeout: ${method} ${path}`)));
      req.on('error', reject);
      if (opts.stream) opts.stream(req);
      else req.end(body);
    });
  }

  get(path: string, opts?: RequestOptions) {
    return this.request('GET', path, opts);
  }

  async login(username: string, password = DEMO_PASSWORD) {
    const res = await this.request('POST', '/api/auth/login', { json: { username, password } });
    if (res.status !== 200) throw new Error(`login ${username}@${this.host}: ${res.status} ${res.body}`);
    this.token = res.json<{ token: string }>().token;
    return res;
  }

  /** POST /api/media/ with one file part (and a `data` part when given). */
  upload(file: Buffer, name: string, mime: string, data?: Record<string, unknown>, opts: RequestOptions = {}) {
    const { body, contentType } = multipart(file, name, mime, data);
    return this.request('POST', '/api/media/', { ...opts, body, headers: { ...opts.headers, 'content-type': contentType } });
  }
}

export function multipart(file: Buffer, name: string, mime: string, data?: Record<string, unknown>) {
  const boundary = `----fault${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  if (data) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`));
  }
  parts.push(
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: ${mime}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
