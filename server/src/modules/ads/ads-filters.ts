import { and, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  AD_OVERDUE_HOURS,
  DEFAULT_REPORTED_THRESHOLD,
  REJECTED_RECENT_DAYS,
  REPORTED_THRESHOLD_KEY,
  type AdListQuery,
} from '@backoffice/contract';
import { calendarAt } from '../../domain/calendar';
import { asValue, containsPattern, type Bind } from '../../db/query-values';
import { adClaims, advertisements } from '../../db/schema';

/**
 * The ads list's filters and views as SQL (docs/decisions/0014-ad-moderation-rules.md, "Views"):
 * one list of them for the page, its counts, the export and select all matching. Each condition
 * binds its values by name, as values or as a prepared statement's placeholders.
 */

/**
 * Who asks, and when: the views `overdue` (by the server's clock) and `mine` (by the caller) need
 * them, and `decided` the marketplace's time zone too (its "today").
 */
export type Viewer = { adminId: string; now: Date; timeZone?: string };

export type AdFilter = Pick<AdListQuery, 'status' | 'category' | 'district' | 'q'> & {
  /** Trust signals (docs/decisions/0029-trust-signals.md): any of these kinds, a risk of at least. */
  signal?: AdListQuery['signal'];
  minRisk?: AdListQuery['minRisk'];
  decided?: AdListQuery['decided'];
  /** A moderation rule's queue (docs/decisions/0030-moderation-rules.md). */
  queue?: AdListQuery['queue'];
  view?: AdListQuery['view'];
  viewer?: Viewer;
  /** A scoped moderator's categories (docs/decisions/0033-roles.md): only these are shown. */
  categories?: string[] | null;
};

export const FILTER_NAMES = [
  'status',
  'category',
  'district',
  'pattern',
  'overdueBefore',
  'claimedBy',
  'signals',
  'minRisk',
  'decidedFrom',
  'queue',
  'reported',
  'scope',
] as const;
export type FilterName = (typeof FILTER_NAMES)[number];
/** Names bound besides the filters': the claim view's instant, and the decided range's two ends. */
export type BoundName = FilterName | 'claimLiveAt' | 'decidedTo';
type Value = (name: BoundName) => string | Placeholder;

const HOUR = 3_600_000;

/** Each filter's condition, binding its value(s) by name. */
const filterConditions: Record<FilterName, (v: Value) => SQL> = {
  status: (v) => sql`${advertisements.status} = ${v('status')}`,
  category: (v) => sql`${advertisements.category} = ${v('category')}`,
  district: (v) => sql`${advertisements.district} = ${v('district')}`,
  pattern: (v) =>
    sql`(${advertisements.heading} ilike ${v('pattern')} or ${advertisements.details} ilike ${v('pattern')} or ${advertisements.username} ilike ${v('pattern')})`,
  // Overdue: pending and posted before the cutoff, a range of the (status, posting_date, id) index;
  // the dashboard's High Priority figure counts the same ads.
  overdueBefore: (v) =>
    sql`(${advertisements.status} = 'pending' and ${advertisements.postingDate} < ${v('overdueBefore')}::timestamptz)`,
  // Mine: the few ads whose live claim the caller holds (ad_claims_admin_idx), not a walk of the sort index.
  claimedBy: (v) =>
    sql`${advertisements.id} in (select ${adClaims.adId} from ${adClaims} where ${adClaims.adminId} = ${v('claimedBy')}::uuid and ${adClaims.expiresAt} > ${v('claimLiveAt')}::timestamptz)`,
  // Any of the kinds (ads_signal_kinds_idx); the value is an array literal of known kinds, `{a,b}`.
  signals: (v) => sql`${advertisements.signalKinds} && ${v('signals')}::text[]`,
  // Written as ads_risk_idx has it; not analysed (null) is -1, below any minimum.
  minRisk: (v) => sql`coalesce(${advertisements.risk}, -1) >= ${v('minRisk')}::int`,
  // Decided in a range (ads_status_moderated_at_idx), as the dashboard's figures count.
  decidedFrom: (v) =>
    sql`(${advertisements.moderatedAt} >= ${v('decidedFrom')}::timestamptz and ${advertisements.moderatedAt} < ${v('decidedTo')}::timestamptz)`,
  // A rule's queue, oldest first from ads_rule_queue_idx (rule_queue, posting_date, id; non-null queues only).
  queue: (v) => sql`${advertisements.ruleQueue} = ${v('queue')}`,
  // A scoped moderator's categories; the value is an array literal, `{"Jobs","Real Estate"}`.
  scope: (v) => sql`${advertisements.category} = any(${v('scope')}::text[])`,
  // The Reported view: approved ads with open reports at the setting (ad_reports_open_idx).
  reported: (v) =>
    sql`(${advertisements.status} = ${v('reported')} and ${advertisements.id} in (select ad_id from ad_reports where open_reports > 0 and open_reports >= coalesce((select case when jsonb_typeof(value) = 'number' then (value #>> '{}')::numeric end from moderation_settings where key = ${REPORTED_THRESHOLD_KEY}), ${DEFAULT_REPORTED_THRESHOLD})))`,
};

