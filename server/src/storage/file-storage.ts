import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { messages } from '@backoffice/contract';
import { AppError } from '../lib/errors';
import { thumbnailKeysOf } from './thumbnail-keys';

/**
 * docs/decisions/0011-database-files-and-instances.md: uploaded and ad images behind an interface, so app servers stay stateless and object
 * storage can replace the local disk later. Keys are relative paths like `ads/abc.png`.
 *
 * An upload is staged under a temporary key (see `stage`) and promoted to its final key only
 * once the database row that names it has committed; the sweep (storage/upload-sweep.ts) uses
 * `list` to find what a crash left behind.
 */
export interface FileStorage {
  /** Stores the bytes under `key` at once (seed data, and the temporary key of a staged upload). */
  write(key: string, data: Buffer): Promise<void>;
  /** Makes the object at `tempKey` the object at `key` (a rename on disk, a copy in object storage). */
  promote(tempKey: string, key: string): Promise<void>;
  /** Removes the object and any thumbnails made from it. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored object, with the time it was last written. */
  list(): AsyncIterable<StoredObject>;
  /**
   * The object's bytes and what a browser cache needs, or 'not-modified' when the conditions say the
   * browser's copy is current, or null when there is no such object.
   */
  read(key: string, conditions?: ReadConditions): Promise<StoredFile | 'not-modified' | null>;
}

export type StoredObject = { key: string; modifiedAt: Date; size?: number };

/** A browser's If-None-Match and If-Modified-Since; If-None-Match wins when both are sent (RFC 9110). */
export type ReadConditions = { ifNoneMatch?: string; ifModifiedSince?: Date };

export type StoredFile = {
  body: Readable;
  size: number;
  etag: string;
  lastModified: Date;
  contentType: string;
};

const typesByExtension: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/**
 * The type an object is served with. Uploads get a random name with the extension their sniffed
 * bytes gave (image-sniff.ts), so on disk the extension stands for the bytes; anything else is
 * served as bytes, never as something a browser would run.
 */
export const contentTypeOfKey = (key: string) =>
  typesByExtension[path.posix.extname(key).toLowerCase()] ?? 'application/octet-stream';

