import { userMessages } from '@backoffice/contract';
import { changedFields } from '../../domain/audit-writer';
import type { UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../lib/error-causes';
import { AppError } from '../../lib/errors';
import { roleChange } from './user-roles';

/* The user edit's conflicts and its audit entry's details (moved from users-service.ts). */

/** A race past the clash check hits the unique lower(...) indexes: still the field's 409. */
export function uniqueViolation(err: unknown): AppError | null {
  if (isUniqueViolation(err, 'users_email_lower_idx')) return taken('email');
  if (isUniqueViolation(err, 'users_username_lower_idx')) return taken('username');
  return null;
}

export function taken(field: 'email' | 'username'): AppError {
  const message = field === 'email' ? userMessages.emailInUse : userMessages.usernameInUse;
  return new AppError(409, message, { [field]: message });
}

/**
 * An edit's audit details: the names of the fields that changed (`password` when a new one was
 * set, never its value or hash), and a role change (else a verification change) as from/to.
 */
export function userChanges(before: UserRow, after: UserRow, newPassword: boolean) {
  const fields = changedFields(before, after, [
    'username',
    'email',
    'mobile',
    'isAdmin',
    'isVerified',
    'language',
    'role',
    'categories',
  ]);
  if (newPassword) fields.push('password');
  const role = (u: UserRow) => (u.isAdmin ? 'admin' : 'advertiser');
  const verified = (u: UserRow) => (u.isVerified ? 'verified' : 'unverified');
  if (before.isAdmin !== after.isAdmin) return { fields, from: role(before), to: role(after) };
  const roleMove = roleChange(before, after);
  if (roleMove) return { fields, ...roleMove };
  if (before.isVerified !== after.isVerified) return { fields, from: verified(before), to: verified(after) };
  return { fields };
}
