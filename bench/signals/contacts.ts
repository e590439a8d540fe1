import { checkSriLankanPhone } from '../../server/src/signals/phone';
import type { Random } from './random';

/**
 * Contact details written each way Sri Lankan advertisers write them, and numbers that only look
 * like phone numbers (prices, years, mileage, engine sizes, model and chassis numbers, dates).
 */
export interface Planted {
  type: 'phone' | 'email' | 'url' | 'handle';
  text: string;
  /** E.164, for a phone number. */
  phone?: string;
}

const en = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const si = ['බිංදුව', 'එක', 'දෙක', 'තුන', 'හතර', 'පහ', 'හය', 'හත', 'අට', 'නවය'];
const ta = ['பூஜ்ஜியம்', 'ஒன்று', 'இரண்டு', 'மூன்று', 'நான்கு', 'ஐந்து', 'ஆறு', 'ஏழு', 'எட்டு', 'ஒன்பது'];
const singlish = ['binduwa', 'eka', 'deka', 'thuna', 'hathara', 'paha', 'haya', 'hatha', 'ata', 'namaya'];
const words = (digits: string, names: string[]) => [...digits].map((d) => names[Number(d)]).join(' ');

/** A valid Sri Lankan number, national form without spaces (0771234567). */
function nationalNumber(r: Random): string {
  for (;;) {
    const prefix = r.chance(0.8)
      ? r.pick(['070', '071', '072', '074', '075', '076', '077', '078'])
      : r.pick(['011', '081', '031', '033', '038', '041', '091']);
    const n = prefix + String(r.int(0, 9_999_999)).padStart(7, '0');
    if (checkSriLankanPhone(n).valid) return n;
  }
}

const styles: Array<(n: string, r: Random) => string> = [
  (n) => `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`,
  (n) => n,
  (n) => `+94 ${n.slice(1, 3)} ${n.slice(3, 6)} ${n.slice(6)}`,
  (n) => `${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}`,
  (n) => `+94${n.slice(1)}`,
  (n) => `94${n.slice(1)}`,
  (n) => `(${n.slice(0, 3)}) ${n.slice(3)}`,
  (n) => `${n.slice(0, 3)}.${n.slice(3, 6)}.${n.slice(6)}`,
  (n) => [...n].join(' '),
  (n) => [...n].join('.'),
  (n) => words(n, en),
  (n) => words(n, si),
  (n) => words(n, ta),
  (n) => words(n, singlish),
  (n) => n.replace(/0/g, 'O').replace(/1/g, 'l'),
  (n) => `${n.slice(0, 3)} ${n.slice(3, 4)} ${n.slice(4, 7)} ${n.slice(7)}`,
];

const names = ['kamal', 'nimal.perera', 'sunil_motors', 'fathima.r', 'ravi88', 'lankacars', 'shan.auto', 'dilshan'];
export function plantContact(r: Random): Planted {
  const kind = r.int(0, 9);
  if (kind < 6) {
    const n = nationalNumber(r);
    return {
      type: 'phone',
      text: r.pick(styles)(n, r),
      phone: checkSriLankanPhone(n).valid ? `+94${n.slice(1)}` : undefined,
    };
  }
  const name = r.pick(names);
  if (kind === 6)
    return {
      type: 'email',
      text: r.chance(0.7)
        ? `${name}@${r.pick(['gmail.com', 'yahoo.com', 'hotmail.com', 'sltnet.lk'])}`
        : `${name} at gmail dot com`,
    };
  if (kind === 7)
    return {
      type: 'url',
      text: r.pick([
        `www.${name.replace(/[._]/g, '')}.lk`,
        `https://${name.replace(/[._]/g, '')}.com/ads`,
        `${name.replace(/[._]/g, '')}.lk`,
      ]),
    };
  const n = nationalNumber(r);
  return r.chance(0.5)
    ? { type: 'handle', text: `wa.me/94${n.slice(1)}` }
    : { type: 'handle', text: `${r.pick(['WhatsApp', 'Viber', 'Telegram', 'IG'])}: @${name.replace('.', '_')}` };
}

const lead = [
  'Call',
  'Contact',
  'Call me on',
  'For details',
  'Inquiries',
  'Whatsapp/Viber',
  'Kathakaranna',
  'Tel:',
  'අමතන්න',
  'அழைக்கவும்',
];

/** A sentence carrying a planted contact. */
export function contactSentence(r: Random, planted: Planted): string {
  return planted.type === 'handle'
    ? `Message ${planted.text} for photos.`
    : `${r.pick(lead)} ${planted.text} ${r.pick(['anytime.', 'after 5pm.', '', '- owner.'])}`;
}

/** Sentences full of numbers that are no phone number. */
export const lookAlikeNumbers: Array<(r: Random) => string> = [
  (r) => `Price Rs. ${r.int(1, 99)},${r.int(100, 999)},000 negotiable.`,
  (r) => `Rs.${r.int(100_000_000, 999_999_999)} final.`,
  (r) => `Rs ${r.int(10, 99)}${r.int(1_000_000, 9_999_999)}/=`,
  (r) => `Year ${r.int(2000, 2024)}/${r.int(2000, 2024)}, mileage ${r.int(10, 250)},000 km.`,
  (r) => `Mileage ${r.int(1_000_000, 9_999_999)} km, odometer checked.`,
  (r) => `Model KDH ${r.int(200, 223)}, chassis NZE141-${r.int(1_000_000, 9_999_999)}.`,
  (r) => `Engine ${r.pick(['660', '1000', '1300', '1500', '1800'])}cc, ${r.int(2000, 2023)} registered.`,
  (r) =>
    `Available from ${String(r.int(1, 28)).padStart(2, '0')}.${String(r.int(1, 12)).padStart(2, '0')}.${r.int(2023, 2025)} ${r.int(8, 11)}.${r.pick(['00', '30'])}am.`,
  (r) => `${r.int(2, 6)} bedrooms, ${r.int(6, 40)} perches, ${r.int(1000, 4000)} sq ft, Rs. ${r.int(10, 99)} mn.`,
  (r) => `Reg no ${r.pick(['CAA', 'KV', 'WP CBA', 'PH'])}-${r.int(1000, 9999)}, ${r.int(1, 9)} owners.`,
  (r) =>
    `${r.int(64, 512)}GB, ${r.int(4, 12)}GB RAM, IMEI ${r.int(10_000_000, 99_999_999)}${r.int(1_000_000, 9_999_999)}.`,
  (r) => `Lease balance ${r.int(10, 99)}${r.int(10_000, 99_999)} for ${r.int(12, 60)} months.`,
];
