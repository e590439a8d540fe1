import { describe, expect, it } from 'vitest';
import { accountAge, categoryName, excerptPieces } from './evidence-text';

const pieces = (text: string, spans: Array<{ start: number; end: number }>) =>
  excerptPieces(text, spans).map((p) => (p.marked ? `[${p.text}]` : p.text));

describe('the evidence’s words', () => {
  it('marks each span in its text, short text whole', () => {
    expect(pieces('Call 0771234567 now', [{ start: 5, end: 15 }])).toEqual(['Call ', '[0771234567]', ' now']);
    // Overlapping and out-of-range spans are clipped, never thrown.
    expect(
      pieces('abcdef', [
        { start: 4, end: 99 },
        { start: 1, end: 3 },
        { start: 2, end: 5 },
      ]),
    ).toEqual(['a', '[bc]', '[de]', '[f]']);
    expect(pieces('plain', [])).toEqual(['plain']);
  });

  it('keeps 40 characters of context around a match in a long text', () => {
    const before = 'x'.repeat(100);
    const after = 'y'.repeat(100);
    const text = `${before}MATCH${after}`;
    expect(pieces(text, [{ start: 100, end: 105 }])).toEqual([`…${'x'.repeat(40)}`, '[MATCH]', `${'y'.repeat(40)}…`]);
    const two = `${text}MATCH`;
    expect(
      pieces(two, [
        { start: 100, end: 105 },
        { start: 205, end: 210 },
      ])[2],
    ).toBe(`${'y'.repeat(40)} … ${'y'.repeat(40)}`);
  });

  it('names categories and ages plainly', () => {
    expect(categoryName('advance_payment')).toBe('Advance payment');
    expect(accountAge(0.2)).toBe('12 min');
    expect(accountAge(5.4)).toBe('5 h');
    expect(accountAge(72)).toBe('3 d');
  });
});
