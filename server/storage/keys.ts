import { randomBytes } from 'node:crypto';

const KEY = /^[a-z0-9]{2}\/[a-z0-9]{2}\/[a-z0-9]{32}(\.[a-z0-9]+){1,2}$/;

/** True for a key `newMediaKey` could have made: nothing else reaches a driver. */
export const isMediaKey = (key: string) => KEY.test(key);

/**
 * A fresh key: 128 random bits, spread over two directory levels, with a suffix naming
 * the kind of file (`png`, `thumb.webp`, …): `3f/a9/3fa9…e2.png`.
 */
export function newMediaKey(suffix: string): string {
  if (!/^[a-z0-9]+(\.[a-z0-9]+)?$/.test(suffix)) throw new Error(`bad media key suffix: ${suffix}`);
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 2)}/${hex.slice(2, 4)}/${hex}.${suffix}`;
}
