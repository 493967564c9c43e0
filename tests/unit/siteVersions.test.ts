import { describe, expect, it } from 'vitest';
import { SiteVersions } from '../../server/cache/siteVersion.js';

describe('SiteVersions', () => {
  it('knows a version once read, follows the feed, and answers nothing while the feed is not trusted', () => {
    const feed = { trusted: true };
    const versions = new SiteVersions(feed);
    versions.heard(1, '10');
    expect(versions.get(1)).toBeUndefined();
    versions.offer(1, versions.generation, '10');
    versions.heard(1, '11');
    expect(versions.get(1)).toEqual({ version: '11' });
    versions.offer(2, versions.generation, undefined);
    expect(versions.get(2)).toEqual({ version: undefined });
    feed.trusted = false;
    expect(versions.get(1)).toBeUndefined();
  });

  it('keeps the later version when a read crossed a notification, and never goes back', () => {
    const versions = new SiteVersions({ trusted: true });
    const started = versions.generation;
    versions.heard(1, '12');
    versions.offer(1, started, '11');
    expect(versions.get(1)).toEqual({ version: '12' });
    versions.heard(1, '9');
    expect(versions.get(1)).toEqual({ version: '12' });
  });

  it('reads a site again after this process wrote it, and keeps no read begun before the write', () => {
    const versions = new SiteVersions({ trusted: true });
    versions.offer(1, versions.generation, '5');
    versions.offer(2, versions.generation, '7');
    const started = versions.generation;
    versions.wrote(1);
    expect(versions.get(1)).toBeUndefined();
    expect(versions.get(2)).toEqual({ version: '7' });
    versions.offer(1, started, '5');
    expect(versions.get(1)).toBeUndefined();
    versions.offer(1, versions.generation, '6');
    expect(versions.get(1)).toEqual({ version: '6' });
  });

  it('forgets every version, and what the feed told, on a change nobody can place', () => {
    const versions = new SiteVersions({ trusted: true });
    versions.offer(1, versions.generation, '900');
    versions.heard(1, '901');
    versions.forget();
    expect(versions.get(1)).toBeUndefined();
    // A reseeded site starts again at a random, perhaps lower, value.
    versions.offer(1, versions.generation, '3');
    expect(versions.get(1)).toEqual({ version: '3' });
  });
});
