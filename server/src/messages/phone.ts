/**
 * A Sri Lankan mobile number in E.164 (+94 and nine digits), from the forms advertisers type:
 * 077 123 4567, 0771234567, 94771234567, +94 77 123 4567. Null when it is none of these.
 */
export function toE164(mobile: string): string | null {
  const digits = mobile.replace(/[\s\-().]/g, '');
  let m = /^\+94(\d{9})$/.exec(digits) ?? /^0094(\d{9})$/.exec(digits) ?? /^94(\d{9})$/.exec(digits);
  m ??= /^0(\d{9})$/.exec(digits);
  if (m) return `+94${m[1]}`;
  // Another country's number already in E.164.
  return /^\+[1-9]\d{7,14}$/.test(digits) ? digits : null;
}
