import { smsEncoding, UCS2_PART } from './sms-parts';
import { templates, type MessageFacts, type MessageKind } from './templates';

/** An SMS in the GSM alphabet (English): one message. */
export const SMS_MAX = 160;
/** An SMS in Unicode (Sinhala, Tamil, or English with a heading outside the GSM alphabet): three parts. */
export const SMS_UNICODE_MAX = 3 * UCS2_PART;

export type RenderedEmail = { subject: string; text: string; html: string };

const pick = (language: string) => templates[language] ?? templates.en!;

export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The language a message is written in: the advertiser's when it has templates, else English. */
export const messageLanguage = (language: string): string => (templates[language] ? language : 'en');

export function renderEmail(language: string, kind: MessageKind, facts: MessageFacts): RenderedEmail {
  const t = pick(language).email[kind];
  const escaped = {
    heading: escapeHtml(facts.heading),
    reason: facts.reason === null ? null : escapeHtml(facts.reason),
  };
  // A subject is one header line: line breaks in a heading would end it.
  return { subject: t.subject(facts).replace(/\s+/g, ' ').trim(), text: t.text(facts), html: t.html(escaped) };
}

/**
 * The SMS text in at most 160 characters (201, three parts, in Unicode: sms-parts.ts): a long reason is shortened first (the email carries it
 * whole), then the heading (to no less than 20 characters), each with an ellipsis; the template's
 * own words are never cut.
 */
export function renderSms(language: string, kind: MessageKind, facts: MessageFacts): string {
  const t = pick(language).sms[kind];
  let f = { ...facts, heading: facts.heading.replace(/\s+/g, ' ').trim() };
  let text = t(f);
  const max = smsEncoding(text) === 'gsm7' ? SMS_MAX : SMS_UNICODE_MAX;
  if (text.length > max && f.reason) {
    const room = Math.max(0, f.reason.length - (text.length - max) - 1);
    f = { ...f, reason: `${f.reason.slice(0, room).trimEnd()}…` };
    text = t(f);
  }
  if (text.length > max) {
    const room = Math.max(20, f.heading.length - (text.length - max) - 1);
    if (room < f.heading.length) f = { ...f, heading: `${f.heading.slice(0, room).trimEnd()}…` };
    text = t(f);
  }
  return text.slice(0, max);
}
