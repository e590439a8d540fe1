import { z } from 'zod';
import { multiLine } from './text-rules';
import { imageThumbnails } from './thumbnails';
import { minRiskFilter, signalFilter, SIGNAL_KINDS } from './signals';
import {
  AD_DECIDED_RANGES,
  AD_LIST_VIEWS,
  AD_SORT_FIELDS,
  AD_STATUSES,
  AD_TYPES,
  ADS_MAX_PAGE,
  ADS_MAX_PAGE_SIZE,
  ADS_PAGE_SIZE,
  MAX_AD_IMAGES,
  MAX_BULK_IDS,
  MAX_REJECTION_REASON,
  MAX_SEARCH_LENGTH,
  adMessages,
} from './ads-constants';

export * from './ads-constants';
export * from './ads-advertiser';

/** Who is reviewing a pending ad, until when (docs/decisions/0017-live-queue-and-claims.md). */
export const adClaim = z.object({
  by: z.object({ _id: z.string(), name: z.string() }),
  expiresAt: z.string(),
});
export type AdClaim = z.infer<typeof adClaim>;

export const advertisement = z.object({
  _id: z.string(),
  title: z.string(),
  heading: z.string(),
  details: z.string(),
  username: z.string(),
  userId: z.string().nullable(),
  phone1: z.string().nullable(),
  category: z.string(),
  district: z.string(),
  /** Asking price in whole rupees (LKR), null when the ad states none. */
  price: z.number().int().min(0).nullable(),
  status: z.enum(AD_STATUSES),
  rejectionReason: z.string().nullable(),
  /** As stored, or absolute URLs on S3_PUBLIC_URL's host when it is set (docs/decisions/0019-object-storage-and-thumbnails.md). */
  images: z.array(z.string()),
  /** With S3_PUBLIC_URL only: each image's thumbnails, in the order of `images`. */
  thumbnails: z.array(imageThumbnails).optional(),
  postingDate: z.string(),
  adType: z.enum(AD_TYPES),
  moderatedAt: z.string().nullable(),
  moderatedBy: z.string().nullable(),
  /** Set on the list's answer while another admin holds the ad (absent elsewhere). */
  claim: adClaim.nullable().optional(),
  /** Its trust signals' kinds (docs/decisions/0029-trust-signals.md); GET /api/advertisements/{id}/signals has their evidence. */
  signals: z.array(z.enum(SIGNAL_KINDS)).optional(),
  /** Its risk 0–100 from the signals; null until the ad has been analysed. */
  risk: z.number().int().min(0).max(100).nullable().optional(),
  /** What live moderation rules did (docs/decisions/0030-moderation-rules.md): their flags' labels (chips) … */
  ruleLabels: z.array(z.string()).optional(),
  /** … the queue a `route` sent it to (null: none) … */
  ruleQueue: z.string().nullable().optional(),
  /** … and whether a `prioritise` put it ahead of the pending queue. */
  prioritised: z.boolean().optional(),
});
export type Advertisement = z.infer<typeof advertisement>;

// PostgreSQL text cannot hold NUL, and no search needs control characters.
// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u001f\u007f]/;
const optionalText = (max: number, message: string) =>
  z
    .string()
    .max(max, message)
    .refine((v) => !controlChars.test(v), 'Control characters are not allowed')
    .optional();

const cursorText =
  "Only a cursor this server answered (a page's `cursors.start` or `cursors.end`); any other value is refused with 400. At most one of `after`, `before`, `last`.";

