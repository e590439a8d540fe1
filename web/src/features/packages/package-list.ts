import type { Package, PackageSortField } from '@backoffice/contract';
import { formatDate } from '../../lib/dates';

export type PackageSort = { field: PackageSortField; order: 'asc' | 'desc' };

/** Clicking the sorted column toggles its direction; another column starts ascending. */
export function nextSort(current: PackageSort, field: PackageSortField): PackageSort {
  return current.field === field ? { field, order: current.order === 'asc' ? 'desc' : 'asc' } : { field, order: 'asc' };
}

/** "22 Nov 2026" in the marketplace's zone. */
export function formatPackageDate(iso: string): string {
  return formatDate(iso);
}

/** docs/ui-style.md: Regular violet, Digital sky, everywhere. */
export const typeTone = (type: Package['type']) => (type === 'Regular' ? 'violet' : 'sky');
