import { describe, expect, it } from 'vitest';
import { summarize } from '../../src/modules/ads/ad-summary-cache';

const row = (status: string, category: string, district: string, n: number) => ({ status, category, district, n });

/** The list's counts and facets from ad_summary's rows, worked out once per snapshot and filter (ADR 0009). */
describe('summarize', () => {
  const rows = [
    row('pending', 'Vehicles', 'Kandy', 3),
    row('approved', 'Vehicles', 'Colombo', 5),
    row('rejected', 'Electronics', 'Galle', 2),
    row('pending', 'Appliances', 'Kandy', 1),
  ];

  it('counts per status, the facets sorted by name and the filtered total', () => {
    expect(summarize(rows, { status: 'pending' })).toEqual({
      byStatus: { pending: 4, approved: 5, rejected: 2 },
      categories: ['Appliances', 'Electronics', 'Vehicles'],
      districts: ['Colombo', 'Galle', 'Kandy'],
      filtered: 4,
    });
    expect(summarize(rows, { status: 'all', category: 'Vehicles', district: 'Kandy' }).filtered).toBe(3);
  });

  it("keeps a scoped moderator's categories only", () => {
    expect(summarize(rows, { status: 'all', categories: ['Vehicles'] })).toEqual({
      byStatus: { pending: 3, approved: 5 },
      categories: ['Vehicles'],
      districts: ['Colombo', 'Kandy'],
      filtered: 8,
    });
  });

  it('answers the same filter on the same rows from what it worked out, which no caller can change', () => {
    const first = summarize(rows, { status: 'approved' });
    expect(summarize(rows, { status: 'approved' })).toBe(first);
    expect(summarize(rows, { status: 'rejected' })).not.toBe(first);
    // A new snapshot's rows (a new version) are counted again.
    const next = [...rows, row('approved', 'Vehicles', 'Colombo', 1)];
    expect(summarize(next, { status: 'approved' }).filtered).toBe(6);
    expect(() => first.categories.push('Jobs')).toThrow(TypeError);
    expect(() => (first.byStatus.pending = 0)).toThrow(TypeError);
  });
});
