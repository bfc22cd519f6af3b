import { randomUUID } from 'node:crypto';
import {
  copyFile,
  link,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';

/**
 * Where object bytes live, addressed by an opaque key (the object's version). A key becomes
 * visible to clients only through a committed storage.objects row that names it.
 */
export interface BlobStore {
  /** Stores the whole body under key; after it resolves the bytes are complete and durable. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes, or undefined when the key does not exist. */
  get(key: string): Promise<Buffer | undefined>;
  copy(fromKey: string, toKey: string): Promise<void>;
  /**
   * Stores a complete local file (a finished resumable upload) under key; the file itself stays
   * where it is, for the caller to remove.
   */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** Removes the key; a missing key is not an error. */
  remove(key: string): Promise<void>;
}

const keyPattern = /^[A-Za-z0-9_-]+$/;

function checkKey(key: string): string {
  // Keys are server-made uuids; refusing anything else rules out path traversal.
  if (!keyPattern.test(key)) throw new Error(`invalid blob key: ${key}`);
  return key;
}

// A .part older than this was left by a crash mid-write; younger ones may be another server's.
const abandonedAfterMs = 60 * 60 * 1000;

/** Removes temp files a crashed server left behind; never touches objects. */
async function sweepAbandoned(tmpDir: string): Promise<void> {
  for (const name of await readdir(tmpDir)) {
    const file = path.join(tmpDir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > abandonedAfterMs) await rm(file, { force: true });
  }
}

/** Files under root/objects/<key>, written to root/tmp first and renamed into place. */
export function createDiskStore(root: string): BlobStore {
  const objectsDir = path.join(root, 'objects');
  const tmpDir = path.join(root, 'tmp');
  const file = (key: string) => path.join(objectsDir, checkKey(key));
  const ready = Promise.all([
    mkdir(objectsDir, { recursive: true }),
    mkdir(tmpDir, { recursive: true }).then(() => sweepAbandoned(tmpDir)),
  ]);
  ready.catch((error: unknown) => console.error('[storage] cannot prepare', root, error));

  return {
    async put(key, data) {
      await ready;
      const tmp = path.join(tmpDir, `${randomUUID()}.part`);
      try {
        await writeFile(tmp, data);
        await rename(tmp, file(key));
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async copy(fromKey, toKey) {
      await ready;
      const tmp = path.join(tmpDir, `${randomUUID()}.part`);
      await copyFile(file(fromKey), tmp);
      await rename(tmp, file(toKey));
    },
    async putFile(key, source) {
      await ready;
      // A hard link is instant for any size; another file system gets a copy.
      const linked = await link(source, file(key)).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EXDEV') throw error;
          return false;
        },
      );
      if (linked) return;
      const tmp = path.join(tmpDir, `${randomUUID()}.part`);
      await copyFile(source, tmp);
      await rename(tmp, file(key));
    },
    async remove(key) {
      await rm(file(key), { force: true });
    },
  };
}
