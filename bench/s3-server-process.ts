/**
 * The loopback S3-protocol test server in a process of its own, so that the serving benchmark's
 * load generator does not share its event loop. Prints its settings as one JSON line.
 */
import { startS3Server } from '../server/test/support/s3-server';

const s3 = await startS3Server();
console.log(
  JSON.stringify({ endpoint: s3.endpoint, bucket: s3.bucket, region: s3.region, credentials: s3.credentials }),
);
process.on('SIGTERM', () => void s3.close().then(() => process.exit(0)));
