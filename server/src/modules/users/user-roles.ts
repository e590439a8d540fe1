import { asc, eq } from 'drizzle-orm';
import { roleFieldErrors, userMessages, type AdminRole, type UserUpdateBody } from '@backoffice/contract';
import type { Executor } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { ConflictError, ValidationError } from '../../lib/errors';

/*
 * An admin's role and categories in the user edit (issue 36.3; docs/decisions/0033-roles.md). The
 * database's trigger (migration 0027) makes an admin saved without a role an administrator and
 * clears both for a non-admin; here the edit is checked and the last administrator kept.
 */

type RoleFields = { role: AdminRole | null; categories: string[] | null };

/**
 * What the edit sets: the role given, else the current one (an advertiser made Admin gets none,
 * so the trigger makes them an administrator); the categories given, else kept for a moderator.
 */
export function roleFieldsOf(current: UserRow, body: UserUpdateBody): RoleFields {
  const role = !body.isAdmin ? null : body.role !== undefined ? body.role : current.isAdmin ? current.role : null;
  const effective = body.isAdmin ? (role ?? 'administrator') : null;
  const categories =
    body.categories !== undefined ? body.categories : effective === 'moderator' ? current.categories : null;
  const errors = roleFieldErrors({ isAdmin: body.isAdmin, role: body.isAdmin ? effective : body.role, categories });
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  return { role, categories: effective === 'moderator' ? categories : null };
}

/**
 * Locks every admin row (in id order, so two transactions never wait on each other in a circle)
 * and answers their roles: the last administrator is checked against these.
 */
export function lockAdminRoles(db: Executor): Promise<Array<{ id: string; role: string | null }>> {
  return db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.isAdmin, true))
    .orderBy(asc(users.id))
    .for('no key update');
}

/**
 * The edit or delete leaves another admin, and another administrator, when `current` stops being
 * one (`next` null: deleted). Nobody demotes themselves (docs/decisions/0004-users.md).
 */
export function checkAdminsKept(
  current: UserRow,
  next: { isAdmin: boolean; role: AdminRole | null } | null,
  admins: Array<{ id: string; role: string | null }>,
  actorId: string,
): void {
  const losesAdmin = current.isAdmin && !next?.isAdmin;
  const losesAdministrator = current.role === 'administrator' && (next?.role ?? null) !== 'administrator';
  if (!losesAdmin && !losesAdministrator) return;
  if (current.id === actorId) throw new ConflictError(userMessages.cannotDemoteSelf);
  const others = admins.filter((a) => a.id !== current.id);
  if (!others.length || (losesAdministrator && !others.some((a) => a.role === 'administrator')))
    throw new ConflictError(userMessages.lastAdmin);
}

/** The audit entry's role change, as from/to (administrator → moderator), when the role changed. */
export function roleChange(before: UserRow, after: UserRow): { from: string; to: string } | null {
  if (!before.isAdmin || !after.isAdmin || before.role === after.role) return null;
  return { from: before.role ?? 'administrator', to: after.role ?? 'administrator' };
}
