import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_PACKAGE_FEATURES,
  PACKAGE_ICONS,
  PACKAGE_POPULARITIES,
  PACKAGE_STATUSES,
  PACKAGE_TYPES,
  formatPackagePrice,
  packageIconUrl,
  packageMessages as m,
  validatePackage,
} from '../src';

/** Text with something other than whitespace in it, and no control characters. */
const word = fc
  .string({ minLength: 1, maxLength: 40 })
  .filter((s) => s.trim() !== '' && !/[\u0000-\u001f\u007f]/.test(s)); // eslint-disable-line no-control-regex
const blank = fc.constantFrom('', ' ', '   ', '\t', '\n ');
const cents = fc.integer({ min: 1, max: 100_000_000 * 100 }).map((c) => c / 100);

const validBody = fc.record({
  name: word,
  type: fc.constantFrom(...PACKAGE_TYPES),
  description: word,
  price: cents,
  duration: word,
  maxAds: fc.integer({ min: 1, max: 100_000 }),
  features: fc
    .array(fc.oneof(word, blank), { minLength: 1, maxLength: MAX_PACKAGE_FEATURES })
    .filter((l) => l.some((f) => f.trim() !== '')),
  status: fc.constantFrom(...PACKAGE_STATUSES),
  popularity: fc.constantFrom(...PACKAGE_POPULARITIES),
  icon: fc.constantFrom(null, PACKAGE_ICONS.Regular, PACKAGE_ICONS.Digital),
});

const errorsOf = (input: unknown) => {
  const result = validatePackage(input);
  return result.success ? {} : result.errors;
};

describe('package rules (docs/product.md#validation-rules, docs/decisions/0005-packages-and-duties.md)', () => {
  it('accepts every valid package, trimming text and dropping blank features in order', () => {
    fc.assert(
      fc.property(validBody, (body) => {
        const result = validatePackage(body);
        expect(result.success).toBe(true);
        if (!result.success) return;
        expect(result.data.name).toBe(body.name.trim());
        expect(result.data.features).toEqual(body.features.map((f) => f.trim()).filter((f) => f !== ''));
        expect(result.data.features.length).toBeGreaterThan(0);
      }),
    );
  });

  it('gives exactly the spec message of each broken field', () => {
    const broken = {
      name: blank.map((v) => [v, m.nameRequired] as const),
      type: fc.constantFrom('', 'regular', 'Gold', null).map((v) => [v, m.typeRequired] as const),
      description: blank.map((v) => [v, m.descriptionRequired] as const),
      price: fc
        .oneof(
          fc.double({ max: 0, noNaN: true }),
          fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, '4500', null, 0.001),
        )
        .map((v) => [v, m.priceInvalid] as const),
      duration: blank.map((v) => [v, m.durationRequired] as const),
      maxAds: fc
        .oneof(
          fc.integer({ max: 0 }),
          fc.double({ min: 1.01, max: 1000, noInteger: true }),
          fc.constantFrom('3', null, Number.NaN),
        )
        .map((v) => [v, m.maxAdsInvalid] as const),
      features: fc
        .oneof(fc.array(blank, { maxLength: 5 }), fc.constantFrom('Top ad', null))
        .map((v) => [v, m.featuresRequired] as const),
    };
    for (const [field, arbitrary] of Object.entries(broken)) {
      fc.assert(
        fc.property(validBody, arbitrary, (body, [value, message]) => {
          expect(errorsOf({ ...body, [field]: value })).toEqual({ [field]: message });
        }),
      );
    }
  });

  it('reports every missing field at once, and refuses unknown fields', () => {
    expect(errorsOf({})).toEqual({
      name: m.nameRequired,
      type: m.typeRequired,
      description: m.descriptionRequired,
      price: m.priceInvalid,
      duration: m.durationRequired,
      maxAds: m.maxAdsInvalid,
      features: m.featuresRequired,
    });
    fc.assert(
      fc.property(
        validBody,
        fc.string({ minLength: 1 }).filter((k) => !(k in validBody) && !['__proto__', 'constructor'].includes(k)),
        (body, key) => {
          expect(validatePackage({ ...body, [key]: 1 }).success).toBe(false);
        },
      ),
    );
  });

  it('defaults status to Active, popularity to None and icon to null (docs/product.md#states-and-transitions)', () => {
    const result = validatePackage({
      name: 'Basic',
      type: 'Regular',
      description: 'd',
      price: 1500,
      duration: '30 days',
      maxAds: 5,
      features: ['One'],
    });
    expect(result).toMatchObject({ success: true, data: { status: 'Active', popularity: 'None', icon: null } });
  });

  it('accepts only the two shipped icons', () => {
    fc.assert(
      fc.property(validBody, fc.webUrl(), (body, url) => {
        expect(errorsOf({ ...body, icon: url })).toEqual({ icon: m.iconInvalid });
      }),
      { numRuns: 50 },
    );
    expect(packageIconUrl('Digital', null)).toBe('/icons/package-digital.svg');
    expect(packageIconUrl('Digital', PACKAGE_ICONS.Regular)).toBe('/icons/package-regular.svg');
  });

  it('formats prices in LKR with en-LK grouping', () => {
    expect(formatPackagePrice(4500)).toBe('LKR 4,500');
    expect(formatPackagePrice(1250000)).toBe('LKR 1,250,000');
    expect(formatPackagePrice(4500.5)).toBe('LKR 4,500.50');
  });
});
