import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_MARKETPLACE_TIME_ZONE,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  isTimeZone,
} from '@backoffice/contract';

/** docs/decisions/0010-repository-and-configuration.md: configuration comes from the environment and is checked once, at boot. */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Shortest and longest absolute session lifetime: one minute to thirty days. */
export const SESSION_TTL_MIN_HOURS = 1 / 60;
export const SESSION_TTL_MAX_HOURS = 24 * 30;

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY lists as Fastify accepts them. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(value: string): boolean {
  if (proxyRangeNames.has(value)) return true;
  const [address, prefix, ...rest] = value.split('/');
  const version = net.isIP(address ?? '');
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which X-Forwarded-For hops to believe: none, the last N, or those sent by the listed proxies.
 * `true` (believe every hop) is refused: the client writes the left-most hops itself, so it
 * could choose the address that sign-in throttling counts.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    if (/^(false|no|0)$/i.test(v)) return false;
    if (/^(true|yes)$/i.test(v)) {
      ctx.addIssue({
        code: 'custom',
        message:
          "must be a hop count (1 behind one reverse proxy) or the proxies' addresses; true would let clients choose their own address",
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops <= 10) return hops;
      ctx.addIssue({ code: 'custom', message: 'must be a hop count from 0 to 10' });
      return z.NEVER;
    }
    const list = v.split(',').map((s) => s.trim());
    if (list.every(isAddressOrCidr)) return list;
    ctx.addIssue({
      code: 'custom',
      message: 'must be a hop count or a comma-separated list of proxy addresses or CIDR ranges (10.0.0.0/8)',
    });
    return z.NEVER;
  });

/** An http(s) origin, nothing after the host: what a browser sends in its Origin header. */
const origin = z
  .url({ protocol: /^https?$/, error: 'must be an origin like https://admin.example.lk' })
  .refine((v) => {
    // Runs after a failed URL check as well, so it must not throw on what is not a URL.
    const u = URL.parse(v);
    return !!u && u.pathname === '/' && !u.search && !u.hash && !u.username && !u.password;
  }, 'must be an origin like https://admin.example.lk (no path)')
  .transform((v) => new URL(v).origin);

/** A comma-separated setting as its trimmed, non-empty items (unset: none). */
const commaList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

