import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MessagesConfig } from '../config';
import type { AdvertiserMessageRow } from '../db/schema';
import { messageLanguage, renderEmail, renderSms } from './render';
import { splitSms } from './sms-parts';

/** A failed attempt; `permanent` ones (no address, a 5xx refusal) are not retried. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export type Outgoing = Pick<
  AdvertiserMessageRow,
  'id' | 'channel' | 'recipient' | 'language' | 'kind' | 'adHeading' | 'reason'
> & { recipient: string };

export type Channel = { send(message: Outgoing): Promise<void>; close?(): void };
export type Channels = { email: Channel; sms: Channel; describe: string };

/**
 * The same Message-ID on every attempt of one message: a receiver that got a message whose
 * "sent" mark was lost in a crash sees the second copy as the same message.
 */
export function messageId(id: number, mailFrom: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost';
  return `<advertiser-message-${id}@${domain}>`;
}

/** The message in the advertiser's language, which its Content-Language names. */
function mailOptions(m: Outgoing, mailFrom: string) {
  const email = renderEmail(m.language, m.kind, { heading: m.adHeading, reason: m.reason });
  const headers = { 'Content-Language': messageLanguage(m.language) };
  return { from: mailFrom, to: m.recipient, messageId: messageId(m.id, mailFrom), headers, ...email };
}

/**
 * The gateway's JSON: `text` whole, and how to send it: `encoding` (gsm7, or ucs2 for Sinhala,
 * Tamil and any text outside the GSM alphabet) and `parts` (sms-parts.ts), for a gateway that
 * sends the parts itself.
 */
function smsBody(m: Outgoing) {
  const text = renderSms(m.language, m.kind, { heading: m.adHeading, reason: m.reason });
  return { to: m.recipient, text, ...splitSms(text) };
}

type SmtpError = Error & { responseCode?: number; code?: string };

/** Email through an SMTP server (nodemailer). A 5xx answer is a refusal; anything else may pass later. */
export function smtpChannel(smtpUrl: string, mailFrom: string): Channel {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // A burst of decisions reuses a few open connections instead of a handshake per message.
    pool: true,
    maxConnections: 2,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    async send(m) {
      try {
        await transport.sendMail(mailOptions(m, mailFrom));
      } catch (err) {
        const e = err as SmtpError;
        const code = e.responseCode;
        const text = (e.message || String(err)).slice(0, 500);
        throw new DeliveryError(text, code !== undefined && code >= 500 && code < 600);
      }
    },
    close: () => transport.close(),
  };
}

/**
 * SMS through an HTTP gateway: POST { to, text, encoding, parts } as JSON with the bearer token. 4xx (but 408 and
 * 429) is a refusal; 5xx, a timeout or no connection may pass later. The Idempotency-Key lets a
 * gateway that honours it drop a repeat.
 */
export function webhookSmsChannel(url: string, token: string | undefined): Channel {
  return {
    async send(m) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': `advertiser-message-${m.id}`,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(smsBody(m)),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (err) {
        throw new DeliveryError(`SMS gateway unreachable: ${(err as Error).message}`, false);
      }
      await res.body?.cancel();
      if (res.ok) return;
      const permanent = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
      throw new DeliveryError(`SMS gateway answered ${res.status}`, permanent);
    },
  };
}

async function writeFileAtomically(file: string, data: string | Buffer) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, data);
  await fs.rename(tmp, file);
}

/**
 * No SMTP or gateway configured: each message becomes a file under `dir` (DATA_DIR/outbox), a real
 * RFC 822 message for email, `{ to, text, encoding, parts }` for SMS, named by the message's id so a repeat
 * overwrites rather than doubles.
 */
export function fileChannels(dir: string, mailFrom: string): { email: Channel; sms: Channel } {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    email: {
      async send(m) {
        const info = await composer.sendMail(mailOptions(m, mailFrom));
        await writeFileAtomically(path.join(dir, `advertiser-message-${m.id}.eml`), info.message as Buffer);
      },
    },
    sms: {
      async send(m) {
        const body = `${JSON.stringify(smsBody(m), null, 2)}\n`;
        await writeFileAtomically(path.join(dir, `advertiser-message-${m.id}.json`), body);
      },
    },
  };
}

/** Which channels carry messages under this configuration, and which ones a decision writes rows for. */
export function channelsFor(config: MessagesConfig, dataDir: string): Channels {
  const files = fileChannels(path.join(dataDir, 'outbox'), config.mailFrom);
  const configured = Boolean(config.smtpUrl || config.smsWebhookUrl);
  return {
    email: config.smtpUrl ? smtpChannel(config.smtpUrl, config.mailFrom) : files.email,
    sms: config.smsWebhookUrl ? webhookSmsChannel(config.smsWebhookUrl, config.smsWebhookToken) : files.sms,
    describe: configured ? 'configured' : path.join(dataDir, 'outbox'),
  };
}

/** The channels a decision writes a message for: the configured ones, or both files when none is. */
export function activeChannels(config: MessagesConfig): { email: boolean; sms: boolean; embedded: boolean } {
  if (!config.smtpUrl && !config.smsWebhookUrl) return { email: true, sms: true, embedded: true };
  return { email: Boolean(config.smtpUrl), sms: Boolean(config.smsWebhookUrl), embedded: false };
}
