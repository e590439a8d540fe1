import { randomBytes } from 'node:crypto';
import { newPassword, userMessages } from '@backoffice/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { deleteSessionsOfUser, findUserByEmail, updatePasswordHash } from '../../db/identity-repository';
import { countAdmins, insertUser } from './users-repository';

const email = z.email({ error: userMessages.emailInvalid });

function check<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]!.message);
  return parsed.data;
}

/** Creates an administrator account (docs/decisions/0015-demo-data-and-admins.md). */
export async function createAdmin(
  db: Db,
  input: { email: string; password: string; username?: string; name?: string },
) {
  const address = check(email, input.email.trim());
  const password = check(newPassword, input.password);
  if (await findUserByEmail(db, address)) throw new ConflictError(userMessages.emailInUse);
  const username = input.username ?? address.split('@')[0]!;
  return insertUser(db, {
    email: address,
    username,
    name: input.name ?? 'Administrator',
    isAdmin: true,
    isVerified: true,
    passwordHash: await hashPassword(password),
    joinDate: new Date(),
  });
}

/** Sets a new password and ends every session of that user (docs/decisions/0012-access-control.md). */
export async function resetPassword(db: Db, address: string, password: string) {
  const user = await findUserByEmail(db, address.trim());
  if (!user) throw new NotFoundError(userMessages.notFound);
  const hash = await hashPassword(check(newPassword, password));
  await db.transaction(async (tx) => {
    await updatePasswordHash(tx, user.id, hash);
    await deleteSessionsOfUser(tx, user.id);
  });
  return user;
}

/**
 * First start: when no administrator exists, create one from ADMIN_EMAIL / ADMIN_PASSWORD, or
 * (embedded demo) admin@example.com with a random password. Returns what to tell the operator.
 */
export async function ensureFirstAdmin(
  db: Db,
  opts: { email?: string; password?: string; allowGenerated: boolean },
): Promise<{ email: string; password?: string } | null> {
  if ((await countAdmins(db)) > 0) return null;
  if (opts.email && opts.password) {
    await createAdmin(db, { email: opts.email, password: opts.password });
    return { email: opts.email };
  }
  if (!opts.allowGenerated) return null;
  const address = opts.email ?? 'admin@example.com';
  const password = randomBytes(12).toString('base64url');
  await createAdmin(db, { email: address, password });
  return { email: address, password };
}
