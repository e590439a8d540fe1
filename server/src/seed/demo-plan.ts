import type { AdSchedule, ScheduledAd } from './demo-ads';
import { createRng, type Rng } from './random';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Asia/Colombo, the marketplace's time zone: UTC+05:30 all year (no daylight saving). */
const COLOMBO_OFFSET = 5.5 * HOUR;
/** How far back the demo's decisions go. */
const DECISION_DAYS = 30;
/** The two demo ads with this heading stay: a duplicate to find (one approved, one pending). */
export const DUPLICATE_HEADING = 'Toyota Axio 2012 for Sale';

type Outcome = 'pending' | 'approved' | 'rejected' | 'deleted';
export type PlannedAd = ScheduledAd & { outcome: Outcome; decideAt: Date | null };

/**
 * When the first-start demo's ads were posted and when each was decided (docs/decisions/0015-demo-data-and-admins.md):
 * decisions on working hours of the last 30 days, a few in the last three hours whatever the hour of
 * the start, each some minutes to a day and a half after its posting; pending ads in three ages
 * (under 24 h, 24–48 h, overdue up to nine days). Its own random stream, so the ads' content is
 * what the same seed always gave.
 */
export class DemoPlan {
  private readonly rng: Rng;
  private readonly plans = new Map<number, { outcome: Outcome; decideAt: Date | null }>();
  private duplicates = 0;

  constructor(
    private readonly now: Date,
    /** Ads past this index are posted to be deleted. */
    private readonly kept: number,
    seed = 3232,
  ) {
    this.rng = createRng(seed);
  }

  readonly schedule: AdSchedule = (ad) => {
    const { rng } = this;
    const now = this.now.getTime();
    let outcome: Outcome = ad.index >= this.kept ? 'deleted' : ad.status;
    let decideAt: Date | null = null;
    if (ad.heading === DUPLICATE_HEADING) outcome = this.duplicates++ === 0 ? 'approved' : 'pending';
    let postingDate: Date;
    if (outcome === 'pending') {
      const bucket = rng.next();
      const ageMinutes =
        bucket < 0.35
          ? rng.int(10, 23 * 60)
          : bucket < 0.65
            ? rng.int(24 * 60 + 20, 47 * 60)
            : rng.int(49 * 60, 9 * 24 * 60);
      postingDate = new Date(now - ageMinutes * MIN - rng.int(0, 59) * 1000);
    } else {
      decideAt = this.decisionTime();
      // Most ads are decided within hours of their posting; some wait overnight or longer.
      const delay = rng.chance(0.7) ? rng.int(20, 8 * 60) : rng.int(8 * 60, 40 * 60);
      postingDate = new Date(decideAt.getTime() - delay * MIN - rng.int(0, 59) * 1000);
    }
    this.plans.set(ad.index, { outcome, decideAt });
    return { postingDate };
  };

  /** A moment on Colombo's working hours (08:00–20:30) of the last DECISION_DAYS days, or of the last three hours. */
  private decisionTime(): Date {
    const { rng } = this;
    const now = this.now.getTime();
    if (rng.chance(0.05)) return new Date(now - rng.int(5, 180) * MIN);
    const midnight = Math.floor((now + COLOMBO_OFFSET) / DAY) * DAY - COLOMBO_OFFSET;
    for (;;) {
      const at =
        midnight - rng.int(0, DECISION_DAYS - 1) * DAY + rng.int(8 * 60, 20 * 60 + 30) * MIN + rng.int(0, 59) * 1000;
      if (at < now - 5 * MIN && at > now - DECISION_DAYS * DAY) return new Date(at);
    }
  }

  /** The inserted ads with what the plan decided for them. */
  planned(ads: ScheduledAd[]): PlannedAd[] {
    return ads.map((ad) => ({ ...ad, ...this.plans.get(ad.index)! }));
  }
}
