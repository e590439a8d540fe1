import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sanitizeCondition } from '../../src/modules/duties/duty-sanitizer';

/** Pieces of markup, nice and nasty, that conditions are made of. */
const fragment = fc.oneof(
  fc.constantFrom(
    'Review ',
    'within 24 hours',
    ' & ',
    '1 < 2',
    '"quoted"',
    "'",
    '<b>',
    '</b>',
    '<strong>',
    '</strong>',
    '<i>',
    '</i>',
    '<span style="color:red">',
    '</span>',
    '<a href="https://dmt.gov.lk">',
    '<a href="mailto:help@admarket.lk" target="_blank">',
    '<a href="javascript:alert(1)">',
    '<a href="java&#x09;script:alert(1)">',
    '<a href="//evil.example">',
    '<a>',
    '</a>',
    '<img src=x onerror=alert(1)>',
    '<script>alert(1)</script>',
    '<style>b{}</style>',
    '<svg onload=alert(1)>',
    '</svg>',
    '<b onclick="x()">',
    '<!-- note -->',
  ),
  fc.string({ maxLength: 8 }),
);

const tag = /<(\/?)([a-z]+)([^>]*)>/g;

describe('duty condition sanitiser (docs/decisions/0005-packages-and-duties.md)', () => {
  it('leaves only balanced b, strong and safe a[href][rel] tags, and is idempotent', () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 12 }), (parts) => {
        const out = sanitizeCondition(parts.join(''));
        expect(sanitizeCondition(out)).toBe(out);
        const open: string[] = [];
        for (const [, closing, name, attrs] of out.matchAll(tag)) {
          expect(['b', 'strong', 'a']).toContain(name);
          if (closing) {
            expect(open.pop()).toBe(name);
            continue;
          }
          open.push(name!);
          if (name === 'a') expect(attrs).toMatch(/^ href="(https?:\/\/|mailto:)[^"]*" rel="noopener noreferrer"$/);
          else expect(attrs).toBe('');
        }
        expect(open).toEqual([]);
        // Outside the allowed tags every angle bracket is escaped, so no other markup can start:
        // text such as "onA=" is harmless words, not an attribute.
        expect(out.replace(tag, '')).not.toMatch(/[<>]/);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the next tag intact after an unsafe link (sanitize-html transform pitfall)', () => {
    expect(sanitizeCondition('<a href="javascript:alert(1)">bad</a> <b>ok</b>')).toBe('bad <b>ok</b>');
  });
});
