import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  userConfirmText,
  userMessages,
  type AdListResponse,
  type ListedUser,
  type UserDetailResponse,
  type UserListParams,
  type UserListResponse,
} from '@backoffice/contract';
import { panelSettled, screenshot } from './support/browser';
import { apiSignIn } from './support/server-process';
import { e2eSuite } from './support/e2e';
import { adminApi, hasPlainEmail } from './support/second-admin';

/**
 * User Management and User detail in Chromium against the real server and its demo advertisers
 * (60, with ~300 ads, docs/decisions/0015-demo-data-and-admins.md). Targets are found through the API, the screens are driven, and the
 * result is checked through the API again. Each test picks fresh targets, so the order of
 * earlier deletes and edits does not matter.
 */
describe('User Management in Chromium', () => {
  const e2e = e2eSuite();
  let page: Page;
  let errors: string[];

  beforeEach(async () => {
    ({ page, errors } = await e2e.signIn({ screen: ['User Management', '**/app/users'] }));
    await rows().first().waitFor();
  });

  const api = <T>(path: string, init: RequestInit = {}) => adminApi<T>(e2e, path, init);

  async function list(params: UserListParams = {}): Promise<UserListResponse> {
    const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)] as [string, string]));
    const { status, body } = await api<UserListResponse>(`/api/users?${search}`);
    expect(status).toBe(200);
    return body;
  }

  /** A demo advertiser with ads of every status and an email the edit form accepts (hasPlainEmail). */
  async function advertiserWithAds(skip: number, picture = false): Promise<ListedUser> {
    const everyone = (await list({ pageSize: 100 })).users;
    const found = everyone.filter(
      (u) =>
        u.adStats.approved &&
        u.adStats.pending &&
        u.adStats.rejected &&
        hasPlainEmail(u) &&
        (!picture || u.profilePicture),
    )[skip];
    expect(found, 'the demo set has advertisers with ads of every status').toBeDefined();
    return found!;
  }

  const idOf = (u: Pick<ListedUser, '_id'>) => u._id.slice(0, 5);
  const table = () => page.getByRole('table', { name: 'Users' });
  const rows = () => table().locator('tbody tr[aria-label]');
  const rowOf = (u: ListedUser) => table().getByRole('row', { name: new RegExp(`^${idOf(u)} `) });
  const rowIds = async () => (await rows().allInnerTexts()).map((t) => t.match(/[0-9a-f]{5}/)![0]);
  /**
   * Types a search and waits for the server's answer, so rows found earlier cannot re-render under a
   * click. (Clearing the search may be answered from the cache, without a request.)
   */
  const search = async (text: string) => {
    const box = page.getByRole('searchbox', { name: 'Search users' });
    if (text === '' || (await box.inputValue()) === text) return box.fill(text);
    const answered = page.waitForResponse(
      (r) => r.url().includes('/api/users?') && (new URL(r.url()).searchParams.get('q') ?? '') === text,
    );
    await box.fill(text);
    expect((await answered).status()).toBe(200);
  };
  const entries = (text: string) => page.getByText(text, { exact: true }).waitFor();
  const field = (label: string) =>
    page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

  it('shows the card, the formats of the spec and pages for real', async () => {
    const first = await list();
    expect(first.total).toBe(60);
    await expect.poll(rowIds).toEqual(first.users.map(idOf));
    await entries(`Showing 1 to 10 of ${first.total} entries`);
    const card = page.getByRole('region', { name: 'User counts' });
    await expect.poll(() => card.innerText()).toMatch(new RegExp(`^Total Users\\s+${first.total}$`));
    const u = first.users[0]!;
    const text = await rowOf(u).innerText();
    expect(text).toContain(u.mobile!);
    expect(text).toMatch(/\b\d{1,2} [A-Z][a-z]{2} \d{4}\b/);
    expect(text).toContain(`${u.adStats.approved}\t${u.adStats.pending}\t${u.adStats.rejected}`);
    for (const name of ['Filter', 'Export', 'Delete'])
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(1);
    await page.getByRole('combobox', { name: 'Status' }).waitFor();
    // profile pictures from the demo set load
    const pictures = table().getByRole('img', { name: /^Profile picture of / });
    expect(await pictures.count()).toBeGreaterThan(0);
    await expect
      .poll(() => pictures.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(96); // the 96 px thumbnail of the 128 px demo picture
    await screenshot(page, 'users-list');

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(rowIds).toEqual((await list({ page: 2 })).users.map(idOf));
    await entries(`Showing 11 to 20 of ${first.total} entries`);
    await page.getByRole('button', { name: 'Last page' }).click();
    await entries(`Showing 51 to 60 of ${first.total} entries`);
    await expect.poll(rowIds).toEqual((await list({ page: 6 })).users.map(idOf));
    expect(errors).toEqual([]);
  });

  it('searches name, username, email, mobile and id on the server, and shows the empty state', async () => {
    const target = (await list({ page: 3 })).users[4]!;
    for (const q of [
      target.email.toUpperCase(),
      target.username,
      target.mobile!.replace(/ /g, ''),
      target._id.slice(0, 8),
    ]) {
      await search(q);
      await expect.poll(rowIds).toContain(idOf(target));
      const expected = await list({ q });
      await expect.poll(rowIds).toEqual(expected.users.map(idOf));
    }
    await search(target.name!);
    await expect.poll(rowIds).toContain(idOf(target));
    // A search with more than a page of matches: the list leaves its total to the count call.
    const domain = target.email.split('@')[1]!;
    const many = await list({ q: domain });
    expect(many.total).toBeNull();
    const { body: counted } = await api<{ total: number }>(`/api/users/count?q=${encodeURIComponent(domain)}`);
    expect(counted.total).toBeGreaterThan(10);
    await search(domain);
    await entries(`Showing 1 to 10 of ${counted.total} entries`);
    await search('no such advertiser anywhere');
    await page.getByText(userMessages.emptyState).waitFor();
    await screenshot(page, 'users-empty');
    await search('');
    await entries('Showing 1 to 10 of 60 entries');
    expect(errors).toEqual([]);
  });

  it('views a user in the side panel and opens the user page from it', async () => {
    const target = (await list({ pageSize: 100 })).users.find((u) => u.mobile2 && u.whatsapp && u.adStats.approved)!;
    expect(target, 'the demo set has an advertiser with mobile2 and WhatsApp').toBeDefined();
    await search(target.username);
    await rowOf(target).click();
    const panel = page.getByRole('dialog', { name: 'User Details' });
    await panel.waitFor();
    await panelSettled(panel);
    expect(await field('User name').innerText()).toBe(target.name);
    expect(await field('Verified mobile').innerText()).toBe(target.mobile);
    expect(await field('Mobile 2').innerText()).toBe(target.mobile2);
    expect(await field('WhatsApp').innerText()).toBe(target.whatsapp);
    expect(await field('Registration date').innerText()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(await panel.getByText('Approved', { exact: true }).locator('xpath=..').innerText()).toContain(
      String(target.adStats.approved),
    );
    await screenshot(page, 'users-panel');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    await rowOf(target)
      .getByRole('button', { name: `Actions for user ${idOf(target)}` })
      .click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await panel.getByRole('button', { name: 'Open user page' }).click();
    await page.waitForURL(`**/app/users/${target._id}`);
    await page.getByRole('heading', { level: 2, name: target.name! }).waitFor();
    expect(errors).toEqual([]);
  });

  it('deletes a user only after the browser confirm, with their ads', async () => {
    const target = await advertiserWithAds(0);
    const adsBefore = (await api<AdListResponse>('/api/advertisements/list')).body.counts.total;
    await search(target.username);
    await rowOf(target).waitFor();
    const openDelete = async () => {
      await rowOf(target)
        .getByRole('button', { name: `Actions for user ${idOf(target)}` })
        .click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
    };
    const dismissed = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.message());
        void d.dismiss();
      }),
    );
    await openDelete();
    const { approved, pending, rejected } = target.adStats; // the spec's question, then who and their ads
    const named = userConfirmText.deleteOneWith(`${target.name} (@${target.username})`, approved + pending + rejected);
    expect(await dismissed).toBe(`${userMessages.deleteConfirm}\n\n${named}`);
    expect((await api(`/api/users/${target._id}`)).status).toBe(200);

    page.once('dialog', (d) => void d.accept());
    await openDelete();
    await page.getByText(userMessages.deleted).waitFor();
    await page.getByText(userMessages.emptyState).waitFor();
    expect((await api(`/api/users/${target._id}`)).status).toBe(404);
    const adsAfter = (await api<AdListResponse>('/api/advertisements/list')).body.counts.total;
    expect(adsBefore - adsAfter).toBe(approved + pending + rejected);
    await search('');
    await entries(`Showing 1 to 10 of 59 entries`);
    expect(errors).toEqual([]);
  });

  it('opens the user page from the name and shows every field', async () => {
    const target = await advertiserWithAds(1, true);
    const { body } = await api<UserDetailResponse>(`/api/users/${target._id}`);
    await search(target.username);
    await rowOf(target).getByRole('link', { name: target.name! }).click();
    await page.waitForURL(`**/app/users/${target._id}`);
    await page.getByRole('heading', { level: 2, name: target.name! }).waitFor();
    expect(await field('Username').innerText()).toBe(body.user.username);
    expect(await field('Email').innerText()).toBe(body.user.email);
    expect(await field('Mobile').innerText()).toBe(body.user.mobile ?? 'Not set');
    expect(await field('Join Date').innerText()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(await field('Verified').innerText()).toBe(body.user.isVerified ? 'Yes' : 'No');
    expect(await field('Account Type').innerText()).toBe('Advertiser');
    await page.getByText(body.user.isVerified ? 'Active' : 'Inactive', { exact: true }).waitFor();
    const picture = page.getByRole('img', { name: `Profile picture of ${target.name}` });
    // The 96 px thumbnail of the 128 px demo picture (a screen of one device pixel per CSS pixel).
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    const stats = page.getByRole('region', { name: 'Advertisement Statistics' });
    for (const [label, n] of [
      ['Approved', body.adStats.approved],
      ['Pending', body.adStats.pending],
      ['Rejected', body.adStats.rejected],
    ] as const)
      expect(await stats.getByText(label, { exact: true }).locator('xpath=..').innerText()).toContain(String(n));
    await screenshot(page, 'user-detail');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/app/users');
    expect(errors).toEqual([]);
  });

  it('edits a user, including the password and role, as the server then confirms', async () => {
    const target = await advertiserWithAds(2);
    await page.goto(`/app/users/${target._id}`);
    await page.getByRole('heading', { level: 2, name: target.name! }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    expect(await dialog.getByLabel('Username').inputValue()).toBe(target.username);
    expect(await dialog.getByLabel('Password').inputValue()).toBe('');
    await dialog.getByLabel('Mobile').fill('076 555 0101');
    await dialog.getByLabel('Password').fill('short');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Password must be at least 8 characters').waitFor();
    await dialog.getByLabel('Password').fill('promoted-password-1');
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption('admin');
    await dialog.getByRole('combobox', { name: 'Status' }).selectOption('inactive');
    await screenshot(page, 'user-edit-modal');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const promote = page.getByRole('dialog', { name: userConfirmText.promoteTitle }); // asks first (issue 32.7)
    await promote.getByRole('button', { name: userConfirmText.promoteConfirm }).click();
    await promote.waitFor({ state: 'detached' });
    await page.getByText(userMessages.updated).waitFor();
    await expect.poll(() => field('Account Type').innerText()).toBe('Admin');
    expect(await field('Mobile').innerText()).toBe('076 555 0101');
    await page.getByText('Inactive', { exact: true }).waitFor();
    await page.getByText('Admin', { exact: true }).first().waitFor();

    const { body } = await api<UserDetailResponse>(`/api/users/${target._id}`);
    expect(body.user).toMatchObject({ mobile: '076 555 0101', isAdmin: true, isVerified: false });
    // The new password works: as an admin now, the user can sign in with it.
    await apiSignIn(e2e.baseUrl, target.email, 'promoted-password-1');

    // A taken email is refused with the server's message (one the form accepts: the demo mistypes a few).
    const other = (await list({ pageSize: 100 })).users.find((u) => u._id !== target._id && hasPlainEmail(u))!;
    await page.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Email').fill(other.email.toUpperCase());
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => dialog.getByText(userMessages.emailInUse).count()).toBe(2);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(errors).toEqual([]);
  });

  it('deletes a user from the user page and returns to the list', async () => {
    const target = await advertiserWithAds(3);
    await page.goto(`/app/users/${target._id}`);
    await page.getByRole('heading', { level: 2, name: target.name! }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete User' });
    expect(await dialog.innerText()).toContain(userMessages.deleteConfirm);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await api(`/api/users/${target._id}`)).status).toBe(200);
    await page.getByRole('button', { name: 'Delete' }).click();
    await screenshot(page, 'user-delete-modal');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL('**/app/users');
    await page.getByText(userMessages.deleted).waitFor();
    expect((await api(`/api/users/${target._id}`)).status).toBe(404);

    // Its address now says so.
    await page.goto(`/app/users/${target._id}`);
    await page.getByText(userMessages.notFoundScreen).waitFor();
    expect(errors).toEqual([]);
  });
});
