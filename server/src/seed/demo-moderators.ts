import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { createAdmin } from '../modules/users/admin-accounts';

const DAY = 86_400_000;

/** One of the first-start demo's moderators and how much of the demo's work is theirs. */
export type DemoModerator = { id: string; name: string; email: string; joinedAt: Date; share: number };

/**
 * Three moderators of different tenure, so the figures per admin differ: one who has done most of
 * the work, one steady, and one who joined a fortnight ago. `example.com` never receives mail.
 */
const MODERATORS = [
  {
    name: 'Tharushi Wijesekara',
    username: 'tharushi',
    email: 'tharushi.wijesekara@example.com',
    days: 420,
    share: 0.45,
  },
  { name: 'Faheem Mohideen', username: 'faheem', email: 'faheem.mohideen@example.com', days: 240, share: 0.35 },
  { name: 'Kavitha Shanmugam', username: 'kavitha', email: 'kavitha.shanmugam@example.com', days: 16, share: 0.2 },
] as const;

/**
 * The demo moderators, as `npm run admin -- create` makes administrators (one password for the
 * three), dated back to when they joined. An address already taken (ADMIN_EMAIL) is left as it is
 * and acts as that moderator.
 */
export async function seedModerators(db: Db, now: Date, password: string): Promise<DemoModerator[]> {
  const made: DemoModerator[] = [];
  for (const m of MODERATORS) {
    const joinedAt = new Date(now.getTime() - m.days * DAY);
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, m.email));
    const id =
      existing?.id ?? (await createAdmin(db, { email: m.email, password, username: m.username, name: m.name })).id;
    if (!existing) await db.update(users).set({ createdAt: joinedAt, joinDate: joinedAt }).where(eq(users.id, id));
    made.push({ id, name: m.name, email: m.email, joinedAt, share: m.share });
  }
  return made;
}
