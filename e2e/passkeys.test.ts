import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PublicUser } from '@backoffice/contract';
import { screenshot, signInThroughForm } from './support/browser';
import { e2eSuite } from './support/e2e';
import { promoteSecondAdmin, SECOND_PASSWORD } from './support/second-admin';

/**
 * Chromium's DevTools virtual authenticator on this page (real WebAuthn: the browser makes the
 * key, signs the challenges and keeps the signature counter; nothing on the server is mocked).
 */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * Issue 36.1's passkeys in Chromium against the real server: added from the account page, then
 * the second step after the password, then a passkey alone. WebAuthn's RP ID must be a domain, so
 * the browser uses localhost (a secure context over http), not the server's 127.0.0.1.
 */
describe('passkeys in Chromium', () => {
  const e2e = e2eSuite();
  let second: PublicUser;

  beforeAll(async () => {
    second = await promoteSecondAdmin(e2e);
  });

  it('adds a passkey on the account page, then signs in with the password and the passkey, and with the passkey alone', async () => {
    const baseURL = e2e.baseUrl.replace('127.0.0.1', 'localhost');
    const { page, errors } = await e2e.newPage({ context: { baseURL } });
    const authenticator = await virtualAuthenticator(page);
    await signInThroughForm(page, second.email, SECOND_PASSWORD);

    await page.goto('/app/account');
    const add = page.getByRole('form', { name: 'Add a passkey' });
    await add.getByLabel('Passkey name').fill('Chromium key');
    await add.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey “Chromium key” added.').waitFor();
    const list = page.getByRole('list', { name: 'Passkeys' });
    await list.getByText('Chromium key').waitFor();
    await expect.poll(async () => (await list.textContent()) ?? '').toContain('Last used never');
    await screenshot(page, 'account-passkeys');
    const [credential] = await authenticator.credentials();
    expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    await signOut(page);

    // The password, then the passkey as the second step: no session before it.
    await page.getByLabel('Email').fill(second.email);
    await page.getByLabel('Password', { exact: true }).fill(SECOND_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The account has no authenticator app: the passkey is its one second step.
    const usePasskey = page.getByRole('group', { name: 'Second step' }).getByRole('button', { name: 'Use a passkey' });
    await usePasskey.waitFor();
    expect(await page.getByLabel('Authentication code').count()).toBe(0);
    await screenshot(page, 'sign-in-passkey-step');
    expect(await page.context().cookies()).not.toContainEqual(expect.objectContaining({ name: 'sid' }));
    await usePasskey.click();
    await page.waitForURL('**/app/dashboard');
    const afterSecondStep = (await authenticator.credentials())[0]!.signCount;
    expect(afterSecondStep).toBeGreaterThan(credential!.signCount);
    await signOut(page);

    // A passkey alone: no email, no password.
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await page.waitForURL('**/app/dashboard');
    expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(afterSecondStep);

    // The account page shows it used, and this session as opened with a passkey.
    await page.goto('/app/account');
    await expect.poll(async () => (await list.textContent()) ?? '').not.toContain('Last used never');
    const current = page
      .getByRole('list', { name: 'Sessions' })
      .getByRole('listitem')
      .filter({ hasText: 'This browser' });
    await expect.poll(async () => (await current.textContent()) ?? '').toContain('Passkey');
    expect(errors).toEqual([]);
  });
});
