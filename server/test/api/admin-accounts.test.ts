import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdmin, ensureFirstAdmin, resetPassword } from '../../src/modules/users/admin-accounts';
import { countSessions } from '../../src/modules/auth/sessions-repository';
import { countAdmins } from '../../src/modules/users/users-repository';
import { signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

describeApi('administrator accounts (docs/decisions/0015-demo-data-and-admins.md)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('creates the first admin once, with a generated password that works', async () => {
    const first = await ensureFirstAdmin(t.database.db, { allowGenerated: true });
    expect(first?.email).toBe('admin@example.com');
    expect(first?.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await signIn(t.app, 'admin@example.com', first!.password!);
    expect(await ensureFirstAdmin(t.database.db, { allowGenerated: true })).toBeNull();
    expect(await countAdmins(t.database.db)).toBe(1);
  });

  it('refuses duplicates (any case), bad emails and short passwords', async () => {
    await expect(createAdmin(t.database.db, { email: 'ADMIN@example.com', password: 'long-enough' })).rejects.toThrow(
      'Email already in use',
    );
    await expect(createAdmin(t.database.db, { email: 'not-an-email', password: 'long-enough' })).rejects.toThrow(
      'Enter a valid email address',
    );
    await expect(createAdmin(t.database.db, { email: 'ops@example.lk', password: 'short' })).rejects.toThrow(
      'Password must be at least 8 characters',
    );
  });

  it('resets a password and ends that user’s sessions', async () => {
    const admin = await createAdmin(t.database.db, { email: 'reset@example.lk', password: 'first-password' });
    const cookie = await signIn(t.app, admin.email, 'first-password');
    await resetPassword(t.database.db, 'Reset@Example.lk', 'second-password');
    expect(await countSessions(t.database.db, admin.id)).toBe(0);
    expect((await t.app.inject({ url: '/api/auth/session', headers: { cookie } })).statusCode).toBe(401);
    await signIn(t.app, admin.email, 'second-password');
    await expect(resetPassword(t.database.db, 'nobody@example.lk', 'whatever-long')).rejects.toThrow('User not found');
  });
});
