import { afterEach, expect, it } from 'vitest';
import type { AdvertiserMessageListResponse } from '@backoffice/contract';
import { UCS2_PART } from '../../src/messages/sms-parts';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { startSmsGateway, startSmtpServer, waitFor } from '../support/message-servers';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/** A raw message's headers, unfolded, with RFC 2047 words decoded (bytes joined before UTF-8). */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1];
  if (line === undefined) return undefined;
  const joined = line.replace(/\?=\s+=\?/g, '?==?');
  return joined.replace(/(=\?UTF-8\?[BQ]\?[^?]*\?=)+/gi, (words) => {
    const bytes = [...words.matchAll(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi)].map(([, enc, text]) =>
      enc!.toUpperCase() === 'B'
        ? Buffer.from(text!, 'base64')
        : Buffer.from(
            text!
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ),
    );
    return Buffer.concat(bytes).toString('utf8');
  });
}

/** The text/plain and text/html parts of a multipart message, decoded. */
function bodies(raw: string): { text: string; html: string } {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)![1]!;
  const found: Record<string, string> = {};
  for (const part of raw.split(`--${boundary}`).slice(1, -1)) {
    const [head, ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    const encoding = /Content-Transfer-Encoding:\s*(\S+)/i.exec(head!)?.[1]?.toLowerCase();
    const type = /Content-Type:\s*([^;\s]+)/i.exec(head!)?.[1]?.toLowerCase() ?? '';
    found[type] =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              body
                .replace(/=\r?\n/g, '')
                .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
              'latin1',
            ).toString('utf8')
          : body;
  }
  return { text: found['text/plain'] ?? '', html: found['text/html'] ?? '' };
}

