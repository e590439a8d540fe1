import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { renderEmail, renderSms, SMS_MAX } from '../../src/messages/render';
import { emailRecipient } from '../../src/messages/recipients';
import { smsRecipient, toE164 } from '../../src/messages/phone';

describe('messages to advertisers: configuration', () => {
  it('defaults to files, in-process delivery and a local sender', () => {
    const c = loadConfig({}).messages;
    expect(c).toEqual({
      smtpUrl: undefined,
      mailFrom: 'Back-office <no-reply@localhost>',
      smsWebhookUrl: undefined,
      smsWebhookToken: undefined,
      worker: true,
      enabled: true,
    });
  });

  it('reads SMTP, the SMS gateway and the worker switch', () => {
    const c = loadConfig({
      SMTP_URL: 'smtp://user:pass@mail.example.lk:587',
      MAIL_FROM: 'Ads <no-reply@ads.example.lk>',
      SMS_WEBHOOK_URL: 'https://sms.example.lk/send',
      SMS_WEBHOOK_TOKEN: 'secret',
      MESSAGE_WORKER: 'false',
    }).messages;
    expect(c).toMatchObject({ smtpUrl: 'smtp://user:pass@mail.example.lk:587', worker: false });
  });

  it.each([
    ['SMTP_URL', 'mail.example.lk:587'],
    ['MAIL_FROM', 'not an address'],
    ['SMS_WEBHOOK_URL', 'ftp://sms.example.lk'],
    ['MESSAGE_WORKER', 'maybe'],
    ['ADVERTISER_MESSAGES', 'maybe'],
  ])('refuses %s=%s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});

describe('messages to advertisers: rendering', () => {
  it('escapes advertiser text in HTML and keeps the reason word for word in the text part', () => {
    const reason = 'Contains <script>alert(1)</script> & a phone number.';
    const m = renderEmail('en', 'rejected', { heading: '<img src=x onerror=alert(1)>', reason });
    expect(m.html).not.toContain('<img');
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(m.text).toContain(reason);
  });

  it('keeps an SMS within 160 characters, the heading whole when the reason can give way', () => {
    for (const [heading, reason] of [
      ['Short', 'r'.repeat(400)],
      ['h'.repeat(400), 'Price missing'],
      ['h'.repeat(400), 'r'.repeat(400)],
    ] as const) {
      for (const kind of ['approved', 'rejected', 'deleted'] as const) {
        expect(renderSms('en', kind, { heading, reason }).length).toBeLessThanOrEqual(SMS_MAX);
      }
    }
    expect(renderSms('en', 'approved', { heading: 'Bike', reason: null })).toBe(
      'Your ad "Bike" was approved and is now live.',
    );
    expect(renderSms('xx', 'deleted', { heading: 'Bike', reason: null })).toBe('Your ad "Bike" was removed.');
  });

  it('writes Sri Lankan mobiles in E.164', () => {
    expect(toE164('077 123 4567')).toBe('+94771234567');
    expect(toE164('+94 77 123 4567')).toBe('+94771234567');
    expect(toE164('94771234567')).toBe('+94771234567');
    expect(toE164('0771234567')).toBe('+94771234567');
    expect(toE164('12345')).toBeNull();
    expect(toE164('0771234567\r\nx')).toBeNull();
  });

  it('takes exactly one plain email address as a recipient (issue 38)', () => {
    expect(emailRecipient('nimal@example.lk')).toBe('nimal@example.lk');
    for (const bad of [
      'victim@example.lk, attacker@evil.example',
      'victim@example.lk\r\nBcc: attacker@evil.example',
      'Undisclosed: attacker@evil.example;',
      '"victim@example.lk" <attacker@evil.example>',
      'victim@example.lk attacker@evil.example',
      '<victim@example.lk>',
      'victim@example.lk (note)',
      ' victim@example.lk',
      'victim',
      '',
    ])
      expect([bad, emailRecipient(bad)]).toEqual([bad, null]);
  });

  it('texts only a valid number written exactly in E.164 (issue 38)', () => {
    expect(smsRecipient('+94771234567')).toBe('+94771234567');
    for (const bad of [
      '+10000000000',
      '+447700900123',
      '+9477123456',
      '0771234567',
      '+94 77 123 4567',
      '+94771234567\n',
    ])
      expect([bad, smsRecipient(bad)]).toEqual([bad, null]);
  });
});
