import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DUTY_CODE_PATTERN,
  dutyCreateBody,
  dutyMessages,
  generateDutyCode,
  isSafeDutyHref,
  validateDuty,
} from '../src';

describe('duty rules (docs/product.md#validation-rules, docs/product.md#business-constants; docs/decisions/0005-packages-and-duties.md)', () => {
  it('generates codes of the form #D + 4 digits that the server accepts', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (r) => {
        const code = generateDutyCode(() => r);
        expect(code).toMatch(DUTY_CODE_PATTERN);
        expect(
          dutyCreateBody.safeParse({ id: code, title: 't', description: 'd', conditions: [], status: 'Active' })
            .success,
        ).toBe(true);
      }),
    );
    expect(generateDutyCode(() => 0)).toBe('#D0000');
    expect(generateDutyCode(() => 0.99999)).toBe('#D9999');
  });

  it('avoids codes already taken when it can', () => {
    const values = [0.1234, 0.1234, 0.5678];
    const random = () => values.shift() ?? 0.9;
    expect(generateDutyCode(random, new Set(['#D1234']))).toBe('#D5678');
  });

  it('requires title and description, and refuses a blank condition (issue 32.10)', () => {
    expect(validateDuty({ title: ' ', description: '', conditions: [], status: 'Active' })).toEqual({
      title: dutyMessages.titleRequired,
      description: dutyMessages.descriptionRequired,
    });
    expect(validateDuty({ title: 'T', description: 'D', conditions: ['Be on time'], status: 'Inactive' })).toEqual({});
    expect(validateDuty({ title: 'T', description: 'D', conditions: ['', ''], status: 'Inactive' })).toEqual({
      conditions: dutyMessages.conditionBlank,
    });
  });

  it('allows only http, https and mailto links, however the scheme is disguised', () => {
    for (const ok of ['https://dmt.gov.lk', 'http://example.lk/a?b=1', 'mailto:help@admarket.lk', 'HTTPS://X.LK'])
      expect(isSafeDutyHref(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', '//evil.example', '/relative', 'data:text/html,x', 'https://', 'ftp://x'])
      expect(isSafeDutyHref(bad), bad).toBe(false);
    fc.assert(
      fc.property(
        fc.constantFrom('javascript:', 'vbscript:', 'data:'),
        fc.array(fc.constantFrom('\t', '\n', '\r', '\u0000', ' ', '\u0001'), { maxLength: 3 }),
        fc.nat({ max: 10 }),
        (scheme, junk, at) => {
          const href = scheme.slice(0, at) + junk.join('') + scheme.slice(at) + 'alert(1)';
          expect(isSafeDutyHref(href)).toBe(false);
        },
      ),
    );
  });
});
