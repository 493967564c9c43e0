import type { Config, StoreKind } from '../config.js';
import { FallbackStorage } from './fallback.js';
import type { MediaStorage } from './index.js';
import { LocalDiskStorage } from './local.js';
import { S3Storage } from './s3.js';

/** One store by kind, as configured (the S3 settings are checked at start when either store is S3). */
export function openStore(config: Config, kind: StoreKind): MediaStorage {
  if (kind === 'local') return new LocalDiskStorage(config.media.dir);
  if (!config.media.s3) throw new Error('S3 storage is not configured');
  return new S3Storage(config.media.s3);
}

/** The media storage of this process: the configured store, in front of the one files move from while a migration runs. */
export function openMediaStorage(config: Config): MediaStorage {
  const store = openStore(config, config.media.store);
  return config.media.fallback ? new FallbackStorage(store, openStore(config, config.media.fallback)) : store;
}
