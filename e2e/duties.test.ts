import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dutyMessages, type Duty } from '@backoffice/contract';
import { panelSettled, screenshot } from './support/browser';
import { e2eSuite } from './support/e2e';

/**
 * Duties and Responsibilities in Chromium against the real server and its five demo duties (docs/decisions/0015-demo-data-and-admins.md):
 * add with the bold and link helpers, view the rich text (a script or onerror payload stays inert),
 * edit, delete, search and filter; every change is checked through the API.
 */
describe('Duties and Responsibilities in Chromium', () => {
  const e2e = e2eSuite();
  let page: Page;
  let errors: string[];

  beforeEach(async () => {
    ({ page, errors } = await e2e.signIn({
      screen: ['Duties and Responsibilities', '**/app/duties'],
      before: (opened) => {
        // A payload that ran would set this, or open a dialog.
        opened.page.on('dialog', (d) => {
          opened.errors.push(`dialog: ${d.message()}`);
          void d.dismiss();
        });
      },
    }));
    await rows().first().waitFor();
  });

  async function duties(): Promise<Duty[]> {
    const res = await fetch(`${e2e.baseUrl}/api/duties`, { headers: { cookie: e2e.cookie } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { duties: Duty[] }).duties;
  }

  const table = () => page.getByRole('table', { name: 'Duties' });
  const rows = () => table().locator('tbody tr[aria-label]');
  const shownCodes = async () => (await rows().allInnerTexts()).map((t) => t.match(/#D\d{4}/)![0]);
  const panel = (name: string) => page.getByRole('dialog', { name });

  it('lists the demo duties, searches and filters by status', async () => {
    const all = await duties();
    expect(all).toHaveLength(5);
    await expect.poll(shownCodes).toEqual(all.map((d) => d.id));
    const first = table().getByRole('row', { name: new RegExp(all[0]!.id) });
    expect(await first.getByRole('cell').nth(3).innerText()).toBe(String(all[0]!.conditions.length));
    await screenshot(page, 'duties-list');

    await page.getByRole('combobox', { name: 'Status' }).selectOption('Inactive');
    await expect.poll(shownCodes).toEqual(all.filter((d) => d.status === 'Inactive').map((d) => d.id));
    await page.getByRole('combobox', { name: 'Status' }).selectOption('all');
    await page.getByRole('searchbox', { name: 'Search duties' }).fill('VEHICLE');
    await expect.poll(shownCodes).toEqual(all.filter((d) => /vehicle/i.test(d.title + d.description)).map((d) => d.id));
    await page.getByRole('searchbox', { name: 'Search duties' }).fill('nothing like this');
    await page.getByText(dutyMessages.emptyState).waitFor();
    expect(errors).toEqual([]);
  });

  it('views a duty with its conditions rendered as rich text', async () => {
    const duty = (await duties()).find((d) => d.conditions.some((c) => c.includes('<a href="https')))!;
    await table()
      .getByRole('button', { name: `View ${duty.id}` })
      .click();
    const view = panel('Duty Details');
    await view.waitFor();
    const conditions = view.getByRole('list', { name: 'Conditions' });
    expect(await conditions.getByRole('listitem').count()).toBe(duty.conditions.length);
    const link = conditions.getByRole('link').first();
    expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await conditions.locator('b, strong').count()).toBeGreaterThan(0);
    await panelSettled(view);
    await screenshot(page, 'duties-view');
    expect(errors).toEqual([]);
  });

  it('adds a duty with bold, a link and an inert payload, then edits and deletes it', async () => {
    await page.getByRole('button', { name: 'Add New' }).click();
    const form = panel('Add New Duty');
    await form.waitFor();
    await form.getByRole('button', { name: 'Add Duty' }).click();
    await form.getByText(dutyMessages.titleRequired).waitFor();
    await form.getByText(dutyMessages.descriptionRequired).waitFor();
    expect(await form.getByRole('button', { name: 'Remove condition 1' }).isDisabled()).toBe(true);

    await form.getByLabel('Title', { exact: true }).fill('Check electronics listings');
    await form.getByText(dutyMessages.titleRequired).waitFor({ state: 'detached' });
    await form.getByLabel('Description').fill('Phones and laptops must show the real model and warranty.');
    const first = form.getByLabel('Condition 1', { exact: true });
    await first.fill('Warranty must be stated on every phone ad');
    // Select "every phone ad" and make it bold.
    await first.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(27, 41));
    await form.getByRole('group', { name: 'Condition 1 formatting' }).getByRole('button', { name: 'Bold' }).click();
    await expect.poll(() => first.inputValue()).toBe('Warranty must be stated on <b>every phone ad</b>');

    await form.getByRole('button', { name: 'Add condition' }).click();
    const second = form.getByLabel('Condition 2', { exact: true });
    await second.fill('Check IMEI numbers with the TRCSL register');
    await second.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(28, 42));
    await form.getByRole('group', { name: 'Condition 2 formatting' }).getByRole('button', { name: 'Link' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Insert link' });
    const url = linkDialog.getByLabel('Link URL');
    await expect.poll(() => url.evaluate((el) => el === document.activeElement)).toBe(true);
    await url.fill('javascript:alert(1)');
    await linkDialog.getByRole('button', { name: 'Insert link' }).click();
    await linkDialog.getByText(dutyMessages.linkInvalid).waitFor();
    await url.fill('https://www.trc.gov.lk');
    await url.press('Enter');
    await linkDialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => second.inputValue())
      .toBe('Check IMEI numbers with the <a href="https://www.trc.gov.lk">TRCSL register</a>');

    await form.getByRole('button', { name: 'Add condition' }).click();
    await form
      .getByLabel('Condition 3', { exact: true })
      .fill(
        'Payload <img src=x onerror="alert(\'xss\')"><script>alert(2)</script><a href="javascript:alert(3)">bad link</a> <b style="color:red">ok</b>',
      );
    expect(await form.getByRole('button', { name: 'Remove condition 3' }).isEnabled()).toBe(true);
    const preview = form.getByText('Preview').nth(2).locator('xpath=..');
    await preview.getByText('ok', { exact: true }).waitFor();
    expect(await preview.locator('img, script, [onerror], [style], a').count()).toBe(0);
    await panelSettled(form);
    await screenshot(page, 'duties-form');
    await form.getByRole('button', { name: 'Add Duty' }).click();
    await form.waitFor({ state: 'detached' });
    // The form's live preview ran the typed payload through DOMPurify. Parsing it, even in
    // DOMPurify's inert document, makes Chromium report the onerror handler as blocked by the CSP
    // (script-src-attr 'none'): a third layer, and proof that nothing ran. From here on (stored,
    // server-sanitised conditions) nothing at all may be logged.
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    for (const e of errors.splice(0))
      expect(e).toMatch(/^console: Executing inline event handler violates .*script-src-attr 'none'.*blocked/);

    const created = (await duties()).find((d) => d.title === 'Check electronics listings')!;
    expect(created.id).toMatch(/^#D\d{4}$/);
    expect(created.conditions).toEqual([
      'Warranty must be stated on <b>every phone ad</b>',
      'Check IMEI numbers with the <a href="https://www.trc.gov.lk" rel="noopener noreferrer">TRCSL register</a>',
      'Payload bad link <b>ok</b>',
    ]);
    await table()
      .getByRole('button', { name: `View ${created.id}` })
      .click();
    const view = panel('Duty Details');
    const conditions = view.getByRole('list', { name: 'Conditions' });
    await conditions.getByRole('link', { name: 'TRCSL register' }).waitFor();
    expect(await conditions.locator('img, script, [onerror], [style]').count()).toBe(0);
    expect(await conditions.getByText('every phone ad').evaluate((el) => el.tagName)).toBe('B');
    await view.getByRole('button', { name: 'Edit' }).click();

    const edit = panel('Edit Duty');
    await edit.waitFor();
    await edit.getByLabel('Title', { exact: true }).fill('Check phone and laptop listings');
    await edit.getByRole('switch', { name: 'Status' }).click();
    await edit.getByRole('button', { name: 'Remove condition 3' }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'detached' });
    expect((await duties()).find((d) => d._id === created._id)).toMatchObject({
      id: created.id,
      title: 'Check phone and laptop listings',
      status: 'Inactive',
      conditions: created.conditions.slice(0, 2),
    });
    await table()
      .getByRole('row', { name: new RegExp(`${created.id} Check phone and laptop listings`) })
      .waitFor();

    await table()
      .getByRole('button', { name: `Delete ${created.id}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete Duty' });
    await confirm.getByText(dutyMessages.deleteConfirm).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await table()
      .getByRole('row', { name: new RegExp(created.id) })
      .waitFor({ state: 'detached' });
    expect((await duties()).some((d) => d._id === created._id)).toBe(false);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(errors).toEqual([]);
  });
});
