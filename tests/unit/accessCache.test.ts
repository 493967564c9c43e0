import { describe, expect, it } from 'vitest';
import { AccessCache } from '../../server/cache/accessCache.js';

describe('AccessCache', () => {
  const later = () => Date.now() + 60_000;

  it('answers only while its feed is trusted, and until the time each entry was given', () => {
    const feed = { trusted: true };
    const cache = new AccessCache<string>(feed);
    cache.set('a', cache.generation, 'alice', later());
    cache.set('b', cache.generation, 'bob', Date.now() - 1);
    expect(cache.get('a')).toBe('alice');
    expect(cache.get('b')).toBeUndefined();
    feed.trusted = false;
    expect(cache.get('a')).toBeUndefined();
    cache.set('c', cache.generation, 'carol', later());
    feed.trusted = true;
    expect(cache.get('c')).toBeUndefined();
  });

  it('keeps no value read across a change, and forgets every entry at one', () => {
    const cache = new AccessCache<string>({ trusted: true });
    cache.set('a', cache.generation, 'alice', later());
    const readStarted = cache.generation;
    cache.forget();
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', readStarted, 'stale alice', later());
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', cache.generation, 'alice again', later());
    expect(cache.get('a')).toBe('alice again');
  });

  it('stays within its number of entries', () => {
    const cache = new AccessCache<number>({ trusted: true }, 3);
    for (let i = 0; i < 4; i++) cache.set(`k${i}`, cache.generation, i, later());
    expect([0, 1, 2, 3].map((i) => cache.get(`k${i}`))).toEqual([undefined, undefined, undefined, 3]);
  });
});
