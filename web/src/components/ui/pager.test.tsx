import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pageWindow, shownRange } from './pager';

describe('pageWindow', () => {
  it('shows first, last and the pages next to the current one, with ellipses for gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 'ellipsis', 10]);
    expect(pageWindow(5, 10)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]);
    expect(pageWindow(10, 10)).toEqual([1, 'ellipsis', 9, 10]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis', 10]);
  });

  it('holds its rules for any page and page count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (a, b) => {
        const total = Math.max(a, b);
        const current = Math.min(a, b);
        const items = pageWindow(current, total);
        const pages = items.filter((i): i is number => i !== 'ellipsis');
        // Always the first, the last, and the current page with its neighbours.
        for (const p of [1, total, current - 1, current, current + 1])
          if (p >= 1 && p <= total) expect(pages).toContain(p);
        // Nothing else: only first, last and current ± 1.
        for (const p of pages) expect(p === 1 || p === total || Math.abs(p - current) <= 1).toBe(true);
        // Ascending, no duplicates.
        pages.forEach((p, i) => i > 0 && expect(p).toBeGreaterThan(pages[i - 1]!));
        // An ellipsis exactly where numbers are skipped, never at either end, never twice in a row.
        items.forEach((item, i) => {
          if (item === 'ellipsis') {
            const before = items[i - 1];
            const after = items[i + 1];
            expect(typeof before).toBe('number');
            expect(typeof after).toBe('number');
            expect((after as number) - (before as number)).toBeGreaterThan(1);
          } else if (i > 0 && typeof items[i - 1] === 'number') {
            expect(item - (items[i - 1] as number)).toBe(1);
          }
        });
      }),
    );
  });

  it('clamps a page outside the range', () => {
    expect(pageWindow(0, 5)).toEqual([1, 2, 'ellipsis', 5]);
    expect(pageWindow(9, 5)).toEqual([1, 'ellipsis', 4, 5]);
    expect(pageWindow(1, 0)).toEqual([1]);
  });
});

describe('Pager', () => {
  it('says which entries are shown', () => {
    expect(shownRange(2, 10, 35)).toEqual({ from: 11, to: 20 });
    expect(shownRange(4, 10, 35)).toEqual({ from: 31, to: 35 });
    expect(shownRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
    render(<Pager page={4} pageSize={10} total={35} onPageChange={() => {}} />);
    expect(screen.getByText('Showing 31 to 35 of 35 entries')).toBeInTheDocument();
  });

  it('has first, previous, numbered, next and last buttons', async () => {
    const onPageChange = vi.fn();
    render(<Pager page={1} pageSize={10} total={95} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Page 5' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onPageChange.mock.calls).toEqual([[2], [10], [2]]);
  });
});
