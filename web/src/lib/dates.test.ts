import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE_META } from '@backoffice/contract';
import { formatAdDate } from '../features/ads/ad-format';
import { formatUserDate } from '../features/users/user-format';
import { formatPackageDate } from '../features/packages/package-list';
import { formatDateRange } from '../features/banners/banner-format';
import {
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatMonthYearDay,
  marketplaceTimeZone,
  resetTimeZoneForTests,
} from './dates';

describe("dates in the marketplace's zone, whatever the browser's", () => {
  const before = process.env.TZ;
  beforeAll(() => {
    // A browser six hours behind UTC: a format that used it would show another day and hour.
    process.env.TZ = 'America/Chicago';
    resetTimeZoneForTests();
  });
  afterAll(() => {
    process.env.TZ = before;
  });
  afterEach(() => {
    document.head.querySelector(`meta[name="${TIME_ZONE_META}"]`)?.remove();
    resetTimeZoneForTests();
  });

  it('runs in a browser zone other than Sri Lanka', () => {
    expect(new Date('2026-11-22T23:36:00Z').getHours()).toBe(17);
    expect(marketplaceTimeZone()).toBe('Asia/Colombo');
  });

  it('shows every screen its format, in Colombo time', () => {
    // 23:36 UTC is 05:06 the next day in Colombo and 17:36 the same day in Chicago.
    const at = '2026-11-22T23:36:00.000Z';
    expect(formatDateTime(at)).toBe('23 Nov 2026, 05:06');
    expect(formatAdDate(at)).toBe('Nov 2026, 23');
    expect(formatUserDate(at)).toBe('23 Nov 2026');
    expect(formatPackageDate(at)).toBe('23 Nov 2026');
    expect(formatDate('2026-09-05T10:00:00Z')).toBe('5 Sep 2026');
    expect(formatMonthYearDay('2025-01-04T18:30:00Z')).toBe('Jan 2025, 5');
    expect(formatMonthYearDay('2025-01-04T18:29:59Z')).toBe('Jan 2025, 4');
  });

  it('keeps the missing-value marks and calendar days', () => {
    expect(formatUserDate(null)).toBe('N/A');
    expect(formatAdDate('not a date')).toBe('-');
    expect(formatCalendarDay('2026-12-01')).toBe('1 Dec 2026');
    expect(formatDateRange('2026-11-02', '2027-01-01')).toBe('2 Nov 2026 – 1 Jan 2027');
  });

  it('uses the zone the server names in the page', () => {
    const meta = document.createElement('meta');
    meta.name = TIME_ZONE_META;
    meta.content = 'Asia/Tokyo';
    document.head.append(meta);
    resetTimeZoneForTests();
    expect(formatDateTime('2026-11-22T23:36:00.000Z')).toBe('23 Nov 2026, 08:36');
    meta.content = 'Mars/Olympus';
    resetTimeZoneForTests();
    expect(marketplaceTimeZone()).toBe('Asia/Colombo');
  });
});
