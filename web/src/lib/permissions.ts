import { useSelector } from 'react-redux';
import { roleCan, roleMessages, type AdminRole, type Permission, type PublicUser } from '@backoffice/contract';
import { selectCurrentUser } from './session-events';

/**
 * What the signed-in admin's role allows (docs/decisions/0033-roles.md), from the same table the
 * server checks: the screens hide or disable what a role cannot do, and the server refuses it anyway.
 * A session stored before roles existed has none: an admin without a role is an administrator, as
 * on the server.
 */
export function roleOf(user: Pick<PublicUser, 'isAdmin' | 'role'> | null | undefined): AdminRole | null {
  if (!user?.isAdmin) return null;
  return user.role ?? 'administrator';
}

export function useCan(permission: Permission): boolean {
  const user = useSelector(selectCurrentUser);
  return roleCan(roleOf(user), permission);
}

/** `useCan` for several permissions at once (a list of choices filtered by role). */
export function usePermissions(): (permission: Permission) => boolean {
  const role = roleOf(useSelector(selectCurrentUser));
  return (permission) => roleCan(role, permission);
}

/** The reason shown beside an action the role cannot use. */
export const notAllowedReason = roleMessages.notAllowed;
