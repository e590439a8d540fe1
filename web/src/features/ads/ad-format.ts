import type { Advertisement } from '@backoffice/contract';

/** docs/product.md#ads-moderation: the last 5 characters of the id, prefixed #. */
export function formatAdId(id: string): string {
  return `#${id.slice(-5)}`;
}

/** docs/product.md#ads-moderation: phone1 or "-". */
export function formatContact(phone: string | null | undefined): string {
  return phone?.trim() ? phone.trim() : '-';
}

/**
 * "Date (short month, year, day)" in docs/product.md#ads-moderation, in that order: "Nov 2026, 22" (local time). The
 * parts come from Intl so the month name is the browser's short English month.
 */
export function formatAdDate(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  const parts = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', day: 'numeric' }).formatToParts(
    date,
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('year')}, ${part('day')}`;
}

/** docs/product.md#ads-moderation: Digital or Regular; the side panel's default is Digital. */
export function adTypeLabel(adType: Advertisement['adType'] | null | undefined): 'Digital' | 'Regular' {
  return adType === 'regular' ? 'Regular' : 'Digital';
}
