import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import type { ByteRange, MediaStorage, PutOptions, StoredObject } from './index.js';
import { isMediaKey } from './keys.js';
import { sourceFailure } from './sourceFailure.js';

const PART = /^([a-z0-9]{32}(?:\.[a-z0-9]+){1,2})\.[a-z0-9]+\.part$/;

async function listDir(dir: string) {
  return fsp.readdir(dir).catch(() => [] as string[]);
}

/** Media on the local disk: key `ab/cd/abcd….png` is the file `<root>/ab/cd/abcd….png`. */
export class LocalDiskStorage implements MediaStorage {
  constructor(readonly root: string) {}

  /** The file of a key; throws for anything that is not a generated key, so no path escapes the root. */
  pathOf(key: string): string {
    if (!isMediaKey(key)) throw new Error('invalid media key');
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable, opts: PutOptions = {}): Promise<boolean> {
    const file = this.pathOf(key);
    // Until the pipeline below listens: a source failed meanwhile then fails it.
    void sourceFailure(body);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    // Written beside the target and renamed, so a reader never sees half a file.
    const tmp = `${file}.${randomBytes(6).toString('hex')}.part`;
    try {
      await pipeline(body, fs.createWriteStream(tmp, { flags: 'wx' }));
      if (!opts.ifAbsent) {
        await fsp.rename(tmp, file);
        return true;
      }
      // link() refuses an existing target: create-if-absent in one step.
      const created = await fsp.link(tmp, file).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'EEXIST') return false;
          throw error;
        },
      );
      await fsp.rm(tmp, { force: true });
      return created;
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

  /** Every file under the two directory levels, by name: media keys, and separately `.part` files. */
  private async *files(): AsyncIterable<{ name: string; dir: string; key: string }> {
    for (const a of await listDir(this.root)) {
      for (const b of await listDir(path.join(this.root, a))) {
        for (const name of await listDir(path.join(this.root, a, b))) yield { name, dir: path.join(this.root, a, b), key: `${a}/${b}/${name}` };
      }
    }
  }

  async *list(): AsyncIterable<{ key: string; modified: Date }> {
    for await (const f of this.files()) {
      if (!isMediaKey(f.key)) continue;
      const st = await fsp.stat(path.join(f.dir, f.name)).catch(() => undefined);
      if (st?.isFile()) yield { key: f.key, modified: st.mtime };
    }
  }

  async removeUnfinished(before: Date): Promise<number> {
    let removed = 0;
    for await (const f of this.files()) {
      const m = PART.exec(f.name);
      if (!m?.[1] || !isMediaKey(f.key.slice(0, -f.name.length) + m[1])) continue;
      const file = path.join(f.dir, f.name);
      const st = await fsp.stat(file).catch(() => undefined);
      if (!st?.isFile() || st.mtimeMs >= before.getTime()) continue;
      await fsp.rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  publicUrl(): undefined {
    return undefined;
  }

  async close(): Promise<void> {}
}
