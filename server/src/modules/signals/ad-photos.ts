import type { Readable } from 'node:stream';
import { isAbsoluteUrl } from '@backoffice/contract';
import { imageHashes } from '../../signals/image-hash';
import { storageKey, type FileStorage } from '../../storage/file-storage';

/** Larger objects are not read for hashing (an upload is far smaller; see the upload limits). */
const MAX_BYTES = 25 * 1024 * 1024;
/** Photos hashed at once (sharp works on libuv's threads). */
const AT_ONCE = 2;

export type HashedPhoto = { image: number; path: string; hashes: bigint[] };

/**
 * An ad's photos read through the storage layer (local disk or bucket) and hashed
 * (signals/image-hash.ts). A photo that is missing, too large or not an image is named in
 * `unreadable`, and the ad's other signals are still found.
 */
export async function readPhotos(
  deps: { storage: FileStorage },
  images: readonly string[],
): Promise<{ photos: HashedPhoto[]; unreadable: string[] }> {
  const results: (HashedPhoto | null)[] = new Array(images.length).fill(null);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(AT_ONCE, images.length) }, async () => {
      while (next < images.length) {
        const image = next++;
        const path = images[image]!;
        const bytes = await readBytes(deps.storage, path);
        const hashes = bytes ? await imageHashes(bytes).catch(() => null) : null;
        results[image] = hashes ? { image, path, hashes } : null;
      }
    }),
  );
  return {
    photos: results.filter((r): r is HashedPhoto => r !== null),
    unreadable: images.filter((_, i) => results[i] === null),
  };
}

async function readBytes(storage: FileStorage, path: string): Promise<Buffer | null> {
  const key = isAbsoluteUrl(path) ? null : storageKey(path);
  if (!key) return null;
  try {
    const file = await storage.read(key);
    if (!file || file === 'not-modified') return null;
    if (file.size > MAX_BYTES) {
      file.body.destroy();
      return null;
    }
    return await collect(file.body);
  } catch {
    return null;
  }
}

async function collect(body: Readable): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > MAX_BYTES) {
      body.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
