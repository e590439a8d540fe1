import { eq, inArray } from 'drizzle-orm';
import type { MessagesConfig } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Clock } from '../lib/clock';
import { AdvertiserOutbox } from '../messages/advertiser-outbox';
import { AdsService } from '../modules/ads/ads-service';
import { ClaimsService } from '../modules/claims/claims-service';
import type { FileStorage } from '../storage/file-storage';
import type { DemoModerator } from './demo-moderators';
import type { PlannedAd } from './demo-plan';
import { DEMO_REJECTION_REASONS } from './demo-rejection-reasons';
import { createRng, type Rng } from './random';

const SECOND = 1000;
const MIN = 60 * SECOND;
const DAY = 24 * 60 * MIN;
/** Two decisions of the demo are at least this far apart, so each one's claims and messages come before the next. */
const SPACING = 2 * MIN;

export type DecisionDeps = {
  db: Db;
  storage: FileStorage;
  /** Where the messages' files go (DATA_DIR/outbox, as without SMTP). */
  dataDir: string;
  messages: MessagesConfig;
};

export type ReplaySummary = {
  approved: number;
  rejected: number;
  deleted: number;
  takeOvers: number;
  messages: number;
};

const quiet = { info() {}, warn() {}, error() {}, debug() {} };

/** The seed of the draw sampling the month's decisions into second review (a few of them at 2 %). */
const SAMPLING_SEED = 3434;

/**
 * An outbox that is never started: it records messages and delivers them when asked, to files
 * under DATA_DIR/outbox, never to SMTP or an SMS gateway, whatever is configured.
 */
export function demoOutbox(deps: DecisionDeps, clock: Clock): AdvertiserOutbox {
  return new AdvertiserOutbox({
    db: deps.db,
    kind: 'pglite',
    clock,
    config: {
      ...deps.messages,
      smtpUrl: undefined,
      smsWebhookUrl: undefined,
      smsWebhookToken: undefined,
      worker: false,
    },
    dataDir: deps.dataDir,
    log: quiet,
  });
}

/** The clock the services read, set to each step's moment of the demo's past. */
function settableClock(start: Date): Clock & { set(at: number): void } {
  let now = start.getTime();
  const clock = (() => new Date(now)) as Clock & { set(at: number): void };
  clock.set = (at) => (now = at);
  return clock;
}

const weighted = <T>(rng: Rng, items: readonly (readonly [T, number])[]): T => {
  let roll = rng.next() * items.reduce((sum, [, w]) => sum + w, 0);
  for (const [item, w] of items) if ((roll -= w) < 0) return item;
  return items.at(-1)![0];
};

/** The reasons moderators pick most, from the active templates of the Reject dialog. */
const REASONS = DEMO_REJECTION_REASONS.filter((r) => r.status === 'active').map(
  (r, i) => [r.text, [4, 2, 1, 2, 3, 2][i] ?? 1] as const,
);

/**
 * A few advertisers typed their email wrong on the public site: their messages fail for good, as
 * delivery refuses an address that is not one (messages/recipients.ts), and the screens show a
 * failed message with Retry.
 */
async function mistypeEmails(db: Db, userIds: string[]): Promise<void> {
  if (!userIds.length) return;
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds));
  for (const row of rows) {
    await db
      .update(users)
      .set({ email: row.email.replace(/\.([a-z]+)$/, '$1') })
      .where(eq(users.id, row.id));
  }
}

/**
 * Replays the demo's month of moderation through the services the routes use, each step at its own
 * moment (docs/decisions/0015-demo-data-and-admins.md): a claim when the moderator opened the side
 * panel, a take-over now and then, the decision, and the advertiser's messages delivered a few
 * seconds later to files under DATA_DIR/outbox, never to SMTP or an SMS gateway, whatever is
 * configured. Audit entries, figures, histories and messages are therefore the services' own.
 */
