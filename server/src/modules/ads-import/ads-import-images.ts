import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { bannerMessages, messages } from '@backoffice/contract';
import type { FileStorage, StagedFile } from '../../storage/file-storage';
import { checkUploadedImage } from '../../storage/image-sniff';
import { storableImage } from '../../storage/image-metadata';
import { stageWithThumbnails } from '../../storage/thumbnails';
import { AD_IMAGE_AREA } from '../ads/ad-images';

/** Phone photos run to a few megabytes; a file larger than this is not an ad photo. */
export const IMPORT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const IMAGE_MAX_MB = IMPORT_IMAGE_MAX_BYTES / 1024 / 1024;

/** What is wrong with a line (the line is reported and skipped); any other error stops the import. */
export class LineProblem extends Error {}

type CheckedImage = { data: Buffer; extension: string };

/**
 * Reads one image of a line from the images folder and checks it as every upload is checked
 * (image-sniff.ts: a well-formed JPEG, PNG, WebP or GIF, a decompression bomb refused at its first
 * oversized header, unread after it; image-metadata.ts: EXIF, GPS and the like taken out). A path
 * that leaves the folder (`..`, a link pointing out) is refused.
 */
async function readImage(root: string, rel: string, index: number): Promise<CheckedImage> {
  const problem = (why: string) => new LineProblem(`images[${index}] (${rel}): ${why}`);
  const file = path.resolve(root, rel);
  const real = await fs.realpath(file).catch(() => null);
  if (real === null) throw problem('no such file');
  const inside = path.relative(await fs.realpath(root), real);
  if (!inside || inside.startsWith('..') || path.isAbsolute(inside)) throw problem('outside the images folder');
  const stat = await fs.stat(real);
  if (!stat.isFile()) throw problem('not a file');
  if (stat.size === 0) throw problem(bannerMessages.imageEmpty);
  if (stat.size > IMPORT_IMAGE_MAX_BYTES) throw problem(`larger than ${IMAGE_MAX_MB} MB`);
  const bytes = await fs.readFile(real);
  const checked = checkUploadedImage(bytes);
  if (!checked.ok)
    throw problem(checked.problem === 'dimensions' ? messages.server.imageDimensions : bannerMessages.imageType);
  const storable = await storableImage(bytes, checked.type);
  if (!storable.ok)
    throw problem(storable.problem === 'dimensions' ? messages.server.imageDimensions : bannerMessages.imageType);
  return { data: storable.data, extension: checked.extension };
}
/**
 * Every image of a line checked first (one bad image refuses the line before anything is written),
 * then each staged under a temporary key with its thumbnails, as an upload is: published by
 * `commit()` once the ad's row has committed, dropped by `discard()` otherwise. A crash in between
 * leaves temporary files that the upload sweep removes (or promotes, when the row committed).
 */
export async function stageLineImages(storage: FileStorage, root: string, rels: string[]): Promise<StagedFile[]> {
  const checked: CheckedImage[] = [];
  for (const [i, rel] of rels.entries()) checked.push(await readImage(root, rel, i));
  const staged: StagedFile[] = [];
  try {
    for (const image of checked)
      staged.push(
        await stageWithThumbnails(storage, `${AD_IMAGE_AREA}/${randomUUID()}.${image.extension}`, image.data),
      );
  } catch (err) {
    await discardAll(staged);
    throw err;
  }
  return staged;
}

export async function discardAll(staged: StagedFile[]): Promise<void> {
  await Promise.all(staged.map((s) => s.discard()));
}
