import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A small but real S3-protocol server for tests, on loopback: path-style requests signed with
 * Signature V4 (checked, with the payload hash), PutObject, GetObject and HeadObject with
 * If-None-Match / If-Modified-Since (304), CopyObject, DeleteObject(s), ListObjectsV2 with
 * continuation tokens, and multipart uploads (create, upload part, complete, abort), as
 * @aws-sdk/client-s3 and @aws-sdk/lib-storage send them.
 *
 * Why not s3rver from npm: s3rver 3.7.1 makes ListObjectsV2 continuation tokens with DES, which
 * OpenSSL 3 (Node 17 and later) refuses, so every truncated listing answers 500; the maintained fork
 * @20minutes/s3rver needs Node 24 (5.x) or rejects the SDK's signature on ListObjectsV2 (4.0.4).
 * MinIO and SeaweedFS are not in this machine's Debian archive (radosgw needs a Ceph cluster).
 *
 * Faults, for the tests that need them: `refuseWrites` answers every write 403 AccessDenied (a
 * bucket policy or a full quota); `goAwayAfterBytes` drops the connection of the next write once
 * that many bytes arrived and stops listening (the endpoint going away mid-upload).
 */
export type S3TestServer = {
  endpoint: string;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Every stored key, sorted. */
  keys(): string[];
  object(key: string): { data: Buffer; contentType: string; etag: string; lastModified: Date } | undefined;
  /** Multipart uploads started and neither completed nor aborted. */
  openMultipartUploads(): number;
  /** Requests served, by operation name (PutObject, UploadPart, …). */
  calls: Map<string, number>;
  refuseWrites: boolean;
  goAwayAfterBytes: number | null;
  /** Stores an object directly (test set-up), last written at `modifiedAt`. */
  put(key: string, data: Buffer, modifiedAt?: Date): void;
  delete(key: string): void;
  close(): Promise<void>;
};

type StoredObject = { data: Buffer; contentType: string; etag: string; lastModified: Date };

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const seconds = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

