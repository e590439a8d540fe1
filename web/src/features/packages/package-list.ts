import type { Package, PackageSortField, PackageStatus } from '@backoffice/contract';
import { formatDate } from '../../lib/dates';

export type PackageStatusFilter = 'all' | PackageStatus;
export type PackageSort = { field: PackageSortField; order: 'asc' | 'desc' };

/** Case-insensitive search over pid, name, type, duration and description, then the status filter. */
export function filterPackages(list: readonly Package[], search: string, status: PackageStatusFilter): Package[] {
  const needle = search.trim().toLowerCase();
  return list.filter(
    (p) =>
      (status === 'all' || p.status === status) &&
      (needle === '' ||
        [p.pid, p.name, p.type, p.duration, p.description].some((v) => v.toLowerCase().includes(needle))),
  );
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Sorted by one column (docs/product.md#packages: PID, name, type, status), ties broken by pid; never in place. */
export function sortPackages(list: readonly Package[], sort: PackageSort): Package[] {
  const sign = sort.order === 'asc' ? 1 : -1;
  return [...list].sort(
    (a, b) => sign * (collator.compare(a[sort.field], b[sort.field]) || collator.compare(a.pid, b.pid)),
  );
}

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
