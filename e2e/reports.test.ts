import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportListResponse } from '@backoffice/contract';
import { startSmtpServer, waitFor } from '../server/test/support/message-servers';
import { freePort } from '../server/test/support/pg-cluster';
import { e2eSuite } from './support/e2e';

const TOKEN = 'public-site-token-0123456789';
const smtpPort = await freePort();

/**
 * The Bug Reports inbox in Chromium (docs/product.md#bug-reports): reports sent to the intake with
 * the public site's token, filtered on screen, assigned, and resolved with a reply that reaches the
 * reporter through a real SMTP server.
 */
describe('Bug Reports in Chromium', () => {
  const e2e = e2eSuite({
    server: { env: { PUBLIC_REPORT_TOKENS: TOKEN, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } },
  });
  let mail: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    mail = await startSmtpServer({ port: smtpPort });
  });
  afterAll(() => mail?.close());

  const report = async (body: object) => {
    const res = await fetch(`${e2e.baseUrl}/api/public/reports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
  };

  it('filters the inbox, assigns a report, and resolves it with a reply emailed to the reporter', async () => {
    await report({
      kind: 'bug',
      reason: 'other',
      text: 'The search page stays blank',
      page: '/search',
      reporter: { email: 'nimali@example.lk', address: '198.51.100.4' },
    });
    await report({ kind: 'bug', reason: 'offensive', text: 'Rude words on the home page' });
    const { page } = await e2e.signIn({ screen: ['Bug Reports', '**/app/bugs'] });
    await page.getByRole('heading', { name: 'Bug Reports' }).waitFor();
    const table = page.getByRole('table', { name: 'Bug Reports' });
    await table.getByText('The search page stays blank').waitFor();
    await page.getByLabel('Reason').selectOption('offensive');
    await page.waitForURL('**/app/bugs?reason=offensive');
    await table.getByText('Rude words on the home page').waitFor();
    expect(await table.getByText('The search page stays blank').count()).toBe(0);
    await page.getByLabel('Reason').selectOption('');
    await table.getByRole('button', { name: 'The search page stays blank' }).click();
    const panel = page.getByRole('dialog', { name: 'Report' });
    await panel.getByRole('button', { name: 'Assign to me' }).click();
    await panel.getByRole('button', { name: 'Unassign' }).waitFor();
    await panel.getByLabel('Reply to the reporter (optional)').fill('Fixed today: thank you.');
    await panel.getByRole('button', { name: 'Resolve' }).click();
    await panel.getByText('Reply sent').waitFor();
    await waitFor(() => mail.received.length >= 1);
    expect(mail.received[0]!.to).toEqual(['nimali@example.lk']);
    expect(mail.received[0]!.text).toContain('Fixed today: thank you.');
    const list = await e2e.api<ReportListResponse>('/api/reports?state=resolved');
    expect(list.reports.map((r) => [r.text, r.assignee?._id !== undefined, r.reply])).toEqual([
      ['The search page stays blank', true, 'Fixed today: thank you.'],
    ]);
  });
});
