import type {
  AdCounts,
  AdListQuery,
  AdListResponse,
  Advertisement,
  AdvertiserCard,
  AdvertiserCardResponse,
} from '@backoffice/contract';
import { adMessages, DEFAULT_MARKETPLACE_TIME_ZONE } from '@backoffice/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { NotFoundError } from '../../lib/errors';
import { totalShownByPage } from '../../lib/paging';
import { liveClaims } from '../claims/claims-service';
import { AdSummaryCache, summarize } from './ad-summary-cache';
import { encodeCursor } from './ads-cursor';
import { beyondSummary, overdueCutoff, type AdFilter, type Viewer } from './ads-filters';
import * as readRepo from './ads-read-repository';
import * as repo from './ads-repository';
import { toAdvertisement } from './ads-service';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/**
 * The pending queue oldest first (status pending, or the overdue view): its first page shows the
 * pending ads a live rule prioritised ahead of the rest (at most a page of them; they are few),
 * and they keep their place further on as well. The queue's keyset paging is untouched: a full
 * order by priority would need an index over every pending ad's priority (docs/decisions/0030-moderation-rules.md).
 */
const pinsPrioritised = (q: AdListQuery) =>
  q.page === 1 &&
  q.after === undefined &&
  q.sort === 'postingDate' &&
  q.order === 'asc' &&
  (q.status === 'pending' || q.view === 'overdue');

/**
 * The ads directory's reads: its pages, their totals, and the advertiser card beside an ad. `from`:
 * where a request's list reads go (ModuleDeps.reader: the replica when fresh enough), the primary by default.
 */
export class AdsReadService {
  private readonly summary: AdSummaryCache;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly timeZone = DEFAULT_MARKETPLACE_TIME_ZONE,
  ) {
    this.summary = new AdSummaryCache(db);
  }

  /**
   * docs/decisions/0014-ad-moderation-rules.md: one page plus exact counts, facets and total, without counting the whole table. A search's
   * total needs a scan of every match (250 ms for a word in 35,000 of 1,000,000 ads), so the list
   * answers it only when the page shows the end of the results; otherwise `total` is null and the
   * client asks `count` once per search (not once per page). Counts and facets come from ad_summary
   * as of the page's own snapshot, from memory while no write has moved its version. A view
   * (overdue, mine) narrows the page and its total, not the status counts or the facets.
   */
  async list(
    q: AdListQuery & Pick<AdFilter, 'categories'>,
    adminId: string,
    from: Db = this.db,
  ): Promise<AdListResponse> {
    const viewer: Viewer = { adminId, now: this.clock(), timeZone: this.timeZone };
    const page = await repo.findAdsPage(from, { ...q, viewer });
    // A scoped moderator's counts and facets are of their categories only (summarize's `categories`).
    const rows = await this.summary.rows(page.summaryVersion, from);
    const summary = summarize(rows, q);
    const counts: AdCounts = {
      total: 0,
      pending: summary.byStatus.pending ?? 0,
      approved: summary.byStatus.approved ?? 0,
      rejected: summary.byStatus.rejected ?? 0,
    };
    counts.total = counts.pending + counts.approved + counts.rejected;
    // Rows before a cursor, or the last page, cannot tell a search's end: the count call does. A
    // signal filter or a decision's date is counted the same way (ad_summary knows neither).
    const backwards = q.before !== undefined || q.last !== undefined;
    const total =
      q.q || beyondSummary(q)
        ? backwards
          ? null
          : totalShownByPage(q, page.rows.length)
        : await this.viewTotal({ ...q, viewer }, summary.filtered, rows, from);
    const pinned = pinsPrioritised(q) ? await readRepo.prioritisedPending(from, { ...q, viewer }, q.pageSize) : [];
    const pinnedIds = new Set(pinned.map((r) => r.id));
    const shown = [...pinned, ...page.rows.filter((r) => !pinnedIds.has(r.id))];
    // The page's claims came with it; pinned ads above it are asked for theirs.
    const onPage = new Set(page.rows.map((r) => r.id));
    const pinnedPending = pinned.filter((r) => r.status === 'pending' && !onPage.has(r.id)).map((r) => r.id);
    const claims = new Map([...page.claims, ...(await liveClaims(from, pinnedPending, viewer.now))]);
    // The cursors are the queue's own rows: the next page follows them, pinned ads or not.
    const [first, last] = [page.rows[0], page.rows.at(-1)];
    return {
      advertisements: shown.map((r) => ({ ...toAdvertisement(r), claim: claims.get(r.id) ?? null })),
      total,
      page: q.page,
      pageSize: q.pageSize,
      counts,
      facets: { categories: summary.categories, districts: summary.districts },
      cursors: {
        start: first ? encodeCursor(q.sort, first) : null,
        end: last ? encodeCursor(q.sort, last) : null,
      },
    };
  }

  /** The exact number of ads matching filters, view and search (the total the list leaves to the client). */
  async count(q: Omit<AdFilter, 'viewer'>, adminId: string, from: Db = this.db): Promise<number> {
    const f: AdFilter = { ...q, viewer: { adminId, now: this.clock(), timeZone: this.timeZone } };
    if (f.q || beyondSummary(f)) return repo.countAds(from, f);
    const rows = await this.summary.rows(null, from);
    return this.viewTotal(f, summarize(rows, f).filtered, rows, from);
  }

  /**
   * A total without a search: ad_summary's for the filters; overdue is the pending total less the
   * pending ads posted since the cutoff (the dashboard's High Priority sum); mine counts the
   * caller's few claimed ads.
   */
  private async viewTotal(
    f: AdFilter,
    filtered: number,
    rows: Parameters<typeof summarize>[0],
    from: Db,
  ): Promise<number> {
    if (f.view === 'mine' || f.view === 'reported') return repo.countAds(from, f);
    if (f.view !== 'overdue') return filtered;
    if (f.status !== 'all' && f.status !== 'pending') return 0;
    const pending = summarize(rows, { ...f, status: 'pending' }).filtered;
    const recent = await readRepo.countPendingSince(from, f, overdueCutoff(f.viewer!.now));
    return Math.max(0, pending - recent);
  }

  /** One ad as the list shows it, with its live claim (none on a decided ad); 404 when there is none. */
  async one(adId: string): Promise<Advertisement> {
    const row = await repo.findAd(this.db, adId);
    if (!row) throw new NotFoundError(adMessages.notFound);
    const claims = row.status === 'pending' ? await liveClaims(this.db, [row.id], this.clock()) : new Map();
    return { ...toAdvertisement(row), claim: claims.get(row.id) ?? null };
  }

  /** GET /api/advertisements/{id}/advertiser: the advertiser's card, null for an ad without one. */
  async advertiserCard(adId: string): Promise<AdvertiserCardResponse> {
    const row = await readRepo.advertiserCardRow(this.db, adId);
    if (!row) throw new NotFoundError(adMessages.notFound);
    if (row.user_id === null) return { success: true, advertiser: null };
    const advertiser: AdvertiserCard = {
      userId: row.user_id,
      name: row.name ?? '',
      username: row.username ?? '',
      verified: row.is_verified === true,
      joinedAt: iso(row.joined_at!),
      counts: { approved: row.approved, pending: row.pending, rejected: row.rejected },
      latest: (row.latest ?? []).map((a) => ({
        _id: a.id,
        heading: a.heading,
        status: a.status,
        postingDate: iso(a.posting_date),
      })),
    };
    return { success: true, advertiser };
  }
}
