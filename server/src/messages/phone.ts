import { parsePhoneNumberFromString } from 'libphonenumber-js';

// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A phone number in E.164, from the forms advertisers type (077 123 4567, 0771234567, 94771234567,
 * +94 77 123 4567, another country's +…): libphonenumber-js reads it, Sri Lanka by default, and
 * only a number valid for its country counts. Null when it is none.
 */
export function toE164(mobile: string): string | null {
  const typed = mobile.trim();
  if (controlChars.test(typed)) return null;
  const number = parsePhoneNumberFromString(typed, 'LK');
  return number?.isValid() ? number.format('E.164') : null;
}

/**
 * The number a text goes to (docs/decisions/0022-advertiser-messages.md): the recipient written at
 * the decision (SQL's E.164, outbox-repository.ts) only if it is a valid number already written
 * exactly in E.164; libphonenumber alone also reads "call 0771234567" or a number with an
 * extension, which are no recipient.
 */
export function smsRecipient(recipient: string): string | null {
  return /^\+[1-9][0-9]{7,14}$/.test(recipient) && toE164(recipient) === recipient ? recipient : null;
}
