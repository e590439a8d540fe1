import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pendingAge } from './ad-age';
import { AgeLabel } from './ad-row';

const now = Date.parse('2026-11-26T12:00:00.000Z');
const HOUR = 3_600_000;
const postedHoursAgo = (h: number) => new Date(now - h * HOUR).toISOString();

describe('a pending ad’s age in three steps (docs/product.md#ads-moderation)', () => {
  it('is neutral under 24 h, amber from 24 to 48 h, red over 48 h, and says so in words', () => {
    expect(pendingAge(postedHoursAgo(0.5), now)).toEqual({ step: 'fresh', text: '30 min' });
    expect(pendingAge(postedHoursAgo(23.99), now)).toEqual({ step: 'fresh', text: '23 h' });
    expect(pendingAge(postedHoursAgo(24), now)).toEqual({ step: 'dueSoon', text: '1 d · due soon' });
    expect(pendingAge(postedHoursAgo(48), now)).toEqual({ step: 'dueSoon', text: '2 d · due soon' });
    expect(pendingAge(postedHoursAgo(48.01), now)).toEqual({ step: 'overdue', text: '2 d · overdue' });
    expect(pendingAge(postedHoursAgo(24 * 9), now)).toEqual({ step: 'overdue', text: '9 d · overdue' });
    expect(pendingAge(postedHoursAgo(-1), now)).toBeNull();
    expect(pendingAge('not a date', now)).toBeNull();
  });

  it('shows each step in its colour with its words (and an icon when overdue)', () => {
    render(
      <>
        <AgeLabel postingDate={postedHoursAgo(15)} now={now} />
        <AgeLabel postingDate={postedHoursAgo(30)} now={now} />
        <AgeLabel postingDate={postedHoursAgo(24 * 3)} now={now} />
      </>,
    );
    expect(screen.getByText('15 h')).toHaveClass('text-slate-400');
    expect(screen.getByText('1 d · due soon')).toHaveClass('text-amber-300');
    const overdue = screen.getByText('3 d · overdue');
    expect(overdue).toHaveClass('text-rose-300');
    expect(overdue.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
