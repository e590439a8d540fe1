import type { PublicUser } from '@backoffice/contract';
import { formatDate } from '../../lib/dates';

/**
 * "Registered Date (day, short month, year; N/A if missing)" in docs/product.md#user-management: "22 Nov 2026" in the
 * marketplace's zone.
 */
export function formatUserDate(iso: string | null | undefined): string {
  return formatDate(iso, 'N/A');
}

/** The name when there is one, else the username ("name or username" in docs/product.md#user-management). */
export function displayName(user: Pick<PublicUser, 'name' | 'username'>): string {
  return user.name?.trim() || user.username;
}

/** Up to two initials for the picture placeholder. */
export function initials(user: Pick<PublicUser, 'name' | 'username'>): string {
  const words = displayName(user)
    .split(/[\s._-]+/)
    .filter(Boolean);
  return (words.length > 1 ? words[0]![0]! + words[1]![0]! : displayName(user).slice(0, 2)).toUpperCase();
}

/** The join date of the detail screen: joinDate, else the registration time. */
export function joinDateOf(user: Pick<PublicUser, 'joinDate' | 'createdAt'>): string | null {
  return user.joinDate ?? user.createdAt ?? null;
}
