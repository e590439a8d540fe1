import path from 'node:path';
import { z } from 'zod';

/** D6: configuration comes from the environment and is checked once, at boot. */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: 'must be a comma-separated list of origins like https://admin.example.lk' }))),
  TRUST_PROXY: bool.default(false),
  SEED_DEMO: bool.optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
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
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionTtlHours: number;
  allowedOrigins: string[];
  trustProxy: boolean;
  seedDemo: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  webDist: string;
  messages: MessagesConfig;
};

/** How messages to advertisers leave: SMTP and an SMS gateway when set, else files under DATA_DIR/outbox. */
export type MessagesConfig = {
  smtpUrl: string | undefined;
  mailFrom: string;
  smsWebhookUrl: string | undefined;
  smsWebhookToken: string | undefined;
  /** Deliver inside the server process; false when `npm run worker` runs apart. */
  worker: boolean;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (`DATABASE_URL= npm start`).
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    allowedOrigins: e.ALLOWED_ORIGINS.map((o) => new URL(o).origin),
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
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
    },
  };
}
