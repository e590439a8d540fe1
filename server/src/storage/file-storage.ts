import fs from 'node:fs/promises';
import path from 'node:path';

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
  constructor(readonly root: string) {}

  private resolve(key: string): string {
    const safe = storageKey(key);
    if (!safe) throw new Error(`invalid storage key: ${key}`);
    return path.join(this.root, safe);
  }

  async write(key: string, data: Buffer): Promise<void> {
    const file = this.resolve(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data);
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
