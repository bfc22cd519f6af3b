import { randomUUID } from 'node:crypto';
import {
  appendFile,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';

/** What the server remembers about one resumable upload, beside its bytes. */
export interface StagedUpload {
  id: string;
  /** The uploader's user id, or null for the service role: only they may touch the upload. */
  owner: string | null;
  bucket: string;
  name: string;
  contentType: string;
  cacheControl: string;
  upsert: boolean;
  userMetadata: Record<string, unknown> | null;
  /** Declared total size; null while the client defers it (a recording still going on). */
  length: number | null;
  createdAt: number;
  expiresAt: number;
  /** Set once the object is stored: the bytes are gone, the record answers HEAD until expiry. */
  done: boolean;
}

const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Upload ids are server-made uuids; anything else names no upload (and no path). */
export const isUploadId = (id: string) => idPattern.test(id);

/**
 * Unfinished uploads on local disk: <root>/<id>.json (the record) and <id>.bin (bytes so far).
 * The offset is the size of the .bin file, so a crash mid-write loses only the bytes not written.
 */
export class StagingArea {
  private readonly ready: Promise<unknown>;

  constructor(readonly root: string) {
    this.ready = mkdir(root, { recursive: true });
  }

  newId(): string {
    return randomUUID();
  }

  bytesFile(id: string): string {
    if (!isUploadId(id)) throw new Error(`invalid upload id: ${id}`);
    return path.join(this.root, `${id}.bin`);
  }

  private recordFile(id: string): string {
    if (!isUploadId(id)) throw new Error(`invalid upload id: ${id}`);
    return path.join(this.root, `${id}.json`);
  }

  async create(upload: StagedUpload): Promise<void> {
    await this.ready;
    // The record first: a sweep never takes a bytes file whose record is still to come.
    await this.save(upload);
    await writeFile(this.bytesFile(upload.id), Buffer.alloc(0));
  }

  /** Writes the record atomically (temp file, rename). */
  async save(upload: StagedUpload): Promise<void> {
    await this.ready;
    const tmp = `${this.recordFile(upload.id)}.${randomUUID()}.tmp`;
    await writeFile(tmp, JSON.stringify(upload));
    await rename(tmp, this.recordFile(upload.id));
  }

  async load(id: string): Promise<StagedUpload | undefined> {
    if (!isUploadId(id)) return undefined;
    try {
      return JSON.parse(await readFile(this.recordFile(id), 'utf8')) as StagedUpload;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Bytes received so far. */
  async offset(id: string): Promise<number> {
    const info = await stat(this.bytesFile(id)).catch(() => undefined);
    return info?.size ?? 0;
  }

  async append(id: string, data: Buffer): Promise<void> {
    await appendFile(this.bytesFile(id), data);
  }

  async removeBytes(id: string): Promise<void> {
    await rm(this.bytesFile(id), { force: true });
  }

  async remove(id: string): Promise<void> {
    await this.removeBytes(id);
    await rm(this.recordFile(id), { force: true });
  }

  async all(): Promise<StagedUpload[]> {
    await this.ready;
    const names = (await readdir(this.root)).filter((name) => name.endsWith('.json'));
    const uploads = await Promise.all(names.map((name) => this.load(name.slice(0, -5))));
    return uploads.filter((upload): upload is StagedUpload => upload !== undefined);
  }

  /**
   * Bytes an owner's other unfinished uploads hold or have declared: reserved against their
   * plan, so many uploads at once cannot together pass it.
   */
  async reservedBy(owner: string, except: string): Promise<number> {
    let total = 0;
    for (const upload of await this.all()) {
      if (upload.owner !== owner || upload.id === except || upload.done) continue;
      total += Math.max(upload.length ?? 0, await this.offset(upload.id));
    }
    return total;
  }

  /** Removes every expired upload, finished or not, and any bytes file without a record. */
  async sweep(now = Date.now()): Promise<number> {
    await this.ready;
    let removed = 0;
    for (const upload of await this.all()) {
      if (upload.expiresAt > now) continue;
      await this.remove(upload.id);
      removed += 1;
    }
    const names = await readdir(this.root);
    const records = new Set(names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5)));
    for (const name of names) {
      const id = name.split('.')[0];
      if (name.endsWith('.bin') && !records.has(id) && isUploadId(id)) await this.removeBytes(id);
    }
    return removed;
  }
}
