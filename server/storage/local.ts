import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import type { ByteRange, MediaStorage, StoredObject } from './index.js';
import { isMediaKey } from './keys.js';

/** Media on the local disk: key `ab/cd/abcd….png` is the file `<root>/ab/cd/abcd….png`. */
export class LocalDiskStorage implements MediaStorage {
  constructor(readonly root: string) {}

  /** The file of a key; throws for anything that is not a generated key, so no path escapes the root. */
  pathOf(key: string): string {
    if (!isMediaKey(key)) throw new Error('invalid media key');
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable): Promise<void> {
    const file = this.pathOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    // Written beside the target and renamed, so a reader never sees half a file.
    const tmp = `${file}.${randomBytes(6).toString('hex')}.part`;
    try {
      await pipeline(body, fs.createWriteStream(tmp, { flags: 'wx' }));
      await fsp.rename(tmp, file);
    } catch (error) {
      await fsp.rm(tmp, { force: true });
      throw error;
    }
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const file = this.pathOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    try {
      await fsp.rename(localPath, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // The staging folder is on another file system: copy, then drop the staged file.
      await this.put(key, fs.createReadStream(localPath));
      await fsp.rm(localPath, { force: true });
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable | undefined> {
    const file = this.pathOf(key);
    const handle = await fsp.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!handle) return undefined;
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    const st = await fsp.stat(this.pathOf(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!st || !st.isFile()) return undefined;
    return {
      size: st.size,
      etag: `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}-${st.ino.toString(16)}"`,
      modified: st.mtime,
    };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }
}
