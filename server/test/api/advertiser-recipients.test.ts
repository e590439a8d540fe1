import { afterEach, expect, it } from 'vitest';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { startSmsGateway, startSmtpServer, waitFor } from '../support/message-servers';
import { buildTestApp, describeApi } from '../support/test-app';

/**
 * Issue 38.7: advertisers' emails and mobiles come from the public site's rows. Each message goes
 * to exactly one address or fails with the reason, sending nothing to anyone
 * (docs/decisions/0022-advertiser-messages.md).
 */
describeApi('one recipient per message (issue 38)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function setup(env: Record<string, string>) {
    const t = await buildTestApp({ env });
    cleanups.push(() => t.close());
    const admin = await makeAdmin(t.database.db);
    const api = adminClient(t.app, await signIn(t.app, admin.email));
    /** Approves an ad of a new advertiser with these fields; the ad's id. */
    const decide = async (fields: { email?: string; mobile?: string }) => {
      const user = await makeUser(t.database.db, { isVerified: true, ...fields });
      const ad = await makeAd(t.database.db, { userId: user.id, heading: `Ad of ${JSON.stringify(fields)}` });
      expect((await api.approve(ad.id)).statusCode).toBe(200);
      return ad.id;
    };
    /** Every message of these ads once none is queued or sending. */
    const settled = (adIds: string[]) =>
      waitFor(async () => {
        const rows = (await t.app.advertiserOutbox.list({ page: 1, pageSize: 100 })).rows.filter(
          (r) => r.adId !== null && adIds.includes(r.adId),
        );
        return rows.length === adIds.length && rows.every((r) => r.status === 'sent' || r.status === 'failed') && rows;
      });
    return { decide, settled };
  }

  it('an email with a second address, a Bcc header, a group or a display name fails and reaches no one', async () => {
    const mail = await startSmtpServer();
    cleanups.push(mail.close);
    const { decide, settled } = await setup({ SMTP_URL: mail.url });
    const bad = [
      'victim@example.lk, attacker@evil.example',
      'victim@example.lk\r\nBcc: attacker@evil.example',
      'Undisclosed: attacker@evil.example;',
      '"victim@example.lk" <attacker@evil.example>',
      'victim@example.lk attacker@evil.example',
      '<victim@example.lk>',
    ];
    const badIds = [];
    for (const email of bad) badIds.push(await decide({ email }));
    const goodId = await decide({ email: 'kamal@example.lk' });

    const rows = await settled([...badIds, goodId]);
    for (const row of rows.filter((r) => r.adId !== goodId))
      expect([row.recipient, row.status, row.attempts, row.lastError]).toEqual([
        row.recipient,
        'failed',
        1,
        'Not a single valid email address',
      ]);
    expect(rows.find((r) => r.adId === goodId)?.status).toBe('sent');
    await waitFor(() => mail.received.length >= 1);
    expect(mail.received.map((m) => m.to)).toEqual([['kamal@example.lk']]);
    expect(mail.received[0]!.raw).not.toMatch(/^Bcc:/im);
  });

  it('a text goes only to a valid number written in E.164', async () => {
    const gateway = await startSmsGateway();
    cleanups.push(gateway.close);
    const { decide, settled } = await setup({ SMS_WEBHOOK_URL: gateway.url });
    // Numbers SQL writes as E.164 by their shape, which are no real number.
    const badIds = [await decide({ mobile: '+1 000 000 0000' }), await decide({ mobile: '+44 7700 900 123' })];
    const goodId = await decide({ mobile: '077 123 4567' });

    const rows = await settled([...badIds, goodId]);
    for (const row of rows.filter((r) => r.adId !== goodId))
      expect([row.recipient, row.status, row.lastError]).toEqual([
        row.recipient,
        'failed',
        'Not a valid mobile number',
      ]);
    expect(rows.find((r) => r.adId === goodId)).toMatchObject({ status: 'sent', recipient: '+94771234567' });
    expect(gateway.received.map((r) => r.body.to)).toEqual(['+94771234567']);
  });
});
