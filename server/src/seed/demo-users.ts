import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, type NewUserRow } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import type { FileStorage } from '../storage/file-storage';
import { encodePng } from './png';
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
const muslimFirst = ['Mohamed', 'Fathima', 'Rizwan', 'Ayesha', 'Imran', 'Shafna', 'Rishad', 'Zainab'];
const muslimLast = ['Farook', 'Marikar', 'Hameed', 'Nazeer', 'Cassim', 'Ismail', 'Lafir'];
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

/** Profile pictures: one file per user for small sets, a few shared files for large ones. */
export type PictureMode = 'none' | 'own' | 'shared';
export const SHARED_PICTURES = 8;
/** Sets up to this size get a picture file per user; larger ones share SHARED_PICTURES files. */
export const OWN_PICTURES_LIMIT = 500;

const avatarHues: Array<[number, number, number]> = [
  [99, 102, 241],
  [14, 165, 233],
  [16, 185, 129],
  [245, 158, 11],
  [244, 63, 94],
  [168, 85, 247],
  [20, 184, 166],
  [234, 88, 12],
];

/** A 128×128 head-and-shoulders avatar on a coloured gradient, varied by `variant`. */
export function demoAvatar(variant: number): Buffer {
  const [r, g, b] = avatarHues[variant % avatarHues.length]!;
  const skin: Array<[number, number, number]> = [
    [141, 85, 36],
    [198, 134, 66],
    [224, 172, 105],
    [110, 70, 40],
  ];
  const [sr, sg, sb] = skin[variant % skin.length]!;
  const shirts: Array<[number, number, number]> = [
    [241, 245, 249],
    [30, 41, 59],
    [190, 24, 93],
    [21, 94, 117],
    [77, 124, 15],
  ];
  const shirt = shirts[(variant * 3) % shirts.length]!;
  return encodePng(128, 128, (x, y) => {
    const head = (x - 64) ** 2 + (y - 52) ** 2 <= 24 ** 2;
    const hair = (x - 64) ** 2 + (y - 44) ** 2 <= 25 ** 2 && y < 42;
    const shoulders = ((x - 64) / 46) ** 2 + ((y - 124) / 38) ** 2 <= 1;
    if (hair) return [30, 24, 20];
    if (head) return [sr, sg, sb];
    if (shoulders) return shirt;
    const t = (x + y) / 256;
    return [Math.round(r * (0.55 + 0.35 * t)), Math.round(g * (0.55 + 0.35 * t)), Math.round(b * (0.55 + 0.35 * t))];
  });
}

const ownPicture = (i: number) => `profiles/user-${i}.png`;
const sharedPicture = (k: number) => `profiles/shared-${k}.png`;

/** Advertiser `i` of the deterministic demo set (index makes usernames and emails unique). */
export function demoAdvertiser(
  rng: Rng,
  i: number,
  now: Date,
  passwordHash: string,
  pictures: PictureMode = 'none',
): NewUserRow {
  const roll = rng.next();
  const [firsts, lasts] =
    roll < 0.65 ? [sinhalaFirst, sinhalaLast] : roll < 0.9 ? [tamilFirst, tamilLast] : [muslimFirst, muslimLast];
  const first = rng.pick(firsts);
  const last = rng.pick(lasts);
  const style = rng.int(0, 2);
  const lower = (s: string) => s.toLowerCase();
  const handle =
    style === 0
      ? `${lower(first)}.${lower(last)}`
      : style === 1
        ? `${lower(first)}${lower(last[0]!)}`
        : `${lower(first)}_${lower(last)}`;
  // Registered at some hour over the past four years.
  const registered = new Date(now.getTime() - rng.int(1, 4 * 365 * 24) * 3_600_000 - rng.int(0, 3_599) * 1000);
  const mobile = mobileNumber(rng);
  const mobile2 = rng.chance(0.25) ? mobileNumber(rng) : null;
  const whatsappRoll = rng.next();
  const whatsapp = whatsappRoll < 0.4 ? mobile : whatsappRoll < 0.55 ? mobileNumber(rng) : null;
  const isVerified = rng.chance(0.8);
  const hasPicture = rng.chance(0.4);
  const variant = rng.int(0, SHARED_PICTURES - 1);
  return {
    username: `${handle}${i}`,
    name: `${first} ${last}`,
    email: `${lower(first)}.${lower(last)}${i}@${rng.pick(mailDomains)}`,
    mobile,
    mobile2,
    whatsapp,
    profilePicture:
      !hasPicture || pictures === 'none' ? null : pictures === 'own' ? ownPicture(i) : sharedPicture(variant),
    isAdmin: false,
    isVerified,
    passwordHash,
    createdAt: registered,
    joinDate: registered,
  };
}

/**
 * Inserts `count` demo advertisers in batches. They share one random password hash: demo
 * advertisers cannot sign in to the back-office anyway. With `storage`, about 40% get a real
 * profile picture under uploads/profiles: a file each for small sets (the first-start demo), a
 * few shared files for large ones, so `npm run seed -- --users M` stays a bulk insert.
 */
export async function seedAdvertisers(
  db: Db,
  count: number,
  opts: { seed?: number; now?: Date; storage?: FileStorage } = {},
): Promise<number> {
  const rng = createRng(opts.seed ?? 2026);
  const now = opts.now ?? new Date();
  const { storage } = opts;
  const pictures: PictureMode = !storage ? 'none' : count <= OWN_PICTURES_LIMIT ? 'own' : 'shared';
  const passwordHash = await hashPassword(randomBytes(16).toString('hex'));
  const [{ offset } = { offset: 0 }] = await db.select({ offset: sql<number>`count(*)::int` }).from(users);
  if (storage && pictures === 'shared')
    await Promise.all(
      Array.from({ length: SHARED_PICTURES }, (_, k) => storage.write(sharedPicture(k), demoAvatar(k))),
    );
  for (let done = 0; done < count;) {
    const batch: NewUserRow[] = [];
    const files: Promise<void>[] = [];
    for (; batch.length < 1000 && done < count; done++) {
      const n = offset + done + 1;
      const row = demoAdvertiser(rng, n, now, passwordHash, pictures);
      if (storage && pictures === 'own' && row.profilePicture)
        files.push(storage.write(row.profilePicture, demoAvatar(n)));
      batch.push(row);
    }
    await Promise.all(files);
    await db.insert(users).values(batch);
  }
  return count;
}
