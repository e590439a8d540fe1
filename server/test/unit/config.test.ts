import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

describe('config (D6)', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      sessionTtlHours: 12,
      trustProxy: false,
      seedDemo: true,
      allowedOrigins: [],
    });
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/bo',
      DATABASE_URL: 'postgres://u:p@db:5432/bo',
      SESSION_TTL_HOURS: '8',
      ALLOWED_ORIGINS: 'https://admin.example.lk, https://ops.example.lk/',
      TRUST_PROXY: 'true',
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
      trustProxy: true,
      seedDemo: false,
      adminEmail: 'ops@example.lk',
      adminPassword: 'long-enough',
    });
  });

  it('does not seed demo data on a PostgreSQL server unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://x/y' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgresql://x/y', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it.each([
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

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});
