import type { Advertisement } from '@backoffice/contract';
import { formatMonthYearDay } from '../../lib/dates';

/** docs/product.md#ads-moderation: the last 5 characters of the id, prefixed #. */
export function formatAdId(id: string): string {
  return `#${id.slice(-5)}`;
}

/** docs/product.md#ads-moderation: phone1 or "-". */
export function formatContact(phone: string | null | undefined): string {
  return phone?.trim() ? phone.trim() : '-';
}

/** "Date (short month, year, day)" in docs/product.md#ads-moderation, in that order: "Nov 2026, 22" in the marketplace's zone. */
export function formatAdDate(iso: string | null | undefined): string {
  return formatMonthYearDay(iso);
}

/** docs/product.md#ads-moderation: Digital or Regular; the side panel's default is Digital. */
export function adTypeLabel(adType: Advertisement['adType'] | null | undefined): 'Digital' | 'Regular' {
  return adType === 'regular' ? 'Regular' : 'Digital';
}

const rupees = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** An asking price in whole rupees as the panel shows it: `Rs 4,500,000`; null when the ad states none. */
export function formatPrice(price: number | null | undefined): string | null {
  return price === null || price === undefined ? null : `Rs ${rupees.format(price)}`;
}
