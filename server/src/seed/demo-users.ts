import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, type NewUserRow } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { createRng, type Rng } from './random';

const sinhalaFirst = [
  'Nimal',
  'Kamal',
  'Sunil',
  'Chamari',
  'Dilani',
  'Kasun',
  'Tharindu',
  'Sanduni',
  'Ishara',
  'Nadeesha',
  'Ruwan',
  'Sachini',
  'Lahiru',
  'Malsha',
  'Chathura',
  'Hiruni',
  'Dinesh',
  'Anjali',
  'Pradeep',
  'Nirosha',
];
const sinhalaLast = [
  'Perera',
  'Fernando',
  'Silva',
  'Jayasinghe',
  'Bandara',
  'Wickramasinghe',
  'Gunawardena',
  'Dissanayake',
  'Herath',
  'Ranasinghe',
  'Kumara',
  'Rathnayake',
  'Senanayake',
  'Weerasinghe',
  'Abeysekara',
];
const tamilFirst = [
  'Arun',
  'Priya',
  'Karthik',
  'Thulasi',
  'Vijay',
  'Kavitha',
  'Suresh',
  'Lakshmi',
  'Ganesh',
  'Meena',
  'Ramesh',
  'Nithya',
];
const tamilLast = [
  'Sivakumar',
  'Rajendran',
  'Selvaraj',
  'Thevarajah',
  'Kanagaratnam',
  'Balasubramaniam',
  'Yogarajah',
  'Nadarajah',
  'Paramanathan',
];
const mobilePrefixes = ['070', '071', '072', '074', '075', '076', '077', '078'];
const mailDomains = ['gmail.com', 'yahoo.com', 'hotmail.com', 'sltnet.lk', 'outlook.com'];

export function mobileNumber(rng: Rng): string {
  return `${rng.pick(mobilePrefixes)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`;
}

/** Advertiser `i` of the deterministic demo set (index makes usernames and emails unique). */
export function demoAdvertiser(rng: Rng, i: number, now: Date, passwordHash: string): NewUserRow {
  const tamil = rng.chance(0.3);
  const first = rng.pick(tamil ? tamilFirst : sinhalaFirst);
  const last = rng.pick(tamil ? tamilLast : sinhalaLast);
  const handle = `${first}.${last}`.toLowerCase();
  const registered = new Date(now.getTime() - rng.int(0, 4 * 365 * 24) * 3_600_000);
  const mobile = mobileNumber(rng);
  return {
    username: `${handle}${i}`,
    name: `${first} ${last}`,
    email: `${handle}${i}@${rng.pick(mailDomains)}`,
    mobile,
    mobile2: rng.chance(0.25) ? mobileNumber(rng) : null,
    whatsapp: rng.chance(0.5) ? mobile : null,
    profilePicture: null,
    isAdmin: false,
    isVerified: rng.chance(0.8),
    passwordHash,
    createdAt: registered,
    joinDate: registered,
  };
}

/**
 * Inserts `count` demo advertisers in batches. They share one random password hash: demo
 * advertisers cannot sign in to the back-office anyway.
 */
export async function seedAdvertisers(
  db: Db,
  count: number,
  opts: { seed?: number; now?: Date } = {},
): Promise<number> {
  const rng = createRng(opts.seed ?? 2026);
  const now = opts.now ?? new Date();
  const passwordHash = await hashPassword(randomBytes(16).toString('hex'));
  const [{ offset } = { offset: 0 }] = await db.select({ offset: sql<number>`count(*)::int` }).from(users);
  for (let done = 0; done < count;) {
    const batch: NewUserRow[] = [];
    for (; batch.length < 1000 && done < count; done++)
      batch.push(demoAdvertiser(rng, offset + done + 1, now, passwordHash));
    await db.insert(users).values(batch);
  }
  return count;
}
