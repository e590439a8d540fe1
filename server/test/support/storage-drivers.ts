import fs from 'node:fs';
import path from 'node:path';
import { filesUnder } from './uploaded-files';
import { startS3Server, type S3TestServer } from './s3-server';
import { buildTestApp, type TestApp } from './test-app';

/**
 * One storage driver as the shared storage-contract suite sees it: an app on it, and a look at
 * what is stored from outside the app (the folder on disk, or the bucket through the test
 * server's own view, not through the driver under test).
 */
export type DriverUnderTest = {
  name: 'disk' | 's3';
  start(): Promise<void>;
  stop(): Promise<void>;
  buildApp(opts?: Parameters<typeof buildTestApp>[0]): Promise<TestApp>;
  /** Every stored key, sorted (temporary ones included). */
  keys(t: TestApp): string[];
  bytes(t: TestApp, key: string): Buffer | undefined;
  /** Stores an object directly, last written `ageMs` before the app's clock. */
  put(t: TestApp, key: string, data: Buffer, ageMs?: number): void;
  remove(t: TestApp, key: string): void;
  s3?: S3TestServer;
};

export const diskDriver = (): DriverUnderTest => ({
  name: 'disk',
  async start() {},
  async stop() {},
  buildApp: (opts) => buildTestApp(opts),
  keys: (t) => filesUnder(path.join(t.dataDir, 'uploads')),
  bytes(t, key) {
    const file = path.join(t.dataDir, 'uploads', key);
    return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
  },
  put(t, key, data, ageMs = 0) {
    const file = path.join(t.dataDir, 'uploads', key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, data);
    const at = new Date(t.clock().getTime() - ageMs);
    fs.utimesSync(file, at, at);
  },
  remove(t, key) {
    fs.rmSync(path.join(t.dataDir, 'uploads', key), { force: true });
  },
});

/** The environment that points an app at a test server's bucket. */
export const s3Env = (s3: S3TestServer, extra: Record<string, string> = {}) => ({
  S3_BUCKET: s3.bucket,
  S3_REGION: s3.region,
  S3_ENDPOINT: s3.endpoint,
  S3_FORCE_PATH_STYLE: 'true',
  S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
  ...extra,
});

export function s3Driver(): DriverUnderTest {
  const driver: DriverUnderTest = {
    name: 's3',
    async start() {
      driver.s3 = await startS3Server();
    },
    async stop() {
      await driver.s3?.close();
    },
    // Configured the way a deployment is: through the S3_* variables.
    buildApp: (opts = {}) => buildTestApp({ ...opts, env: { ...s3Env(driver.s3!), ...opts.env } }),
    keys: () => driver.s3!.keys(),
    bytes: (_t, key) => driver.s3!.object(key)?.data,
    put(t, key, data, ageMs = 0) {
      driver.s3!.put(key, data, new Date(t.clock().getTime() - ageMs));
    },
    remove: (_t, key) => driver.s3!.delete(key),
  };
  return driver;
}
