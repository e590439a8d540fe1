import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { messages } from '@backoffice/contract';
import { AppError } from '../lib/errors';
import {
  contentTypeOfKey,
  StorageWriteError,
  storageKey,
  type FileStorage,
  type ReadConditions,
  type StoredFile,
  type StoredObject,
} from './file-storage';
import { sniffImage } from './image-sniff';
import { thumbnailKeysOf } from './thumbnail-keys';

export type S3Settings = {
  bucket: string;
  region: string;
  /** For services other than AWS (R2, B2, MinIO, SeaweedFS, Ceph); unset means AWS. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's usual chain (environment, shared files, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Objects at or above this size go up in parts (lib-storage); smaller ones in one request. */
  partSize?: number;
};

/** The endpoint did not answer (refused, reset, timed out, or a 5xx): try again later. */
export class StorageUnavailableError extends AppError {
  constructor(override readonly cause: unknown) {
    super(503, messages.server.unavailable);
  }
}

const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/** A failure of the service itself rather than an answer about the request (refused, missing). */
function isUnavailable(err: unknown): boolean {
  if (err instanceof S3ServiceException) return (err.$metadata.httpStatusCode ?? 500) >= 500;
  for (let e = err as { code?: string; name?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if ((e.code && networkCodes.has(e.code)) || e.name === 'TimeoutError') return true;
  }
  return err instanceof Error && /socket hang up|ECONNREFUSED|ECONNRESET/i.test(err.message);
}

const statusOf = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);
const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || statusOf(err) === 404);

/**
 * Uploads in an S3-compatible bucket (docs/decisions/0019-object-storage-and-thumbnails.md). The
 * rules of the disk hold here too: objects are written under the temporary key first and copied to
 * their final key once the row commits; a failed write leaves no object (lib-storage aborts the
 * multipart upload it started); every object carries the content type its bytes show.
 */
export class S3Storage implements FileStorage {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly partSize: number;

  constructor(settings: S3Settings, extra: Partial<S3ClientConfig> = {}) {
    this.bucket = settings.bucket;
    this.partSize = settings.partSize ?? 8 * 1024 * 1024;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      // Checksums only when an operation requires them: several S3-compatible services refuse the
      // newer trailing checksums the SDK would otherwise add to every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      ...extra,
    });
  }

  private key(key: string): string {
    const safe = storageKey(key);
    if (!safe) throw new Error(`invalid storage key: ${key}`);
    return safe;
  }

  /** 507 when the bucket refuses the write (no permission, quota), 503 when it cannot be reached. */
  async write(key: string, data: Buffer): Promise<void> {
    const sniffed = sniffImage(data);
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: this.key(key),
        Body: data,
        ContentType: sniffed.ok ? sniffed.type : 'application/octet-stream',
      },
      partSize: this.partSize,
      queueSize: 2,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      // A single PUT either stores the whole object or nothing; a multipart one was aborted above.
      if (isUnavailable(err)) throw new StorageUnavailableError(err);
      throw new StorageWriteError(key, err);
    }
  }

  async promote(tempKey: string, key: string): Promise<void> {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: this.key(key),
          CopySource: `${this.bucket}/${this.key(tempKey).split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
    } catch (err) {
      // Another instance's sweep may have finished this very promotion.
      if (isMissing(err) && (await this.exists(key))) return;
      throw err;
    }
    await this.deleteKeys([this.key(tempKey)]);
  }

  /** The object and the thumbnails made from it. */
  async remove(key: string): Promise<void> {
    const safe = this.key(key);
    await this.deleteKeys([safe, ...thumbnailKeysOf(safe)]);
  }

  private async deleteKeys(keys: string[]): Promise<void> {
    const result = await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    const failed = (result.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
    if (failed.length) throw new Error(`could not delete ${failed.map((e) => `${e.Key} (${e.Code})`).join(', ')}`);
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async *list(prefix?: string): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token, Prefix: prefix }),
      );
      for (const object of page.Contents ?? [])
        if (object.Key && object.LastModified)
          yield { key: object.Key, modifiedAt: object.LastModified, size: object.Size };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async read(key: string, conditions?: ReadConditions): Promise<StoredFile | 'not-modified' | null> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.key(key),
          // The bucket answers 304 itself, so an unchanged image costs no bytes between it and us.
          IfNoneMatch: conditions?.ifNoneMatch,
          IfModifiedSince: conditions?.ifNoneMatch === undefined ? conditions?.ifModifiedSince : undefined,
        }),
      );
      return {
        body: res.Body as Readable,
        size: res.ContentLength ?? 0,
        etag: res.ETag ?? '',
        lastModified: res.LastModified ?? new Date(0),
        contentType: res.ContentType || contentTypeOfKey(key),
      };
    } catch (err) {
      if (statusOf(err) === 304) return 'not-modified';
      if (isMissing(err)) return null;
      if (isUnavailable(err)) throw new StorageUnavailableError(err);
      throw err;
    }
  }
}