/** True when the browser's copy is current (If-None-Match first, else If-Modified-Since at second precision). */
export function isNotModified(conditions: ReadConditions | undefined, etag: string, lastModified: Date): boolean {
  if (!conditions) return false;
  if (conditions.ifNoneMatch !== undefined) {
    const weak = (t: string) => t.trim().replace(/^W\//, '');
    return conditions.ifNoneMatch.split(',').some((t) => t.trim() === '*' || weak(t) === weak(etag));
  }
  if (conditions.ifModifiedSince)
    return Math.floor(lastModified.getTime() / 1000) <= Math.floor(conditions.ifModifiedSince.getTime() / 1000);
  return false;
}

/** `ads/x.png`, `/uploads/ads/x.png` → `ads/x.png`; null for anything escaping the uploads root. */
export function storageKey(imagePath: string): string | null {
  const rel = imagePath.replace(/^\/?uploads\//, '').replace(/^\/+/, '');
  const normal = path.posix.normalize(rel);
  if (!rel || normal.startsWith('..') || path.posix.isAbsolute(normal) || normal.includes('\0')) return null;
  return normal;
}

/**
 * The key of a stored image path when it lies inside `area` (a top-level folder such as `ads`),
 * else null: paths of another area, traversal, absolute URLs and the folder itself.
 */
export function keyInArea(imagePath: string, area: string): string | null {
  const key = storageKey(imagePath);
  if (!key || !key.startsWith(`${area}/`) || key.endsWith('/') || key.length === area.length + 1) return null;
  return key;
}

// --- Staged uploads ------------------------------------------------------------------------

const TEMP_PREFIX = '.tmp-';
const tempName = /^\.tmp-[0-9a-f]{16}-(.+)$/;

/** `banner-ads/x.png` → `banner-ads/.tmp-<random>-x.png`: same folder, never served (a dotfile). */
export function tempKeyFor(key: string): string {
  const dir = path.posix.dirname(key);
  const name = `${TEMP_PREFIX}${randomBytes(8).toString('hex')}-${path.posix.basename(key)}`;
  return dir === '.' ? name : `${dir}/${name}`;
}

/** The final key a temporary key stands for; null for any other key. */
export function finalKeyOf(tempKey: string): string | null {
  const match = tempName.exec(path.posix.basename(tempKey));
  if (!match) return null;
  const dir = path.posix.dirname(tempKey);
  return dir === '.' ? match[1]! : `${dir}/${match[1]}`;
}

export const isTempKey = (key: string) => path.posix.basename(key).startsWith(TEMP_PREFIX);

export type StagedFile = {
  key: string;
  tempKey: string;
  /** Publishes the bytes under `key`; call once the row naming `key` has committed. */
  commit(): Promise<void>;
  /** Drops the bytes; never throws (a leftover is the sweep's to remove). */
  discard(): Promise<void>;
};

/**
 * Writes an upload under a temporary key next to its final one. A crash before the row commits
 * leaves only the temporary object (removed by the sweep); a crash between the commit and
 * `commit()` leaves a complete temporary object that the sweep promotes, because its row names it.
 */
export async function stage(storage: FileStorage, key: string, data: Buffer): Promise<StagedFile> {
  const tempKey = tempKeyFor(key);
  await storage.write(tempKey, data);
  return {
    key,
    tempKey,
    commit: () => storage.promote(tempKey, key),
    discard: () => storage.remove(tempKey).catch(() => {}),
  };
}

// --- Local disk ----------------------------------------------------------------------------

/** Writes and flushes a file, so a staged upload is complete on disk before its row commits. */
async function writeAndSync(file: string, data: Buffer): Promise<void> {
  const handle = await fs.open(file, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class LocalDiskStorage implements FileStorage {
  constructor(
    readonly root: string,
    /** The call that writes a file's bytes (fault-injection tests pass one that fills the disk). */
    private readonly writeFile: (file: string, data: Buffer) => Promise<void> = writeAndSync,
  ) {}

  private resolve(key: string): string {
    const safe = storageKey(key);
    if (!safe) throw new Error(`invalid storage key: ${key}`);
    return path.join(this.root, safe);
  }

  /**
   * A disk that is full or a folder that cannot be written answers 507 with a clear message (never a
   * 500), and no partly written file stays behind.
   */
  async write(key: string, data: Buffer): Promise<void> {
    const file = this.resolve(key);
    try {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await this.writeFile(file, data);
    } catch (err) {
      await fs.rm(file, { force: true }).catch(() => {});
      throw new StorageWriteError(key, err);
    }
  }

  async promote(tempKey: string, key: string): Promise<void> {
    const from = this.resolve(tempKey);
    const to = this.resolve(key);
    try {
      await fs.rename(from, to);
    } catch (err) {
      // Another instance's sweep may have finished this very promotion.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && (await this.exists(key))) return;
      throw err;
    }
    // The rename itself must survive a power cut; failing to flush the folder loses nothing else.
    const dir = await fs.open(path.dirname(to), 'r').catch(() => null);
    await dir?.sync().catch(() => {});
    await dir?.close();
  }

  /** The file and the thumbnails made from it. */
  async remove(key: string): Promise<void> {
    for (const k of [key, ...thumbnailKeysOf(storageKey(key) ?? key)]) await fs.rm(this.resolve(k), { force: true });
  }

  async read(key: string, conditions?: ReadConditions): Promise<StoredFile | 'not-modified' | null> {
    const file = this.resolve(key);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    // The same validator @fastify/static gave these files before.
    const etag = `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
    if (isNotModified(conditions, etag, stat.mtime)) return 'not-modified';
    return {
      body: createReadStream(file),
      size: stat.size,
      etag,
      lastModified: stat.mtime,
      contentType: contentTypeOfKey(key),
    };
  }

  async exists(key: string): Promise<boolean> {
    return fs.access(this.resolve(key)).then(
      () => true,
      () => false,
    );
  }

  async *list(): AsyncIterable<StoredObject> {
    const entries = await fs.readdir(this.root, { recursive: true, withFileTypes: true }).catch((err) => {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    });
    for (const entry of entries) {
      // Regular files only: a link or a device under uploads/ is not an upload.
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const stat = await fs.lstat(file).catch(() => null);
      if (!stat?.isFile()) continue;
      yield { key: path.relative(this.root, file).split(path.sep).join('/'), modifiedAt: stat.mtime, size: stat.size };
    }
  }
}

export class StorageWriteError extends AppError {
  constructor(
    readonly key: string,
    override readonly cause: unknown,
  ) {
    super(507, messages.server.storageFailed);
  }
}