export async function startS3Server(
  opts: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<S3TestServer> {
  const bucket = opts.bucket ?? 'uploads-test';
  const region = opts.region ?? 'us-east-1';
  const credentials = {
    accessKeyId: opts.accessKeyId ?? 'TESTKEY',
    secretAccessKey: opts.secretAccessKey ?? 'TESTSECRET',
  };
  const objects = new Map<string, StoredObject>();
  const multipart = new Map<string, { key: string; contentType: string; parts: Map<number, Buffer> }>();
  const calls = new Map<string, number>();
  const sockets = new Set<Socket>();
  let uploadIds = 0;

  const state = { refuseWrites: false, goAwayAfterBytes: null as number | null };

  function reply(res: http.ServerResponse, status: number, body = '', headers: Record<string, string> = {}) {
    res.writeHead(status, { ...(body ? { 'content-type': 'application/xml' } : {}), ...headers });
    res.end(body);
  }
  const error = (res: http.ServerResponse, status: number, code: string, message: string, head = false) =>
    reply(
      res,
      status,
      head
        ? ''
        : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`,
    );

  /** Signature V4 over the request as received: a wrongly signed request is refused like S3 does. */
  function verifySignature(req: http.IncomingMessage, url: URL, body: Buffer): string | null {
    const auth = req.headers.authorization ?? '';
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!m) return 'missing or malformed Authorization';
    const [, keyId, date, signedRegion, signedHeaders, signature] = m as unknown as string[];
    if (keyId !== credentials.accessKeyId) return 'unknown access key';
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'payload hash mismatch';
    const query = [...url.searchParams.entries()]
      .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
      .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const headers = signedHeaders!
      .split(';')
      .map(
        (h) =>
          `${h}:${String(req.headers[h] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join('');
    const canonical = [req.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const scope = `${date}/${signedRegion}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
    const key = hmac(
      hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date!), signedRegion!), 's3'),
      'aws4_request',
    );
    const expected = hmac(key, toSign);
    return timingSafeEqual(expected, Buffer.from(signature!, 'hex')) ? null : 'signature mismatch';
  }

  function objectHeaders(o: StoredObject): Record<string, string> {
    return {
      etag: o.etag,
      'last-modified': o.lastModified.toUTCString(),
      'content-type': o.contentType,
      'content-length': String(o.data.length),
    };
  }

  function notModified(req: http.IncomingMessage, o: StoredObject): boolean {
    const inm = req.headers['if-none-match'];
    if (inm) return inm.split(',').some((t) => t.trim() === '*' || t.trim() === o.etag);
    const ims = req.headers['if-modified-since'];
    return !!ims && !Number.isNaN(Date.parse(ims)) && o.lastModified.getTime() <= Date.parse(ims);
  }

  const store = (
    key: string,
    data: Buffer,
    contentType: string,
    etag = `"${createHash('md5').update(data).digest('hex')}"`,
  ) => objects.set(key, { data, contentType, etag, lastModified: seconds(new Date()) });

  function handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: Buffer) {
    const method = req.method ?? 'GET';
    const count = (op: string) => calls.set(op, (calls.get(op) ?? 0) + 1);
    const problem = verifySignature(req, url, body);
    if (problem) return error(res, 403, 'SignatureDoesNotMatch', problem, method === 'HEAD');
    const [, bucketName, ...rest] = url.pathname.split('/');
    if (bucketName !== bucket) return error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = rest.map(decodeURIComponent).join('/');
    const q = url.searchParams;
    const isWrite = (method === 'PUT' || (method === 'POST' && (q.has('uploads') || q.has('uploadId')))) && key;
    if (isWrite && state.refuseWrites) return error(res, 403, 'AccessDenied', 'Access Denied');

    if (!key) {
      if (method === 'GET' && q.get('list-type') === '2') {
        count('ListObjectsV2');
        const prefix = q.get('prefix') ?? '';
        const max = Math.min(Number(q.get('max-keys') ?? 1000), 1000);
        const after = q.has('continuation-token')
          ? Buffer.from(q.get('continuation-token')!, 'base64url').toString()
          : '';
        const all = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = all.slice(0, max);
        const truncated = all.length > max;
        const contents = page
          .map((k) => {
            const o = objects.get(k)!;
            return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>${xmlEscape(o.etag)}</ETag><Size>${o.data.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
          })
          .join('');
        const next = truncated
          ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString('base64url')}</NextContinuationToken>`
          : '';
        return reply(
          res,
          200,
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
        );
      }
      if (method === 'POST' && q.has('delete')) {
        count('DeleteObjects');
        for (const m of body.toString().matchAll(/<Key>([^<]*)<\/Key>/g))
          objects.delete(
            m[1]!
              .replace(/&lt;/g, '<')
              .replace(/&gt;/g, '>')
              .replace(/&quot;/g, '"')
              .replace(/&amp;/g, '&'),
          );
        return reply(res, 200, '<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>');
      }
      return error(res, 501, 'NotImplemented', 'Not implemented by the test server');
    }

    if (method === 'PUT' && q.has('uploadId')) {
      count('UploadPart');
      const upload = multipart.get(q.get('uploadId')!);
      if (!upload) return error(res, 404, 'NoSuchUpload', 'The specified upload does not exist');
      upload.parts.set(Number(q.get('partNumber')), body);
      return reply(res, 200, '', { etag: `"${createHash('md5').update(body).digest('hex')}"` });
    }
    if (method === 'PUT' && req.headers['x-amz-copy-source']) {
      count('CopyObject');
      const source = decodeURIComponent(String(req.headers['x-amz-copy-source']).replace(/^\//, ''));
      const from = source.startsWith(`${bucket}/`) ? objects.get(source.slice(bucket.length + 1)) : undefined;
      if (!from) return error(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      store(key, from.data, from.contentType, from.etag);
      const o = objects.get(key)!;
      return reply(
        res,
        200,
        `<?xml version="1.0" encoding="UTF-8"?><CopyObjectResult><ETag>${xmlEscape(o.etag)}</ETag><LastModified>${o.lastModified.toISOString()}</LastModified></CopyObjectResult>`,
      );
    }
    if (method === 'PUT') {
      count('PutObject');
      store(key, body, String(req.headers['content-type'] ?? 'application/octet-stream'));
      return reply(res, 200, '', { etag: objects.get(key)!.etag });
    }
    if (method === 'POST' && q.has('uploads')) {
      count('CreateMultipartUpload');
      const id = `upload-${++uploadIds}`;
      multipart.set(id, {
        key,
        contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
        parts: new Map(),
      });
      return reply(
        res,
        200,
        `<?xml version="1.0" encoding="UTF-8"?><InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    if (method === 'POST' && q.has('uploadId')) {
      count('CompleteMultipartUpload');
      const upload = multipart.get(q.get('uploadId')!);
      if (!upload) return error(res, 404, 'NoSuchUpload', 'The specified upload does not exist');
      const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
      const data = Buffer.concat(numbers.map((n) => upload.parts.get(n) ?? Buffer.alloc(0)));
      multipart.delete(q.get('uploadId')!);
      store(key, data, upload.contentType, `"${createHash('md5').update(data).digest('hex')}-${numbers.length}"`);
      return reply(
        res,
        200,
        `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><ETag>${xmlEscape(objects.get(key)!.etag)}</ETag></CompleteMultipartUploadResult>`,
      );
    }
    if (method === 'DELETE' && q.has('uploadId')) {
      count('AbortMultipartUpload');
      multipart.delete(q.get('uploadId')!);
      return reply(res, 204);
    }
    if (method === 'DELETE') {
      count('DeleteObject');
      objects.delete(key);
      return reply(res, 204);
    }
    if (method === 'GET' || method === 'HEAD') {
      count(method === 'GET' ? 'GetObject' : 'HeadObject');
      const o = objects.get(key);
      if (!o) return error(res, 404, 'NoSuchKey', 'The specified key does not exist.', method === 'HEAD');
      if (notModified(req, o))
        return reply(res, 304, '', { etag: o.etag, 'last-modified': o.lastModified.toUTCString() });
      res.writeHead(200, objectHeaders(o));
      return res.end(method === 'GET' ? o.data : undefined);
    }
    return error(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (state.goAwayAfterBytes !== null && req.method === 'PUT' && received >= state.goAwayAfterBytes) {
        state.goAwayAfterBytes = null;
        server.close();
        for (const socket of sockets) socket.destroy();
      }
    });
    req.on('end', () => {
      try {
        handle(req, res, url, Buffer.concat(chunks));
      } catch (err) {
        error(res, 500, 'InternalError', String(err));
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    credentials,
    keys: () => [...objects.keys()].sort(),
    object: (key) => objects.get(key),
    openMultipartUploads: () => multipart.size,
    calls,
    get refuseWrites() {
      return state.refuseWrites;
    },
    set refuseWrites(v: boolean) {
      state.refuseWrites = v;
    },
    get goAwayAfterBytes() {
      return state.goAwayAfterBytes;
    },
    set goAwayAfterBytes(v: number | null) {
      state.goAwayAfterBytes = v;
    },
    put(key, data, modifiedAt = new Date()) {
      store(key, data, 'application/octet-stream');
      objects.get(key)!.lastModified = seconds(modifiedAt);
    },
    delete(key) {
      objects.delete(key);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
