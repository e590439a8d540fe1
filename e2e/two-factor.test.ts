import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { PublicUser } from '@backoffice/contract';
import { e2eSuite } from './support/e2e';
import { promoteSecondAdmin, SECOND_PASSWORD } from './support/second-admin';

/** The code the admin's phone would show now (the server's clock is the machine's). */
const codeNow = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

/**
 * Issue 36.1 and 36.4 in Chromium against the real server: an admin enrols an authenticator app
 * from the account page (opened from the header's badge), keeps the recovery codes, signs out, and
 * signs in again with the password and then a code; a recovery code works once.
 */
describe('two-factor sign-in in Chromium', () => {
  const e2e = e2eSuite();
  let second: PublicUser;

  beforeAll(async () => {
    second = await promoteSecondAdmin(e2e);
  });

  it('enrols from the account page, then signs in with a code and with a recovery code', async () => {
    const { page, errors } = await e2e.signIn({ email: second.email, password: SECOND_PASSWORD });
    await page.getByRole('button', { name: /^Your account/ }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.waitForURL('**/app/account');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Authentication code').fill(await codeNow(secret));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    const codes = await list.getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Recovery codes left:').waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // The password, then the second step: no session before it.
    await page.getByLabel('Email').fill(second.email);
    await page.getByLabel('Password', { exact: true }).fill(SECOND_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const code = page.getByLabel('Authentication code');
    await code.waitFor();
    expect(await page.context().cookies()).not.toContainEqual(expect.objectContaining({ name: 'sid' }));
    // The code accepted at enrolment is not accepted again: the next step's code is.
    await code.fill(await codeNow(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/app/dashboard');

    // Another browser: a recovery code, once.
    const other = await e2e.newPage();
    for (const attempt of ['first', 'again'] as const) {
      await other.page.goto('/');
      await other.page.getByLabel('Email').fill(second.email);
      await other.page.getByLabel('Password', { exact: true }).fill(SECOND_PASSWORD);
      await other.page.getByRole('button', { name: 'Sign In' }).click();
      await other.page.getByRole('button', { name: 'Use a recovery code' }).click();
      await other.page.getByLabel('Recovery code').fill(codes[0]!);
      await other.page.getByRole('button', { name: 'Verify' }).click();
      if (attempt === 'first') {
        await other.page.waitForURL('**/app/dashboard');
        await other.page.getByRole('button', { name: 'Logout' }).click();
        await other.page.waitForURL((url) => url.pathname === '/');
      } else {
        await other.page.getByRole('alert').filter({ hasText: 'Invalid recovery code' }).waitFor();
      }
    }
    expect(errors).toEqual([]);
  });
});