/** GET /api/advertisements/list query (docs/decisions/0014-ad-moderation-rules.md). */
const adListFields = z.strictObject({
  page: z.coerce.number().int().min(1).max(ADS_MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADS_MAX_PAGE_SIZE).default(ADS_PAGE_SIZE),
  sort: z.enum(AD_SORT_FIELDS).default('postingDate'),
  order: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(['all', ...AD_STATUSES]).default('all'),
  /** One of the directory's views (AD_LIST_VIEWS); it narrows like the other filters. Absent: all. */
  view: z.enum(AD_LIST_VIEWS).optional(),
  category: optionalText(100, adMessages.categoryTooLong),
  district: optionalText(100, adMessages.districtTooLong),
  q: optionalText(MAX_SEARCH_LENGTH, adMessages.searchTooLong),
  /** Decided (approved or rejected) in this range, as the dashboard counts it (AD_DECIDED_RANGES). */
  decided: z.enum(AD_DECIDED_RANGES).optional(),
  /** Ads with any of these trust signals: `signal=a,b` or `signal=a&signal=b`. */
  signal: signalFilter.optional(),
  /** Ads whose risk is at least this (analysed ads only). */
  minRisk: minRiskFilter.optional(),
  /** Ads a live moderation rule routed to this queue (docs/decisions/0030-moderation-rules.md). */
  queue: optionalText(100, adMessages.queueTooLong),
  /**
   * Keyset paging (docs/decisions/0020-keyset-paging.md): the rows after or before a row given by
   * its cursor (a page's `cursors.end` or `cursors.start`), or the last `last` rows of the order
   * (the last page). `page` is then the number of the page they make, as the pager counts it.
   * Without any of them a page is found by its number (an offset; the first page costs nothing).
   */
  after: optionalText(1000, adMessages.badCursor).meta({ description: cursorText }),
  before: optionalText(1000, adMessages.badCursor).meta({ description: cursorText }),
  last: z.coerce.number().int().min(1).max(ADS_MAX_PAGE_SIZE).optional(),
});
export const adListQuery = adListFields
  .refine((q) => [q.after, q.before, q.last].filter((v) => v !== undefined).length <= 1, {
    message: adMessages.oneMove,
    path: ['after'],
  })
  .refine((q) => q.last === undefined || q.last <= q.pageSize, { message: adMessages.lastTooLarge, path: ['last'] });
export type AdListQuery = z.infer<typeof adListQuery>;
export type AdListParams = z.input<typeof adListQuery>;

/** GET /api/advertisements/count query: the list's filters and search, without paging or sort. */
export const adCountQuery = adListFields.pick({
  status: true,
  view: true,
  category: true,
  district: true,
  q: true,
  decided: true,
  signal: true,
  minRisk: true,
  queue: true,
});
export type AdCountParams = z.input<typeof adCountQuery>;
export const adCountResponse = z.object({ total: z.number().int() });
export type AdCountResponse = z.infer<typeof adCountResponse>;

export const adCounts = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
});
export type AdCounts = z.infer<typeof adCounts>;

export const adListResponse = z.object({
  advertisements: z.array(advertisement),
  /** Null for a search whose end is not on this page: GET /api/advertisements/count answers it. */
  total: z.number().int().nullable(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: adCounts,
  facets: z.object({ categories: z.array(z.string()), districts: z.array(z.string()) }),
  /** The cursors of the page's first and last rows (null when it is empty): previous and next page. */
  cursors: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
});
export type AdListCursors = AdListResponse['cursors'];
export type AdListResponse = z.infer<typeof adListResponse>;

const rejectionReason = multiLine(
  z
    .string({ error: adMessages.reasonRequired })
    .trim()
    .min(1, adMessages.reasonRequired)
    .max(MAX_REJECTION_REASON, adMessages.reasonTooLong),
);

/** PUT /api/advertisements/{id}/status body (docs/product.md#calls). */
export const adStatusBody = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('approved') }),
  z.strictObject({ status: z.literal('rejected'), rejectionReason }),
]);
export type AdStatusBody = z.infer<typeof adStatusBody>;

/** POST /api/advertisements/bulk-status body (docs/decisions/0014-ad-moderation-rules.md). */
export const adBulkStatusBody = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('approved'),
    ids: z
      .array(z.uuid({ error: 'Invalid id' }))
      .min(1)
      .max(MAX_BULK_IDS),
  }),
  z.strictObject({
    status: z.literal('rejected'),
    ids: z
      .array(z.uuid({ error: 'Invalid id' }))
      .min(1)
      .max(MAX_BULK_IDS),
    rejectionReason,
  }),
]);
export type AdBulkStatusBody = z.infer<typeof adBulkStatusBody>;

export const adBulkStatusResponse = z.object({
  success: z.literal(true),
  results: z.array(z.object({ id: z.string(), ok: z.boolean(), message: z.string().optional() })),
});
export type AdBulkStatusResponse = z.infer<typeof adBulkStatusResponse>;

/** PUT /api/advertisements/{id}/images body: the remaining entries (docs/decisions/0014-ad-moderation-rules.md). */
export const adImagesBody = z.strictObject({
  images: z.array(z.string().min(1).max(500)).max(MAX_AD_IMAGES),
});

export const adMutationResponse = z.object({ success: z.literal(true), advertisement });
/** GET /api/advertisements/{id}: one ad, with its live claim when pending (the panel opened from a link or the advertiser card). */
export const adResponse = z.object({ success: z.literal(true), advertisement });
export type AdResponse = z.infer<typeof adResponse>;
