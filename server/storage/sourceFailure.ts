import type { Readable } from 'node:stream';

/**
 * The failure of a put's source, listened for from the moment the put begins: a client gone
 * while the store still prepares (its folder made, its SDK loaded) must fail that put, not
 * the server, since an `error` event nobody listens for is thrown.
 */
export function sourceFailure(body: Readable): Promise<never> {
  const failed = new Promise<never>((_, reject) => body.once('error', reject));
  failed.catch(() => undefined);
  return failed;
}
