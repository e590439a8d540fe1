import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, isNotNull, sql } from 'drizzle-orm';
import { openPglite, type Database } from '../../src/db/client';
import { users } from '../../src/db/schema';
import {
  OWN_PICTURES_LIMIT,
  SHARED_PICTURES,
  demoAdvertiser,
  demoAvatar,
  seedAdvertisers,
  type PictureMode,
} from '../../src/seed/demo-users';
import { createRng } from '../../src/seed/random';
import type { FileStorage } from '../../src/storage/file-storage';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Files kept in memory: what the seeder wrote, and how often. */
function memoryStorage() {
  const files = new Map<string, Buffer>();
  let writes = 0;
  const storage: FileStorage = {
    async write(key, data) {
      writes++;
      files.set(key, data);
    },
    async remove(key) {
      files.delete(key);
    },
    async exists(key) {
      return files.has(key);
    },
    async promote(tempKey, key) {
      files.set(key, files.get(tempKey)!);
      files.delete(tempKey);
    },
    async *list() {
      for (const key of files.keys()) yield { key, modifiedAt: new Date() };
    },
    async read() {
      return null;
    },
  };
  return { storage, files, writes: () => writes };
}

describe('demo advertisers (docs/decisions/0015-demo-data-and-admins.md)', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const make = (seed: number, pictures: PictureMode = 'none') =>
    Array.from({ length: 300 }, (_, i) => demoAdvertiser(createRng(seed + i), i + 1, now, 'h', pictures));

  it('are deterministic for a seed and differ between seeds', () => {
    expect(make(7)).toEqual(make(7));
    expect(make(7, 'own')).toEqual(make(7, 'own'));
    expect(make(7)).not.toEqual(make(8));
  });

  it('look like Sri Lankan advertisers with local mobile numbers', () => {
    const list = make(1);
    for (const u of list) {
      expect(u.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(u.mobile).toMatch(/^07[0-8] \d{3} \d{4}$/);
      if (u.mobile2) expect(u.mobile2).toMatch(/^07[0-8] \d{3} \d{4}$/);
      if (u.whatsapp) expect(u.whatsapp).toMatch(/^07[0-8] \d{3} \d{4}$/);
      expect(u.email).toMatch(/^[a-z]+\.[a-z]+\d+@(gmail\.com|yahoo\.com|hotmail\.com|sltnet\.lk|outlook\.com)$/);
      expect(u.username).toMatch(/^[a-z._]+\d+$/);
      expect(u.isAdmin).toBe(false);
      expect(u.createdAt!.getTime()).toBeLessThan(now.getTime());
      expect(u.joinDate).toEqual(u.createdAt);
      expect(u.profilePicture).toBeNull();
    }
    expect(new Set(list.map((u) => u.username)).size).toBe(list.length);
    expect(new Set(list.map((u) => u.email)).size).toBe(list.length);
    const share = (p: (u: (typeof list)[number]) => unknown) => list.filter(p).length / list.length;
    expect(share((u) => !u.isVerified)).toBeGreaterThan(0.1);
    expect(share((u) => u.mobile2)).toBeGreaterThan(0.1);
    expect(share((u) => u.whatsapp)).toBeGreaterThan(0.3);
    expect(share((u) => u.whatsapp && u.whatsapp !== u.mobile)).toBeGreaterThan(0.05);
    // Registrations spread over the past years.
    const years = new Set(list.map((u) => u.createdAt!.getUTCFullYear()));
    expect(years.size).toBeGreaterThanOrEqual(4);
    // Sinhala, Tamil and Muslim names all occur.
    const surnames = list.map((u) => u.name!.split(' ')[1]);
    expect(surnames.some((n) => ['Perera', 'Fernando', 'Silva', 'Bandara'].includes(n!))).toBe(true);
    expect(surnames.some((n) => ['Sivakumar', 'Rajendran', 'Selvaraj', 'Nadarajah'].includes(n!))).toBe(true);
    expect(surnames.some((n) => ['Farook', 'Marikar', 'Hameed', 'Nazeer', 'Cassim'].includes(n!))).toBe(true);
  });

  it('give some users a picture: their own file, or one of a few shared files', () => {
    const own = make(3, 'own');
    const withPicture = own.filter((u) => u.profilePicture);
    expect(withPicture.length / own.length).toBeGreaterThan(0.25);
    expect(withPicture.length / own.length).toBeLessThan(0.6);
    for (const u of withPicture) expect(u.profilePicture).toMatch(/^profiles\/user-\d+\.png$/);
    expect(new Set(withPicture.map((u) => u.profilePicture)).size).toBe(withPicture.length);
    const shared = make(3, 'shared').filter((u) => u.profilePicture);
    expect(new Set(shared.map((u) => u.profilePicture)).size).toBeLessThanOrEqual(SHARED_PICTURES);
    // The picture choice does not change who the users are.
    const strip = (list: typeof own) => list.map(({ profilePicture: _p, ...rest }) => rest);
    expect(strip(make(3, 'shared'))).toEqual(strip(own));
  });

  it('draws avatars as real PNG files', () => {
    const a = demoAvatar(0);
    expect(a.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(a.readUInt32BE(16)).toBe(128);
    expect(a.readUInt32BE(20)).toBe(128);
    expect(demoAvatar(1).equals(a)).toBe(false);
  });

  describe('seeding a database', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openPglite(undefined);
    });
    afterAll(() => database?.close());

    it('writes a picture file for every small-set user that has one', async () => {
      const { storage, files } = memoryStorage();
      await seedAdvertisers(database.db, 60, { now, storage });
      const rows = await database.db.select().from(users);
      expect(rows).toHaveLength(60);
      const pictured = rows.filter((u) => u.profilePicture);
      expect(pictured.length).toBeGreaterThan(10);
      expect([...files.keys()].sort()).toEqual(pictured.map((u) => u.profilePicture!).sort());
      for (const data of files.values()) expect(data.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    });

    it('stays a bulk insert for large sets: a few shared picture files only', async () => {
      const { storage, files, writes } = memoryStorage();
      const n = OWN_PICTURES_LIMIT * 4;
      // Counted, not timed: one INSERT per thousand rows whatever the machine's speed.
      let inserts = 0;
      const counting = new Proxy(database.db, {
        get: (target, key, receiver) => {
          if (key === 'insert') inserts++;
          return Reflect.get(target, key, receiver);
        },
      });
      await seedAdvertisers(counting, n, { now, storage, seed: 99 });
      expect(inserts).toBe(Math.ceil(n / 1000));
      expect(writes()).toBe(SHARED_PICTURES);
      const [{ total }] = await database.db.select({ total: count() }).from(users);
      expect(total).toBe(60 + n);
      const pictures = await database.db
        .selectDistinct({ p: users.profilePicture })
        .from(users)
        .where(sql`${isNotNull(users.profilePicture)} and ${users.profilePicture} like 'profiles/shared-%'`);
      expect(pictures.length).toBeGreaterThan(1);
      for (const { p } of pictures) expect(files.has(p!)).toBe(true);
    });
  });
});
