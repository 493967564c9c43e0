import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../../server/cache/responseCache.js';

describe('ResponseCache', () => {
  it('serves an answer only at the version it was stored at, and forgets it once outdated', () => {
    const cache = new ResponseCache(1024 * 1024);
    cache.set('a', '7', '{"n":1}');
    expect(cache.get('a', '7')).toBe('{"n":1}');
    expect(cache.get('a', '8')).toBeUndefined();
    expect(cache.get('a', '7')).toBeUndefined();
  });

  it('keeps the bodies within its byte budget, dropping the least recently used first', () => {
    // Each body is 50 UTF-16 units = 100 bytes; the budget holds eight.
    const cache = new ResponseCache(800);
    const body = (c: string) => c.repeat(50);
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    for (const k of keys) cache.set(k, '1', body(k));
    expect(cache.get('a', '1')).toBe(body('a'));
    cache.set('i', '1', body('i'));
    expect(cache.get('b', '1')).toBeUndefined();
    for (const k of [...keys.filter((k) => k !== 'b'), 'i']) expect(cache.get(k, '1')).toBe(body(k));
  });

  it('replaces an entry stored again, and stores nothing when off or for a body over an eighth of the budget', () => {
    const cache = new ResponseCache(800);
    cache.set('a', '1', 'x');
    cache.set('a', '2', 'y');
    expect(cache.get('a', '2')).toBe('y');
    cache.set('big', '1', 'z'.repeat(51));
    expect(cache.get('big', '1')).toBeUndefined();
    const off = new ResponseCache(0);
    expect(off.enabled).toBe(false);
    off.set('a', '1', 'x');
    expect(off.get('a', '1')).toBeUndefined();
  });
});
