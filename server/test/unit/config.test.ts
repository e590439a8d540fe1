import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

describe('config (docs/decisions/0010-repository-and-configuration.md)', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      sessionTtlHours: 12,
      sessionTtlSeconds: 12 * 3600,
      trustProxy: false,
      seedDemo: true,
      allowedOrigins: [],
      publicOrigin: undefined,
    });
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
  });

  it("reads a backtest's pace, 500 ads a batch and a rest three times as long as the batch by default", () => {
    expect(loadConfig({}).backtestPace).toEqual({ batchSize: 500, restRatio: 3 });
    expect(loadConfig({ BACKTEST_BATCH: '250', BACKTEST_REST_RATIO: '2.5' }).backtestPace).toEqual({
      batchSize: 250,
      restRatio: 2.5,
    });
    expect(() => loadConfig({ BACKTEST_REST_RATIO: '-1' })).toThrow(/BACKTEST_REST_RATIO/);
    expect(() => loadConfig({ BACKTEST_BATCH: '5' })).toThrow(/BACKTEST_BATCH/);
  });

  it('reads the marketplace time zone, Asia/Colombo by default, and refuses one that is not a zone', () => {
    expect(loadConfig({}).timeZone).toBe('Asia/Colombo');
    expect(loadConfig({ MARKETPLACE_TIME_ZONE: 'Asia/Kolkata' }).timeZone).toBe('Asia/Kolkata');
    for (const bad of ['Colombo', 'Asia/Nowhere', '"><script>']) {
      expect(() => loadConfig({ MARKETPLACE_TIME_ZONE: bad })).toThrow(
        'Invalid configuration: MARKETPLACE_TIME_ZONE must be a time zone such as Asia/Colombo',
      );
    }
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/bo',
      DATABASE_URL: 'postgres://u:p@db:5432/bo',
      SESSION_TTL_HOURS: '8',
      ALLOWED_ORIGINS: 'https://admin.example.lk, https://ops.example.lk/',
      TRUST_PROXY: '1',
      PUBLIC_ORIGIN: 'https://Admin.example.lk/',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'ops@example.lk',
      ADMIN_PASSWORD: 'long-enough',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/bo',
      databaseUrl: 'postgres://u:p@db:5432/bo',
      sessionTtlHours: 8,
      allowedOrigins: ['https://admin.example.lk', 'https://ops.example.lk'],
      publicOrigin: 'https://admin.example.lk',
      trustProxy: 1,
      seedDemo: false,
      adminEmail: 'ops@example.lk',
      adminPassword: 'long-enough',
    });
  });

  it('does not seed demo data on a PostgreSQL server unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://x/y' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgresql://x/y', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('reads the replica with its lag bound, only beside DATABASE_URL', () => {
    const primary = { DATABASE_URL: 'postgres://u:p@db:5432/bo' };
    expect(loadConfig(primary).replica).toBeUndefined();
    expect(loadConfig({ ...primary, DATABASE_REPLICA_URL: 'postgres://u:p@replica:5432/bo' }).replica).toEqual({
      url: 'postgres://u:p@replica:5432/bo',
      maxLagMs: 5000,
    });
    const bounded = loadConfig({ ...primary, DATABASE_REPLICA_URL: 'postgres://r/bo', REPLICA_MAX_LAG_MS: '250' });
    expect(bounded.replica?.maxLagMs).toBe(250);
  });

  it.each([
    [{ DATABASE_REPLICA_URL: 'postgres://r/bo' }, /DATABASE_REPLICA_URL is set but DATABASE_URL is not/],
    [{ DATABASE_URL: 'postgres://p/bo', DATABASE_REPLICA_URL: 'mysql://r' }, /DATABASE_REPLICA_URL must start/],
    [{ DATABASE_URL: 'postgres://p/bo', REPLICA_MAX_LAG_MS: '-1' }, /REPLICA_MAX_LAG_MS/],
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres/],
    [{ ALLOWED_ORIGINS: 'not a url' }, /ALLOWED_ORIGINS/],
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY/],
    [{ ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD must be at least 8 characters/],
    [{ SESSION_TTL_HOURS: '0' }, /SESSION_TTL_HOURS/],
  ])('stops with one clear line for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  // Issue 17.8: a value that passes the start-up check works; one that would not, stops it.
  const refused = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const line = (err as Error).message;
      expect(line).not.toContain('\n');
      return line;
    }
    throw new Error(`accepted ${JSON.stringify(env)}`);
  };

  it.each([
    ['PORT', ['0', '1', '3000', '65535'], ['-1', '65536', '80.5', 'abc', 'Infinity']],
    ['HOST', ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost', 'srv-1.internal'], ['a b', 'http://x', 'x/y']],
    [
      'SESSION_TTL_HOURS',
      [String(1 / 60), '0.0167', '0.5', '12', '720'],
      ['0', '0.001', '0.0166', '-1', '720.01', '1e9', 'NaN', 'Infinity', 'twelve'],
    ],
    [
      'TRUST_PROXY',
      ['false', '0', 'no', '1', '2', '10', '10.0.0.1', '10.0.0.0/8, 192.168.1.1', 'loopback', '::1', 'fd00::/8'],
      ['true', 'yes', '11', '-1', '1.5', '10.0.0.0/33', '300.1.1.1', 'proxy.internal', '10.0.0.1/8/8', 'maybe'],
    ],
    [
      'PUBLIC_ORIGIN',
      ['https://admin.example.lk', 'http://localhost:3000', 'https://admin.example.lk/'],
      [
        'admin.example.lk',
        'ftp://admin.example.lk',
        'https://admin.example.lk/app',
        'https://a.lk?x=1',
        'https://u:p@a.lk',
      ],
    ],
    [
      'ALLOWED_ORIGINS',
      ['https://a.example.lk', 'https://a.example.lk, http://localhost:5173'],
      ['not a url', 'javascript:alert(1)', 'https://a.example.lk/path', 'https://a.lk,file:///etc'],
    ],
    ['DATABASE_URL', ['postgres://u:p@db/bo', 'postgresql://db/bo'], ['mysql://db/bo', 'db/bo']],
    ['ADMIN_EMAIL', ['ops@example.lk'], ['ops', 'ops@']],
    ['ADMIN_PASSWORD', ['12345678', 'x'.repeat(256)], ['1234567', 'x'.repeat(257)]],
    ['LOG_LEVEL', ['info', 'silent', 'trace'], ['verbose', 'INFO']],
    ['SEED_DEMO', ['true', 'false', '1', '0', 'yes', 'no'], ['maybe', '2']],
  ] as const)('%s: accepts its edges and refuses what lies beyond, naming the variable', (name, good, bad) => {
    for (const value of good) expect(() => loadConfig({ [name]: value }), `${name}=${value}`).not.toThrow();
    for (const value of bad)
      expect(refused({ [name]: value }), `${name}=${value}`).toMatch(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('says how to set TRUST_PROXY instead of true', () => {
    expect(refused({ TRUST_PROXY: 'true' })).toMatch(/hop count/);
  });

  it('turns a hop count and an address list into what Fastify takes', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8 , 192.168.1.1 ' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.1']);
  });

  it('counts the session lifetime in whole seconds', () => {
    expect(loadConfig({ SESSION_TTL_HOURS: String(1 / 60) }).sessionTtlSeconds).toBe(60);
    expect(loadConfig({ SESSION_TTL_HOURS: '0.0167' }).sessionTtlSeconds).toBe(60);
    expect(loadConfig({ SESSION_TTL_HOURS: '0.3333333' }).sessionTtlSeconds).toBe(1200);
    expect(loadConfig({ SESSION_TTL_HOURS: '720' }).sessionTtlSeconds).toBe(720 * 3600);
    for (const hours of ['0.0167', '0.1', '0.3333333', '1.23456789', '12']) {
      expect(Number.isInteger(loadConfig({ SESSION_TTL_HOURS: hours }).sessionTtlSeconds)).toBe(true);
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});