describeApi('messages in the advertiser’s language (issue 35.5)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function setup() {
    const mail = await startSmtpServer();
    cleanups.push(mail.close);
    const gateway = await startSmsGateway();
    cleanups.push(gateway.close);
    const t: TestApp = await buildTestApp({
      env: { SMTP_URL: mail.url, MAIL_FROM: 'Ads <no-reply@ads.example.lk>', SMS_WEBHOOK_URL: gateway.url },
    });
    cleanups.push(() => t.close());
    const admin = await makeAdmin(t.database.db);
    const api = adminClient(t.app, await signIn(t.app, admin.email));
    const settled = (adId: string) =>
      waitFor(async () => {
        const res = await api.send('GET', `/api/advertiser-messages?adId=${adId}`);
        const list = res.json<AdvertiserMessageListResponse>().messages;
        return list.length === 2 && list.every((m) => m.status === 'sent') && list;
      });
    return { t, api, mail, gateway, settled };
  }

  const heading = 'Toyota Aqua 2015 – කොළඹ <hybrid> & "clean"';
  const reason = 'The photos show a different vehicle; please upload photos of your own car.';

  it('writes each decision from the template in the advertiser’s language: email with Content-Language, SMS in Unicode parts', async () => {
    const { t, api, mail, gateway, settled } = await setup();
    const expected = {
      en: { subject: `Your ad was not approved: ${heading}`, opening: `Your ad "${heading}" was not approved.` },
      si: {
        subject: `ඔබගේ දැන්වීම අනුමත කිරීමට නොහැකි විය: ${heading}`,
        opening: `කණගාටුයි, ඔබගේ "${heading}" දැන්වීම අනුමත කිරීමට නොහැකි විය.`,
      },
      ta: {
        subject: `உங்கள் விளம்பரம் அங்கீகரிக்கப்படவில்லை: ${heading}`,
        opening: `மன்னிக்கவும், உங்கள் "${heading}" விளம்பரத்தை அங்கீகரிக்க இயலவில்லை.`,
      },
    } as const;
    const numbers = { en: '0771111111', si: '0772222222', ta: '0773333333' } as const;

    for (const language of ['en', 'si', 'ta'] as const) {
      const user = await makeUser(t.database.db, {
        language,
        email: `${language}@example.lk`,
        mobile: numbers[language],
      });
      const ad = await makeAd(t.database.db, { userId: user.id, heading });
      expect((await api.reject(ad.id, reason)).statusCode).toBe(200);
      await settled(ad.id);
      const rows = (await t.app.advertiserOutbox.list({ adId: ad.id, page: 1, pageSize: 10 })).rows;
      expect(rows.map((m) => m.language)).toEqual([language, language]);

      const email = await waitFor(() => mail.received.find((m) => m.to[0] === `${language}@example.lk`));
      expect(header(email.raw, 'Content-Language')).toBe(language);
      expect(header(email.raw, 'Subject')).toBe(expected[language].subject);
      const { text, html } = bodies(email.raw);
      // The heading and the reason as written, whatever the language.
      expect(text).toContain(expected[language].opening);
      expect(text).toContain(reason);
      expect(html).toContain('Toyota Aqua 2015 – කොළඹ &lt;hybrid&gt; &amp; &quot;clean&quot;');

      const to = `+94${numbers[language].slice(1)}`;
      const sms = await waitFor(() => gateway.received.find((r) => r.body.to === to));
      const body = sms.body as { to: string; text: string; encoding: string; parts: string[] };
      expect(body.text.startsWith(expected[language].opening)).toBe(true);
      // The heading's Sinhala word makes even the English text Unicode.
      expect(body.encoding).toBe('ucs2');
      expect(body.parts.join('')).toBe(body.text);
      expect(body.parts.length).toBeGreaterThan(1);
      expect(body.parts.every((p) => p.length <= UCS2_PART)).toBe(true);
    }
  });

  it('keeps an English SMS in the GSM alphabet in one part; a Sinhala approval is Unicode, split at 70', async () => {
    const { t, api, gateway, settled } = await setup();
    const en = await makeUser(t.database.db, { mobile: '0774444444' });
    const si = await makeUser(t.database.db, { mobile: '0775555555', language: 'si' });
    const enAd = await makeAd(t.database.db, { userId: en.id, heading: 'Bicycle' });
    const siAd = await makeAd(t.database.db, { userId: si.id, heading: 'Bicycle' });
    expect((await api.approve(enAd.id)).statusCode).toBe(200);
    expect((await api.approve(siAd.id)).statusCode).toBe(200);
    await settled(enAd.id);
    await settled(siAd.id);
    const sms = (to: string) =>
      gateway.received.find((r) => r.body.to === to)!.body as {
        to: string;
        text: string;
        encoding: string;
        parts: string[];
      };
    expect(sms('+94774444444')).toEqual({
      to: '+94774444444',
      text: 'Your ad "Bicycle" was approved and is now live.',
      encoding: 'gsm7',
      parts: ['Your ad "Bicycle" was approved and is now live.'],
    });
    const sinhala = sms('+94775555555');
    expect(sinhala.text).toBe('ඔබගේ "Bicycle" දැන්වීම අනුමත කර ඇති අතර, දැන් පළ වී ඇත. ස්තූතියි.');
    expect(sinhala.encoding).toBe('ucs2');
    expect(sinhala.parts).toEqual([sinhala.text]);
    expect(sinhala.text.length).toBeLessThanOrEqual(70);
  });
});

describeApi('SMS parts', () => {
  it('never cuts a Sinhala or Tamil letter from its vowel signs, nor an emoji in half', async () => {
    const { splitSms } = await import('../../src/messages/sms-parts');
    for (const text of ['ශ්‍රී ලංකාවේ කොළඹ නගරයේ '.repeat(8), 'தமிழ்நாட்டில் விற்பனைக்கு '.repeat(8), '😀'.repeat(100)]) {
      const { encoding, parts } = splitSms(text);
      expect(encoding).toBe('ucs2');
      expect(parts.join('')).toBe(text);
      for (const p of parts) {
        expect(p.length).toBeLessThanOrEqual(67);
        expect(/^[\p{M}\u200d\udc00-\udfff]/u.test(p)).toBe(false);
      }
    }
    expect(splitSms('x'.repeat(160))).toEqual({ encoding: 'gsm7', parts: ['x'.repeat(160)] });
    expect(splitSms('x'.repeat(161)).parts.map((p) => p.length)).toEqual([153, 8]);
    expect(splitSms('ක'.repeat(70)).parts).toHaveLength(1);
    expect(splitSms('ක'.repeat(71)).parts.map((p) => p.length)).toEqual([67, 4]);
  });
});
