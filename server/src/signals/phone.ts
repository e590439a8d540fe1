import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { toE164 } from '../messages/phone';

/**
 * Phone numbers as the signals compare them: E.164 (+94…), Sri Lanka by default, read by
 * libphonenumber (server/src/messages/phone.ts). `phone_reuse` and `blocked_phone` key on this
 * form, so that 077 123 4567, 0771234567 and +94 77 123 4567 are one number.
 */
export function normalisePhone(raw: string): string | null {
  return toE164(raw);
}

export type PhoneCheck =
  | { valid: true; e164: string }
  | { valid: false; reason: 'unreadable' | 'not_sri_lankan' | 'not_valid'; e164?: string };

/** Whether a contact number is a valid Sri Lankan number, and why not. */
export function checkSriLankanPhone(raw: string): PhoneCheck {
  const typed = raw.trim();
  const number = /\d/.test(typed) ? parsePhoneNumberFromString(typed, 'LK') : undefined;
  if (!number) return { valid: false, reason: 'unreadable' };
  const e164 = number.format('E.164');
  if (number.countryCallingCode !== '94') {
    return number.isValid() ? { valid: false, reason: 'not_sri_lankan', e164 } : { valid: false, reason: 'not_valid' };
  }
  return number.isValid() ? { valid: true, e164 } : { valid: false, reason: 'not_valid', e164 };
}
