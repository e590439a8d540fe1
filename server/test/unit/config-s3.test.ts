import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

/** Issue 23: object storage settings, checked at boot (docs/decisions/0019-object-storage-and-thumbnails.md). */
describe('config: S3 storage', () => {
  it('keeps uploads on the local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('reads AWS S3 with the SDK credential chain, and R2 or a local server with an endpoint and keys', () => {
    expect(loadConfig({ S3_BUCKET: 'lk-ads-images', S3_REGION: 'ap-south-1' }).s3).toEqual({
      bucket: 'lk-ads-images',
      region: 'ap-south-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
      publicUrl: undefined,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'uploads',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_PUBLIC_URL: 'https://images.example.lk/',
      }).s3,
    ).toEqual({
      bucket: 'uploads',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      publicUrl: 'https://images.example.lk',
    });
    expect(
      loadConfig({
        S3_BUCKET: 'b-1',
        S3_REGION: 'auto',
        S3_ENDPOINT: 'https://x.r2.example',
        S3_FORCE_PATH_STYLE: 'false',
      }).s3?.forcePathStyle,
    ).toBe(false);
  });

  it.each([
    [{ S3_BUCKET: 'Has_Capitals' }, /S3_BUCKET must be a bucket name/],
    [{ S3_BUCKET: 'uploads' }, /S3_REGION must be set with S3_BUCKET/],
    [{ S3_REGION: 'eu-west-1' }, /S3_REGION is set but S3_BUCKET is not/],
    [{ S3_BUCKET: 'uploads', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'k' }, /must be set together/],
    [{ S3_BUCKET: 'uploads', S3_ENDPOINT: 'ftp://x' }, /S3_ENDPOINT must be an http/],
    [
      { S3_BUCKET: 'uploads', S3_REGION: 'x', S3_PUBLIC_URL: 'https://cdn.example/?a=1' },
      /S3_PUBLIC_URL must not have a query/,
    ],
    [{ S3_BUCKET: 'uploads', S3_REGION: 'x', S3_FORCE_PATH_STYLE: 'maybe' }, /S3_FORCE_PATH_STYLE/],
  ])('refuses %o with one line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
