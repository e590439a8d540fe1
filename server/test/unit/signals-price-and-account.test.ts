import { describe, expect, it } from 'vitest';
import { MIN_SAMPLE, PriceHistogram, priceOutlier, robustStats } from '../../src/signals/price-outlier';
import { newAccount } from '../../src/signals/new-account';
import { invalidPhone } from '../../src/signals/invalid-phone';
import { normalisePhone } from '../../src/signals/phone';

/** Car prices around Rs 5,000,000, spread by a factor of about 1.5 either way, and one absurd price. */
const prices = Array.from({ length: 200 }, (_, i) => 5_000_000 * 1.5 ** Math.sin(i * 1.7)).concat([1]);

describe('price_outlier', () => {
  it('flags a price far below or far above the category, with the usual price as evidence', () => {
    const stats = robustStats(prices);
    const [low] = priceOutlier.detect({ price: 450_000, stats });
    expect(low).toMatchObject({ kind: 'price_outlier', strength: 1, evidence: { direction: 'below', price: 450_000 } });
    expect(low!.evidence.usual).toBeGreaterThan(4_000_000);
    expect(low!.evidence.usual).toBeLessThan(6_000_000);
    expect(priceOutlier.detect({ price: 90_000_000, stats })[0]).toMatchObject({
      strength: 0.5,
      evidence: { direction: 'above' },
    });
    expect(priceOutlier.detect({ price: 6_500_000, stats })).toEqual([]);
    expect(priceOutlier.detect({ price: 3_500_000, stats })).toEqual([]);
  });

  it('says nothing without a price or without enough prices in the category', () => {
    const stats = robustStats(prices);
    expect(priceOutlier.detect({ price: null, stats })).toEqual([]);
    expect(priceOutlier.detect({ price: 0, stats })).toEqual([]);
    expect(priceOutlier.detect({ price: 1000, stats: robustStats(prices.slice(0, MIN_SAMPLE - 1)) })).toEqual([]);
  });

  it('keeps a histogram as ads arrive whose median and spread match the exact ones', () => {
    const histogram = new PriceHistogram();
    for (const p of prices) histogram.add(p);
    const exact = robustStats(prices);
    const kept = histogram.stats();
    expect(kept.n).toBe(exact.n);
    expect(Math.abs(kept.median - exact.median)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(kept.mad - exact.mad)).toBeLessThanOrEqual(0.03);
    // Stored as counts and read back, one price removed (an ad deleted): the same counts.
    const back = new PriceHistogram(histogram.counts);
    back.remove(1);
    expect(back.stats().n).toBe(exact.n - 1);
    expect(PriceHistogram.binOf(1)).toBe(0);
    expect(PriceHistogram.binOf(1e15)).toBe(499);
  });
});

describe('new_account', () => {
  const created = new Date('2026-11-20T08:00:00Z');
  it('flags the first ad and an account younger than a day', () => {
    expect(
      newAccount.detect({ accountCreatedAt: created, postedAt: new Date('2026-12-20T08:00:00Z'), earlierAds: 0 })[0]
        ?.evidence,
    ).toEqual({
      firstAd: true,
      accountAgeHours: 720,
    });
    expect(
      newAccount.detect({ accountCreatedAt: created, postedAt: new Date('2026-11-21T07:30:00Z'), earlierAds: 3 })[0]
        ?.evidence,
    ).toEqual({
      firstAd: false,
      accountAgeHours: 23.5,
    });
    expect(
      newAccount.detect({ accountCreatedAt: created, postedAt: new Date('2026-11-21T08:00:00Z'), earlierAds: 1 }),
    ).toEqual([]);
  });

  it('judges an account created after the ad (an import) by its first ad only', () => {
    const before = new Date('2026-10-01T08:00:00Z');
    expect(newAccount.detect({ accountCreatedAt: created, postedAt: before, earlierAds: 2 })).toEqual([]);
    expect(newAccount.detect({ accountCreatedAt: created, postedAt: before, earlierAds: 0 })[0]?.evidence).toEqual({
      firstAd: true,
      accountAgeHours: null,
    });
  });
});

describe('invalid_phone and the phone form the database keys on', () => {
  it('accepts a Sri Lankan mobile or landline however it is written', () => {
    for (const phone of ['077 123 4567', '0771234567', '+94 77 123 4567', '94771234567', '011 234 5678']) {
      expect(invalidPhone.detect({ phone })).toEqual([]);
    }
    expect(normalisePhone('077-123-4567')).toBe('+94771234567');
    expect(normalisePhone('+94 77 123 4567')).toBe('+94771234567');
    expect(normalisePhone('12345')).toBeNull();
  });

  it('flags a number too short, a foreign one and one that is no number, and says why', () => {
    expect(invalidPhone.detect({ phone: '077 123 456' })[0]?.evidence).toMatchObject({ reason: 'not_valid' });
    expect(invalidPhone.detect({ phone: '+44 7911 123456' })[0]?.evidence).toEqual({
      phone: '+44 7911 123456',
      reason: 'not_sri_lankan',
      e164: '+447911123456',
    });
    expect(invalidPhone.detect({ phone: 'call me' })[0]?.evidence).toMatchObject({ reason: 'unreadable' });
  });

  it('says nothing about an ad without a contact number', () => {
    expect(invalidPhone.detect({ phone: null })).toEqual([]);
    expect(invalidPhone.detect({ phone: '  ' })).toEqual([]);
  });
});
