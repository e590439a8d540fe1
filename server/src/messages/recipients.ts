import addressparser from 'nodemailer/lib/addressparser';
import type { AdvertiserMessageRow } from '../db/schema';
import { DeliveryError } from './channels';
import { smsRecipient } from './phone';

/**
 * The address an email goes to (docs/decisions/0022-advertiser-messages.md): advertisers' emails
 * come from the public site's rows, so `victim@example.lk, attacker@evil.example` would reach both
 * and a `\r\nBcc:` would add a group. Only a string that nodemailer's own parser reads as exactly
 * one mailbox, with no display name or group, and that is that mailbox's bare address, is one.
 */
export function emailRecipient(recipient: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\s]/.test(recipient)) return null;
  const parsed = addressparser(recipient);
  if (parsed.length !== 1) return null;
  const [only] = parsed;
  if (!only || only.group || only.name !== '' || only.address !== recipient) return null;
  return /^[^@\s<>(),;:"[\]]+@[^@\s<>(),;:"[\]]+\.[^@\s<>(),;:"[\]]+$/.test(recipient) ? recipient : null;
}

/**
 * The row's recipient if it is exactly one address: one plain email address, or one valid number in
 * E.164. Anything else fails the message for good, with the reason, before anything is sent.
 */
export function checkedRecipient(row: AdvertiserMessageRow): string {
  if (!row.recipient) {
    throw new DeliveryError(row.channel === 'email' ? 'No email address' : 'No verified mobile number', true);
  }
  const recipient = row.channel === 'email' ? emailRecipient(row.recipient) : smsRecipient(row.recipient);
  if (recipient === null) {
    throw new DeliveryError(
      row.channel === 'email' ? 'Not a single valid email address' : 'Not a valid mobile number',
      true,
    );
  }
  return recipient;
}
