import { describe, expect, it } from 'vitest';
import type { GeneratedAd, ScheduledAd } from '../../src/seed/demo-ads';
import { DemoPlan, DUPLICATE_HEADING } from '../../src/seed/demo-plan';
import { createRng } from '../../src/seed/random';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date('2026-11-22T02:30:00Z'); // 08:00 in Colombo

/** 300 generated ads as seedAds hands them to the schedule, and what the plan made of them. */
function planFor(at: Date, kept = 300) {
  const rng = createRng(5);
  const plan = new DemoPlan(at, kept);
  const ads: ScheduledAd[] = [];
  for (let index = 0; index < kept + 2; index++) {
    const roll = rng.next();
    const generated: GeneratedAd = {
      index,
      status: roll < 0.3 ? 'pending' : roll < 0.8 ? 'approved' : 'rejected',
      heading: index === 40 || index === 200 ? DUPLICATE_HEADING : `Ad ${index}`,
      userId: `user-${index % 60}`,
    };
    ads.push({ ...generated, id: `ad-${index}`, ...plan.schedule(generated) });
  }
  return plan.planned(ads);
}

describe('the first-start demo plan (docs/decisions/0015-demo-data-and-admins.md)', () => {
  it('is the same for the same start, and a day later is the same month a day later', () => {
    expect(planFor(now)).toEqual(planFor(now));
    const shifted = planFor(new Date(now.getTime() + DAY)).map((a) => ({
      ...a,
      postingDate: new Date(a.postingDate.getTime() - DAY),
      decideAt: a.decideAt && new Date(a.decideAt.getTime() - DAY),
    }));
    expect(shifted).toEqual(planFor(now));
  });

  it('decides ads within the last 30 days, after their posting and before the start', () => {
    const decided = planFor(now).filter((a) => a.outcome !== 'pending');
    expect(decided.length).toBeGreaterThan(150);
    for (const a of decided) {
      expect(a.decideAt!.getTime()).toBeLessThan(now.getTime());
      expect(a.decideAt!.getTime()).toBeGreaterThan(now.getTime() - 30 * DAY);
      expect(a.postingDate.getTime()).toBeLessThan(a.decideAt!.getTime());
    }
    // Some in the hours before the start, even at 08:00 before the working day's first decisions.
    expect(decided.some((a) => now.getTime() - a.decideAt!.getTime() < 3 * HOUR)).toBe(true);
    expect(decided.filter((a) => a.outcome === 'deleted').map((a) => a.index)).toEqual([300, 301]);
  });

  it('leaves pending ads of each urgency: under 24 h, 24 to 48 h, and overdue', () => {
    const ages = planFor(now)
      .filter((a) => a.outcome === 'pending')
      .map((a) => (now.getTime() - a.postingDate.getTime()) / HOUR);
    expect(ages.filter((h) => h < 24).length).toBeGreaterThan(10);
    expect(ages.filter((h) => h > 24 && h < 48).length).toBeGreaterThan(10);
    expect(ages.filter((h) => h > 48).length).toBeGreaterThan(10);
    expect(Math.max(...ages)).toBeLessThan(10 * 24);
  });

  it('keeps the two Toyota Axio 2012 ads: the older approved, the newer pending', () => {
    const pair = planFor(now).filter((a) => a.heading === DUPLICATE_HEADING);
    expect(pair.map((a) => a.outcome)).toEqual(['approved', 'pending']);
  });
});
