// Kept apart from the schemas (ads.ts) so that a screen reading them loads no part of zod.
import { HIGH_PRIORITY_HOURS } from './dashboard-constants';
import { isAbsoluteUrl } from './thumbnail-urls';

/** Advertisement in docs/product.md#entities, rejection rules in docs/product.md#validation-rules, ads messages in docs/product.md#error-catalogue; docs/decisions/0014-ad-moderation-rules.md. */
export const AD_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];
export const AD_TYPES = ['digital', 'regular'] as const;
export type AdType = (typeof AD_TYPES)[number];
export const AD_SORT_FIELDS = ['id', 'heading', 'username', 'postingDate', 'adType', 'status', 'risk'] as const;
export type AdSortField = (typeof AD_SORT_FIELDS)[number];
/**
 * The ads directory's views (docs/decisions/0014-ad-moderation-rules.md, "Views"): `overdue` is
 * pending ads posted more than AD_OVERDUE_HOURS ago (the dashboard's High Priority figure), `mine`
 * the ads whose live claim the caller holds, `reported` the approved ads with open reports from the
 * public at the threshold setting (docs/decisions/0034-reports.md). A view narrows like any other filter.
 */
export const AD_LIST_VIEWS = ['all', 'overdue', 'mine', 'reported'] as const;
export type AdListView = (typeof AD_LIST_VIEWS)[number];
/**
 * When an ad was decided, as the dashboard counts it (issue 32): `today` is the marketplace's
 * calendar day ("N added today" under Approved Ads), `last30Days` the last REJECTED_RECENT_DAYS days
 * up to now ("N last 30 days" under Rejected Ads). The dashboard's sub-lines link to them.
 */
export const AD_DECIDED_RANGES = ['today', 'last30Days'] as const;
export type AdDecidedRange = (typeof AD_DECIDED_RANGES)[number];
/** A pending ad posted longer ago than this is overdue: the dashboard's High Priority rule, one constant. */
export const AD_OVERDUE_HOURS = HIGH_PRIORITY_HOURS;

export const ADS_PAGE_SIZE = 10;
export const ADS_MAX_PAGE_SIZE = 100;
export const ADS_MAX_PAGE = 1_000_000;
export const MAX_SEARCH_LENGTH = 200;
export const MAX_REJECTION_REASON = 500;
export const MAX_BULK_IDS = 100;
export const MAX_AD_IMAGES = 20;

export const adMessages = {
  fetchFailed: 'Failed to fetch advertisements',
  imagesFailed: 'Failed to update advertisement images',
  imagesFailedFallback: 'Failed to update images',
  imagesUpdated: 'Advertisement images updated successfully',
  approveFailed: 'Failed to approve advertisement(s)',
  rejectFailed: 'Failed to reject advertisement(s)',
  approvedOne: 'Advertisement approved successfully. Status is now permanent and can only be deleted.',
  rejectedOne: 'Advertisement rejected successfully. Status is now permanent and can only be deleted.',
  approvedMany: (n: number, m: number) =>
    `${n} advertisement(s) approved successfully. ${m} failed. Approved ads can now only be deleted.`,
  rejectedMany: (n: number, m: number) =>
    `${n} advertisement(s) rejected successfully. ${m} failed. Rejected ads can now only be deleted.`,
  approveAllFailed: (m: number) => `Failed to approve ${m} advertisement(s)`,
  rejectAllFailed: (m: number) => `Failed to reject ${m} advertisement(s)`,
  deleteFailed: 'Failed to delete advertisement',
  deleted: 'Advertisement deleted successfully',
  reasonRequired: 'Please provide a reason for rejection',
  selectToApprove: 'Please select at least one advertisement to approve',
  selectToReject: 'Please select at least one advertisement to reject',
  noPendingToApprove: 'No pending advertisements selected for approval. Only pending ads can be approved.',
  noPendingToReject: 'No pending advertisements selected for rejection. Only pending ads can be rejected.',
  cannotApproveNonPending: 'Cannot approve advertisements that are not pending',
  cannotRejectNonPending: 'Cannot reject advertisements that are not pending',
  onlyPendingApproved: 'Only pending advertisements can be approved.',
  onlyPendingRejected: 'Only pending advertisements can be rejected.',
  emptyState: 'No advertisements found matching your criteria',
  unsavedImages: 'You have unsaved changes to the images. Are you sure you want to close without saving?',
  // Server-side (docs/decisions/0014-ad-moderation-rules.md).
  notFound: 'Advertisement not found',
  notPending: 'Only pending advertisements can be approved or rejected',
  imagesNotSubset: 'Images can only be removed, not added',
  reasonTooLong: `Rejection reason must be at most ${MAX_REJECTION_REASON} characters`,
  searchTooLong: `Search must be at most ${MAX_SEARCH_LENGTH} characters`,
  badCursor: 'Invalid page cursor',
  oneMove: 'Ask for one of after, before or last',
  lastTooLarge: 'last must not exceed the page size',
  categoryTooLong: 'Category is too long',
  districtTooLong: 'District is too long',
  queueTooLong: 'Queue name is too long',
} as const;

/** docs/product.md#ads-moderation: paths not starting with /uploads are served under /uploads/. */
export function adImageUrl(path: string): string {
  if (path.startsWith('/uploads') || isAbsoluteUrl(path)) return path;
  return `/uploads/${path.replace(/^\/+/, '')}`;
}