/** The values `q` binds, by name: the one list of them (filters by name, plus the values they share). */
export function boundFilters(q: AdFilter): Partial<Record<BoundName, string>> {
  const bound: Partial<Record<BoundName, string>> = {};
  if (q.status !== 'all') bound.status = q.status;
  if (q.category) bound.category = q.category;
  if (q.district) bound.district = q.district;
  if (q.q) bound.pattern = containsPattern(q.q);
  if (q.signal?.length) bound.signals = `{${[...new Set(q.signal)].sort().join(',')}}`;
  // 0 or more is every ad: no filter (a clean ad's row may hold null, analysedRisk).
  if (q.minRisk) bound.minRisk = String(q.minRisk);
  if (q.queue) bound.queue = q.queue;
  if (q.categories?.length) bound.scope = `{${q.categories.map((c) => `"${c.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  if (q.decided) {
    if (!q.viewer?.timeZone) throw new Error('the decided filter needs the viewer and the time zone');
    const { from, to } = decidedRange(q.decided, q.viewer.now, q.viewer.timeZone);
    bound.decidedFrom = from.toISOString();
    bound.decidedTo = to ? to.toISOString() : 'infinity';
  }
  if (q.view === 'reported') bound.reported = 'approved';
  if (q.view === 'overdue' || q.view === 'mine') {
    if (!q.viewer) throw new Error(`the ${q.view} view needs the viewer`);
    if (q.view === 'overdue') bound.overdueBefore = overdueCutoff(q.viewer.now).toISOString();
    else {
      bound.claimedBy = q.viewer.adminId;
      bound.claimLiveAt = q.viewer.now.toISOString();
    }
  }
  return bound;
}

/** Narrowed by a trust signal, a risk, a decision's date or a rule's queue: ad_summary cannot count these, a count of the matches does. */
export const beyondSummary = (q: Pick<AdFilter, 'signal' | 'minRisk' | 'decided' | 'queue' | 'categories'>) =>
  !!q.signal?.length || !!q.minRisk || q.decided !== undefined || !!q.queue || !!q.categories?.length;

const DAY = 24 * HOUR;

/** The dashboard's ranges: today in the marketplace's zone; the last 30 days up to now (no end). */
export function decidedRange(range: NonNullable<AdFilter['decided']>, now: Date, timeZone: string) {
  if (range === 'today') return calendarAt(now, timeZone).today;
  return { from: new Date(now.getTime() - REJECTED_RECENT_DAYS * DAY), to: null };
}

/** Pending ads posted before this instant are overdue. */
export function overdueCutoff(now: Date): Date {
  return new Date(now.getTime() - AD_OVERDUE_HOURS * HOUR);
}

/** The filters among the bound names, in FILTER_NAMES' order (the shape of a statement). */
export const boundNames = (bound: Partial<Record<BoundName, string>>): FilterName[] =>
  FILTER_NAMES.filter((name) => bound[name] !== undefined);

export function where(names: readonly FilterName[], value: Value): SQL | undefined {
  const conditions = names.map((name) => filterConditions[name](value));
  return conditions.length ? and(...conditions) : undefined;
}

export function filters(q: AdFilter, bind: Bind<BoundName> = asValue): SQL | undefined {
  const bound = boundFilters(q);
  return where(boundNames(bound), (name) => bind(name, bound[name]!));
}
