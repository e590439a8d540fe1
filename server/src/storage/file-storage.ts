import fs from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@backoffice/contract';
import { AppError } from '../lib/errors';

/**
 * D4: uploaded and ad images behind an interface, so app servers stay stateless and object
 * storage can replace the local disk later. Keys are relative paths like `ads/abc.png`.
 */
export interface FileStorage {
  write(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** `ads/x.png`, `/uploads/ads/x.png` → `ads/x.png`; null for anything escaping the uploads root. */
export function storageKey(imagePath: string): string | null {
  const rel = imagePath.replace(/^\/?uploads\//, '').replace(/^\/+/, '');
  const normal = path.posix.normalize(rel);
  if (!rel || normal.startsWith('..') || path.posix.isAbsolute(normal) || normal.includes('\0')) return null;
  return normal;
}

export class LocalDiskStorage implements FileStorage {
  constructor(
    readonly root: string,
    /** The call that writes a file's bytes (fault-injection tests pass one that fills the disk). */
    private readonly writeFile: (file: string, data: Buffer) => Promise<void> = fs.writeFile,
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

  async remove(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return fs.access(this.resolve(key)).then(
      () => true,
      () => false,
    );
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