export async function replayDecisions(
  deps: DecisionDeps,
  ads: PlannedAd[],
  moderators: DemoModerator[],
  now: Date,
): Promise<ReplaySummary> {
  const rng = createRng(4242);
  const clock = settableClock(now);
  // Never started: it records the decisions' messages and delivers them here, as the drain would.
  const outbox = demoOutbox(deps, clock);
  // The draw that samples decisions into second review: a stream of its own, so the same
  // decisions are sampled on every first start (demo-second-review.ts answers some of them).
  const sampling = createRng(SAMPLING_SEED);
  const adsService = new AdsService(deps.db, deps.storage, clock, quiet, outbox, () => sampling.next());
  const claims = new ClaimsService(deps.db, clock, Number.MAX_SAFE_INTEGER);
  const summary: ReplaySummary = { approved: 0, rejected: 0, deleted: 0, takeOvers: 0, messages: 0 };

  const decided = ads
    .filter((a): a is PlannedAd & { decideAt: Date } => a.decideAt !== null && a.outcome !== 'pending')
    .sort((a, b) => a.decideAt.getTime() - b.decideAt.getTime() || a.index - b.index);
  let last = -Infinity;
  for (const ad of decided) {
    const at = Math.min(Math.max(ad.decideAt.getTime(), last + SPACING), now.getTime() - MIN);
    ad.decideAt = new Date(at);
    last = at;
  }
  await mistypeEmails(deps.db, [...new Set(decided.filter((_, i) => i % 45 === 7).map((a) => a.userId))].slice(0, 4));

  const deliver = async () => {
    for (const id of await outbox.dueIds(50)) {
      await outbox.deliver(id);
      summary.messages++;
    }
  };

  try {
    for (const ad of decided) {
      const at = ad.decideAt.getTime();
      // Whoever was on the team a day before the decision.
      const team = moderators.filter((m) => m.joinedAt.getTime() < at - DAY);
      const by = weighted(
        rng,
        team.map((m) => [m, m.share] as const),
      );
      const mode =
        ad.outcome === 'deleted'
          ? 'menu'
          : weighted(rng, [
              ['panel', 45],
              ['menu', 47],
              ['take-over', 8],
            ] as const);
      const as = (m: DemoModerator) => ({ id: m.id, name: m.name });
      if (mode === 'take-over' && team.length > 1) {
        const first = weighted(
          rng,
          team.filter((m) => m !== by).map((m) => [m, m.share] as const),
        );
        clock.set(at - rng.int(230, 280) * SECOND);
        await claims.claim(ad.id, as(first), false);
        clock.set(at - rng.int(20, 110) * SECOND);
        await claims.claim(ad.id, as(by), true);
        summary.takeOvers++;
      } else if (mode === 'panel') {
        clock.set(at - rng.int(40, 240) * SECOND);
        await claims.claim(ad.id, as(by), false);
      }
      clock.set(at);
      if (ad.outcome === 'deleted') {
        await adsService.delete(ad.id, by.id);
        summary.deleted++;
      } else if (ad.outcome === 'rejected') {
        await adsService.setStatus(ad.id, { status: 'rejected', rejectionReason: weighted(rng, REASONS) }, by.id);
        summary.rejected++;
      } else {
        await adsService.setStatus(ad.id, { status: 'approved' }, by.id);
        summary.approved++;
      }
      clock.set(at + rng.int(3, 40) * SECOND);
      await deliver();
    }
    await openedAndClosed(ads, moderators, claims, clock, rng, now);
  } finally {
    await outbox.close();
  }
  return summary;
}

/**
 * A few pending ads a moderator opened in the side panel and closed again without deciding: their
 * history shows who looked (a release is not recorded, docs/decisions/0017-live-queue-and-claims.md).
 */
async function openedAndClosed(
  ads: PlannedAd[],
  moderators: DemoModerator[],
  claims: ClaimsService,
  clock: Clock & { set(at: number): void },
  rng: Rng,
  now: Date,
): Promise<void> {
  const pending = ads.filter((a) => a.outcome === 'pending' && now.getTime() - a.postingDate.getTime() > 3 * 60 * MIN);
  for (const ad of pending.filter((_, i) => i % 12 === 3)) {
    const by = moderators[rng.int(0, moderators.length - 1)]!;
    const age = now.getTime() - ad.postingDate.getTime();
    const at = ad.postingDate.getTime() + rng.int(10, Math.floor((age - 30 * MIN) / MIN)) * MIN;
    clock.set(at);
    await claims.claim(ad.id, { id: by.id, name: by.name }, false);
    clock.set(at + rng.int(40, 200) * SECOND);
    await claims.release(ad.id, by.id);
  }
}
