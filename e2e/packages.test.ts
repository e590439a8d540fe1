import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatPackagePrice, packageMessages, type Package } from '@backoffice/contract';
import { panelSettled, screenshot } from './support/browser';
import { e2eSuite } from './support/e2e';

/**
 * Package Management in Chromium against the real server and its six demo packages (docs/decisions/0015-demo-data-and-admins.md).
 * The screen is driven with role and label locators and every change is checked through the API.
 */
describe('Package Management in Chromium', () => {
  const e2e = e2eSuite();
  let page: Page;
  let errors: string[];

  beforeEach(async () => {
    ({ page, errors } = await e2e.signIn({ screen: ['Package Management', '**/app/packages'] }));
    await rows().first().waitFor();
  });

  async function packages(): Promise<Package[]> {
    const res = await fetch(`${e2e.baseUrl}/api/packages`, { headers: { cookie: e2e.cookie } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { packages: Package[] }).packages;
  }

  const table = () => page.getByRole('table', { name: 'Packages' });
  const rows = () => table().locator('tbody tr[aria-label]');
  const shownPids = async () => (await rows().allInnerTexts()).map((t) => t.match(/PKG-\d{4}/)![0]);
  const expectPids = (expected: string[]) => expect.poll(shownPids).toEqual(expected);
  const panel = (name: string) => page.getByRole('dialog', { name });
  const field = (name: string) => panel('Add Package').or(panel('Edit Package')).getByLabel(name, { exact: true });

  it('lists the demo packages with icons, sorts by every sortable header, filters and searches', async () => {
    const all = await packages();
    expect(all).toHaveLength(6);
    const byPid = [...all].sort((a, b) => a.pid.localeCompare(b.pid));
    await expectPids(byPid.map((p) => p.pid));
    await page.getByText('Showing 6 of 6 packages').waitFor();
    // The icons are the shipped SVGs and they load.
    const icon = rows().first().getByRole('img');
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await icon.getAttribute('src')).toMatch(/^\/icons\/package-(regular|digital)\.svg$/);
    await screenshot(page, 'packages-list');

    await table().getByRole('button', { name: 'PID' }).click();
    await expectPids(byPid.map((p) => p.pid).reverse());
    expect(await table().getByRole('columnheader', { name: 'PID' }).getAttribute('aria-sort')).toBe('descending');
    await table().getByRole('button', { name: 'Name' }).click();
    await expectPids([...all].sort((a, b) => a.name.localeCompare(b.name)).map((p) => p.pid));
    await table().getByRole('button', { name: 'Name' }).click();
    await expectPids([...all].sort((a, b) => b.name.localeCompare(a.name)).map((p) => p.pid));
    // The server sorts and filters (each change asks it again): wait for the rows it answers.
    await table().getByRole('button', { name: 'Type' }).click();
    const digitalFirst = async () =>
      (await shownPids()).slice(0, 3).every((pid) => all.find((p) => p.pid === pid)!.type === 'Digital');
    await expect.poll(digitalFirst).toBe(true);
    await table().getByRole('button', { name: 'Status' }).click();
    await page.waitForURL(/sort=status&order=asc/);
    await table().getByRole('button', { name: 'Status' }).click();
    await page.waitForURL(/sort=status&order=desc/);
    const inactive = all.filter((p) => p.status === 'Inactive');
    await expect.poll(async () => (await shownPids())[0]).toBe(inactive[0]!.pid);

    await page.getByRole('combobox', { name: 'Status' }).selectOption('Inactive');
    await expectPids(inactive.map((p) => p.pid));
    await page.getByRole('combobox', { name: 'Status' }).selectOption('Active');
    await expect.poll(async () => (await shownPids()).length).toBe(all.length - inactive.length);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('all');
    await page.getByRole('searchbox', { name: 'Search packages' }).fill('PROPERTY');
    await expectPids(all.filter((p) => /property/i.test(p.name + p.description)).map((p) => p.pid));
    await page.getByRole('searchbox', { name: 'Search packages' }).fill('no such package');
    await page.getByText('No packages found').waitFor();
    expect(errors).toEqual([]);
  });

  it('views every field of a package', async () => {
    const pkg = (await packages()).find((p) => p.popularity !== 'None')!;
    await table()
      .getByRole('button', { name: `View ${pkg.name}` })
      .click();
    const view = panel('Package Details');
    await view.waitFor();
    for (const text of [pkg.pid, pkg.name, pkg.popularity, formatPackagePrice(pkg.price), pkg.duration, pkg.status])
      await view.getByText(text, { exact: true }).first().waitFor();
    expect(await view.getByRole('list', { name: 'Features' }).getByRole('listitem').count()).toBe(pkg.features.length);
    await view.getByText(String(pkg.subscriberCount), { exact: true }).waitFor();
    expect(pkg.subscriberCount).toBeGreaterThan(0);
    await panelSettled(view);
    await screenshot(page, 'packages-view');
    await view.getByRole('button', { name: 'Close panel' }).click();
    await view.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('adds a package after showing the spec messages, then edits and deletes it', async () => {
    await page.getByRole('button', { name: 'Add Package' }).click();
    const form = panel('Add Package');
    await form.waitFor();
    await form.getByRole('button', { name: 'Add Package' }).click();
    for (const message of [
      packageMessages.nameRequired,
      packageMessages.typeRequired,
      packageMessages.descriptionRequired,
      packageMessages.priceInvalid,
      packageMessages.durationRequired,
      packageMessages.maxAdsInvalid,
      packageMessages.featuresRequired,
    ])
      await form.getByText(message).waitFor();
    expect(await form.getByRole('button', { name: 'Remove feature 1' }).isDisabled()).toBe(true);
    await panelSettled(form);
    await screenshot(page, 'packages-form-errors');

    await field('Name').fill('Vehicle Dealer Pack');
    await form.getByText(packageMessages.nameRequired).waitFor({ state: 'detached' });
    await field('Type').selectOption('Regular');
    await field('Price (LKR)').fill('0');
    await field('Duration').fill('30 days');
    await field('Max Ads').fill('25');
    await field('Popularity').selectOption('Popular');
    await field('Description').fill('For used-car sales yards in Colombo and Gampaha.');
    await field('Feature 1').fill('25 vehicle ads');
    await form.getByRole('button', { name: 'Add feature' }).click();
    await field('Feature 2').fill('   ');
    await form.getByRole('button', { name: 'Add feature' }).click();
    await field('Feature 3').fill('Dealer badge');
    await form.getByRole('button', { name: 'Add Package' }).click();
    await form.getByText(packageMessages.priceInvalid).waitFor();
    await field('Price (LKR)').fill('7,500');
    await screenshot(page, 'packages-form');
    await form.getByRole('button', { name: 'Add Package' }).click();
    await page.getByText('Package created successfully').waitFor();
    await form.waitFor({ state: 'detached' });

    const created = (await packages()).find((p) => p.name === 'Vehicle Dealer Pack')!;
    expect(created).toMatchObject({
      pid: 'PKG-0007',
      type: 'Regular',
      price: 7500,
      maxAds: 25,
      popularity: 'Popular',
      status: 'Active',
      features: ['25 vehicle ads', 'Dealer badge'],
      icon: '/icons/package-regular.svg',
      subscriberCount: 0,
    });
    await table()
      .getByRole('row', { name: /PKG-0007/ })
      .waitFor();
    // docs/product.md#error-catalogue, docs/product.md#business-constants: the message goes by itself
    // (the exact 3 s is checked under fake timers in the web tests; here the limit is a hang guard).
    await page.getByText('Package created successfully').waitFor({ state: 'detached', timeout: 15_000 });

    await table().getByRole('button', { name: 'Edit Vehicle Dealer Pack' }).click();
    await panel('Edit Package').waitFor();
    expect(await field('Price (LKR)').inputValue()).toBe('7500');
    await field('Price (LKR)').fill('8250');
    await panel('Edit Package').getByRole('switch', { name: 'Status' }).click();
    await panel('Edit Package').getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Package updated successfully').waitFor();
    expect((await packages()).find((p) => p._id === created._id)).toMatchObject({ price: 8250, status: 'Inactive' });
    await table()
      .getByRole('row', { name: /PKG-0007/ })
      .getByText('Inactive')
      .waitFor();

    await table().getByRole('button', { name: 'Delete Vehicle Dealer Pack' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Package' });
    await confirm.getByText(packageMessages.deleteConfirm).waitFor();
    await screenshot(page, 'packages-delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Package deleted successfully').waitFor();
    await table()
      .getByRole('row', { name: /PKG-0007/ })
      .waitFor({ state: 'detached' });
    expect((await packages()).some((p) => p._id === created._id)).toBe(false);
    expect(errors).toEqual([]);
  });
});
