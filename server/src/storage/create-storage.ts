import path from 'node:path';
import type { Config } from '../config';
import { LocalDiskStorage, type FileStorage } from './file-storage';
import { S3Storage } from './s3-storage';

/** The storage the configuration names: the bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createStorage(config: Config): FileStorage {
  if (!config.s3) return new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
  const { publicUrl: _publicUrl, credentials, ...settings } = config.s3;
  return new S3Storage({ ...settings, ...(credentials ? { credentials } : {}) });
}
