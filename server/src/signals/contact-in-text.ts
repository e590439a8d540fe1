import { findNumbers, parsePhoneNumberFromString } from 'libphonenumber-js';
import { originalRange, phoneView, type TextView } from './contact-text-view';
import type { AdText, SignalModule, TextSpan } from './types';

/**
 * `contact_in_text`: a phone number, email, web address or messenger handle in the heading or the
 * details (the posting rules keep contact details in the contact fields). Phone numbers are read
 * by libphonenumber on a view of the text where spelt-out digits are digits (contact-text-view.ts),
 * and normalised to E.164. A run of digits counts as a phone number only when it is written as
 * one: starting with 0, +, 94 or 0094, and not a price (Rs 112500000) or a distance (85000 km).
 */
export type ContactType = 'phone' | 'email' | 'url' | 'handle';
export interface ContactEvidence extends TextSpan {
  type: ContactType;
  /** E.164 for a phone number (also for a wa.me/94… link). */
  phone?: string;
}

const priceBefore = /(?:\brs|\blkr|රු|ரூ|\bprice|\bmileage|\bmil|\bodo(?:meter)?)[\s.:/=-]*$/i;
const unitAfter = /^\s*(?:km|kms|cc|kmph|\/=|\/-|lakhs?|mn)(?![a-z])/i;

function writtenAsPhone(raw: string): boolean {
  const t = raw.replace(/^[\s(]+/, '');
  const digits = t.replace(/\D/g, '');
  return t.startsWith('+') || digits.startsWith('0') || (digits.startsWith('94') && digits.length === 11);
}

interface Found {
  start: number;
  end: number;
  e164: string;
}

/** Is view[start, end) a phone number as written, in no price or distance context? */
function phoneAt(view: string, start: number, end: number): string | null {
  const raw = view.slice(start, end);
  if (!writtenAsPhone(raw)) return null;
  if (priceBefore.test(view.slice(Math.max(0, start - 12), start)) || unitAfter.test(view.slice(end, end + 8)))
    return null;
  const n = parsePhoneNumberFromString(`${raw.trim().startsWith('+') ? '+' : ''}${raw.replace(/\D/g, '')}`, 'LK');
  return n?.isValid() ? n.format('E.164') : null;
}

const digitRun = /(?:\+\s?)?\d+(?:[\s.\-_*/()]{1,2}\d+)*/g;
const dateLike = /\b\d{1,2}[./-]\d{1,2}[./-](?:19|20)\d{2}\b/g;

function phonesIn(view: string): Found[] {
  const text = view.replace(dateLike, (d) => d.replace(/\d/g, 'x'));
  const found: Found[] = [];
  const taken = (s: number, e: number) => found.some((f) => s < f.end && f.start < e);
  for (const m of findNumbers(text, { defaultCountry: 'LK', v2: true })) {
    const e164 = phoneAt(text, m.startsAt, m.endsAt);
    if (e164) found.push({ start: m.startsAt, end: m.endsAt, e164 });
  }
  // libphonenumber gives up on a run where the number follows other digits ("Rs.3,450,000 077 1234567",
  // "Tel:0771234567Rs"): try each group of such a run as the start of a number, the longest valid first.
  for (const run of text.matchAll(digitRun)) {
    const groups = [...run[0].matchAll(/(?:\+\s?)?\d+/g)].map((g) => ({
      start: run.index + g.index,
      end: run.index + g.index + g[0].length,
    }));
    for (let i = 0; i < groups.length; i++) {
      for (let j = Math.min(groups.length - 1, i + 12); j >= i; j--) {
        const { start } = groups[i]!;
        const { end } = groups[j]!;
        const digits = text.slice(start, end).replace(/\D/g, '').length;
        if (digits < 9 || digits > 13 || taken(start, end)) continue;
        const e164 = phoneAt(text, start, end);
        if (e164) {
          found.push({ start, end, e164 });
          i = j;
          break;
        }
      }
    }
  }
  return found;
}

const mailHosts = 'gmail|yahoo|hotmail|outlook|icloud|live|ymail|protonmail|proton|sltnet|slt';
const patterns: Array<{ type: ContactType; re: RegExp }> = [
  {
    type: 'handle',
    re: /\b(?:https?:\/\/)?(?:wa\.me|t\.me|telegram\.me|chat\.whatsapp\.com|viber\.click|invite\.viber\.com)\/[\w+-]+/gi,
  },
  {
    type: 'handle',
    re: /\b(?:whats\s?app|wh?tsapp|viber|telegram|imo|signal|insta(?:gram)?|ig|fb|facebook|tiktok)\s*(?:(?:id|name|handle)\s*)?[:\-–]?\s*@[a-z][\w.]{2,}/gi,
  },
  { type: 'email', re: /\b[\w.%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/gi },
  {
    type: 'email',
    re: new RegExp(
      `\\b[\\w.%+-]+\\s*(?:\\(at\\)|\\[at\\]|\\{at\\}|\\sat\\s)\\s*(?:${mailHosts})\\s*(?:\\.|\\(dot\\)|\\[dot\\]|\\sdot\\s)\\s*(?:com|lk|net|co\\.uk)\\b`,
      'gi',
    ),
  },
  { type: 'url', re: /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi },
  {
    type: 'url',
    re: /\b[a-z0-9][a-z0-9-]{1,62}(?:\.[a-z0-9-]{2,})*\.(?:com|lk|net|org|info|biz|io|me|co|app|xyz|online|shop|store|site|link)\b(?:\/[^\s<>"']*)?/gi,
  },
];

function contactsInField(field: keyof AdText, original: string): ContactEvidence[] {
  const out: ContactEvidence[] = [];
  const free = (s: number, e: number) => !out.some((c) => s < c.end && c.start < e);
  for (const { type, re } of patterns) {
    for (const m of original.matchAll(re)) {
      const start = m.index;
      const end = start + m[0].replace(/[.,;:)]+$/, '').length;
      if (!free(start, end)) continue;
      const phone =
        type === 'handle'
          ? (parsePhoneNumberFromString(`+${m[0].replace(/\D/g, '')}`)?.format('E.164') ?? undefined)
          : undefined;
      out.push({ field, type, start, end, text: original.slice(start, end), ...(phone && { phone }) });
    }
  }
  const view: TextView = phoneView(original);
  for (const f of phonesIn(view.text)) {
    const [start, end] = originalRange(view, f.start, f.end);
    if (free(start, end))
      out.push({ field, type: 'phone', start, end, text: original.slice(start, end), phone: f.e164 });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Every contact detail in the ad's heading and details, in the order they appear. */
export function findContacts(ad: AdText): ContactEvidence[] {
  return [...contactsInField('heading', ad.heading), ...contactsInField('details', ad.details)];
}

export const contactInText: SignalModule<AdText, { contacts: ContactEvidence[] }> = {
  kind: 'contact_in_text',
  detect(ad) {
    const contacts = findContacts(ad);
    return contacts.length ? [{ kind: 'contact_in_text', evidence: { contacts } }] : [];
  },
};