const envSchema = z.object({
  PORT: z.coerce.number().int('must be a whole number').min(0).max(65535).default(3000),
  HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:-]+$/, 'must be an address or host name such as 127.0.0.1 or 0.0.0.0')
    .default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  // A streaming replica for the lists' reads (docs/decisions/0037-read-replica.md).
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REPLICA_MAX_LAG_MS: z.coerce.number().int('must be a whole number').min(0).max(3_600_000).default(5000),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .min(SESSION_TTL_MIN_HOURS, 'must be at least one minute (0.0167 hours)')
    .max(SESSION_TTL_MAX_HOURS, `must be at most ${SESSION_TTL_MAX_HOURS} hours (30 days)`)
    .default(12),
  ALLOWED_ORIGINS: commaList.pipe(z.array(origin)),
  PUBLIC_ORIGIN: origin.optional(),
  TRUST_PROXY: trustProxy.default(false),
  SEED_DEMO: bool.optional(),
  REQUIRE_2FA: bool.optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`)
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  // Messages to advertisers (docs/decisions/0022-advertiser-messages.md).
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'must look like smtp://user:pass@host:587 or smtps://host:465')
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(
      /^([^<>]*<)?[^\s@<>]+@[^\s@<>]+>?$/,
      'must be an address, or a name and an address like Ads <no-reply@example.lk>',
    )
    .optional(),
  SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  MESSAGE_WORKER: bool.default(true),
  ADVERTISER_MESSAGES: bool.default(true),
  // Rows read per statement by CSV exports: memory stays flat whatever the export's size. At 1,000 a
  // batch's rows outlive young-generation collections and the old generation grows by 150 MB of
  // garbage before a full collection; up to 700 the heap stays flat at 1,000,000 rows (with
  // lib/heap-tuning.ts), and 250 leaves room for rows wider than the demo's
  // (docs/decisions/0018-exports-and-bulk.md).
  EXPORT_BATCH_SIZE: z.coerce.number().int('must be a whole number').min(1).max(10_000).default(250),
  // Pending ads one admin may hold claims on at once (docs/decisions/0017-live-queue-and-claims.md).
  CLAIMS_PER_ADMIN: z.coerce.number().int('must be a whole number').min(1).max(1000).default(5),
  // Uploads in S3-compatible object storage instead of DATA_DIR/uploads (docs/decisions/0019-object-storage-and-thumbnails.md).
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region such as eu-west-1 (auto for Cloudflare R2)')
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL such as https://images.example.lk' })
    .refine((v) => !URL.parse(v)?.search && !URL.parse(v)?.hash, 'must not have a query or fragment')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  MARKETPLACE_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be a time zone such as Asia/Colombo')
    .default(DEFAULT_MARKETPLACE_TIME_ZONE),
  // Live event streams (docs/decisions/0026-live-streams-and-sessions.md).
  LIVE_SESSION_STREAMS: z.coerce.number().int('must be a whole number').min(1).max(100).default(4),
  LIVE_SERVER_STREAMS: z.coerce.number().int('must be a whole number').min(1).max(100_000).optional(),
  LIVE_REPLAY_EVENTS: z.coerce.number().int('must be a whole number').min(0).max(10_000).default(500),
  // Reports from the public site (docs/decisions/0034-reports.md): bearer tokens, comma-separated.
  PUBLIC_REPORT_TOKENS: commaList.pipe(z.array(z.string().min(16, 'must be tokens of at least 16 characters'))),
  REPORTS_PER_MINUTE: z.coerce.number().int('must be a whole number').min(1).max(1_000_000).default(1200),
  REPORTS_PER_REPORTER: z.coerce.number().int('must be a whole number').min(1).max(100_000).default(20),
  // A rule's backtest pace (docs/decisions/0030-moderation-rules.md, "The list while backtests run").
  BACKTEST_BATCH: z.coerce.number().int('must be a whole number').min(10).max(10_000).default(500),
  BACKTEST_REST_RATIO: z.coerce.number().min(0).max(20).default(3),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * A streaming replica of DATABASE_URL that the lists, counts, exports and dashboard read from while it
   * is at most `maxLagMs` behind (docs/decisions/0037-read-replica.md); undefined: every read on the primary.
   */
  replica: { url: string; maxLagMs: number } | undefined;
  sessionTtlHours: number;
  /** The session lifetime in whole seconds, as cookies and the sessions table count it. */
  sessionTtlSeconds: number;
  allowedOrigins: string[];
  /** The server's own origin as browsers see it; unset means "from the Host header". */
  publicOrigin: string | undefined;
  /** false, a hop count, or the proxies' addresses (Fastify's trustProxy). */
  trustProxy: false | number | string[];
  seedDemo: boolean;
  /** Every admin must enrol a second factor at their next sign-in (docs/decisions/0032-two-factor.md). */
  requireTwoFactor: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  webDist: string;
  messages: MessagesConfig;
  /** Every date is shown, and every dashboard day counted, in this zone (docs/decisions/0023-time-zone-and-dates.md). */
  timeZone: string;
  /** Rows per statement of a CSV export. */
  exportBatchSize: number;
  /** Live claims one admin may hold at once. */
  claimsPerAdmin: number;
  /** Object storage for uploads; undefined keeps them on the local disk under DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** Bounds of the live event streams, per instance (unset per server: the hub's default). */
  live: { streamsPerSession: number; streamsPerServer: number | undefined; replayMaxEvents: number };
  /** The public report intake: its tokens (none: no intake) and throttles. */
  publicReports: { tokens: string[]; perTokenPerMinute: number; perAddressPerHour: number };
  /** A backtest's decided ads per statement, and its rest after each batch as a multiple of the batch's time. */
  backtestPace: { batchSize: number; restRatio: number };
};

export type S3Config = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Unset: the SDK's usual chain (AWS_* variables, shared files, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Browsers fetch images from this host (a bucket's public or CDN address): the API answers absolute URLs on it. */
  publicUrl: string | undefined;
};

/** How messages to advertisers leave: SMTP and an SMS gateway when set, else files under DATA_DIR/outbox. */
export type MessagesConfig = {
  smtpUrl: string | undefined;
  mailFrom: string;
  smsWebhookUrl: string | undefined;
  smsWebhookToken: string | undefined;
  /** Deliver inside the server process; false when `npm run worker` runs apart. */
  worker: boolean;
  /** False: decisions write no message at all (a marketplace that tells advertisers otherwise). */
  enabled: boolean;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (`DATABASE_URL= npm start`).
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0] ?? '')} ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const fail = (message: string) => {
    throw new ConfigError(`Invalid configuration: ${message}`);
  };
  if (!e.S3_BUCKET) {
    const stray = (
      ['S3_REGION', 'S3_ENDPOINT', 'S3_PUBLIC_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
    ).find((k) => e[k] !== undefined);
    if (stray) fail(`${stray} is set but S3_BUCKET is not (uploads would stay on the local disk)`);
  }
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL)
    fail('DATABASE_REPLICA_URL is set but DATABASE_URL is not (the embedded database has no replica)');
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY)
    fail('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  if (e.S3_BUCKET && !e.S3_REGION && !e.S3_ENDPOINT)
    fail('S3_REGION must be set with S3_BUCKET (or S3_ENDPOINT for a service other than AWS)');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    replica: e.DATABASE_REPLICA_URL ? { url: e.DATABASE_REPLICA_URL, maxLagMs: e.REPLICA_MAX_LAG_MS } : undefined,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    sessionTtlSeconds: Math.round(e.SESSION_TTL_HOURS * 3600),
    allowedOrigins: e.ALLOWED_ORIGINS,
    publicOrigin: e.PUBLIC_ORIGIN,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    // On by default in production (PostgreSQL); off for the embedded demo, whose admins are seeded.
    requireTwoFactor: e.REQUIRE_2FA ?? !!e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    messages: {
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM ?? 'Back-office <no-reply@localhost>',
      smsWebhookUrl: e.SMS_WEBHOOK_URL,
      smsWebhookToken: e.SMS_WEBHOOK_TOKEN,
      worker: e.MESSAGE_WORKER,
      enabled: e.ADVERTISER_MESSAGES,
    },
    exportBatchSize: e.EXPORT_BATCH_SIZE,
    claimsPerAdmin: e.CLAIMS_PER_ADMIN,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          endpoint: e.S3_ENDPOINT,
          // Most services other than AWS (MinIO, SeaweedFS, Ceph, a local server) need path-style URLs.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? !!e.S3_ENDPOINT,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          publicUrl: e.S3_PUBLIC_URL,
        }
      : undefined,
    timeZone: e.MARKETPLACE_TIME_ZONE,
    live: {
      streamsPerSession: e.LIVE_SESSION_STREAMS,
      streamsPerServer: e.LIVE_SERVER_STREAMS,
      replayMaxEvents: e.LIVE_REPLAY_EVENTS,
    },
    publicReports: {
      tokens: e.PUBLIC_REPORT_TOKENS,
      perTokenPerMinute: e.REPORTS_PER_MINUTE,
      perAddressPerHour: e.REPORTS_PER_REPORTER,
    },
    backtestPace: { batchSize: e.BACKTEST_BATCH, restRatio: e.BACKTEST_REST_RATIO },
  };
}
