import type { Duty, DutyStatus } from '@backoffice/contract';

export type DutyStatusFilter = 'all' | DutyStatus;

/** Case-insensitive search over code, title and description, then the status filter. */
export function filterDuties(duties: readonly Duty[], search: string, status: DutyStatusFilter): Duty[] {
  const needle = search.trim().toLowerCase();
  return duties.filter(
    (d) =>
      (status === 'all' || d.status === status) &&
      (needle === '' || [d.id, d.title, d.description].some((v) => v.toLowerCase().includes(needle))),
  );
}
