import { z } from 'zod';
import { adCountQuery, adListQuery, adMessages, MAX_REJECTION_REASON } from './ads';
import { multiLine } from './text-rules';
import { MAX_MATCH_BATCH } from './exports-text';
import { isoDay, isoInstant, MAX_DAY, MIN_DAY } from './dates';

export * from './exports-text';

/**
 * Streaming exports, the Data Extract screen, user filters and bulk delete, select all matching
 * (docs/decisions/0018-exports-and-bulk.md).
 */

export const EXPORT_FORMATS = ['csv'] as const;
const format = z.enum(EXPORT_FORMATS).default('csv');
const day = isoDay().optional();
/** The range's end: a `to` before `from` is refused with 400 (JSON Schema cannot compare two fields, so it is said). */
const toDay = isoDay()
  .optional()
  .meta({ description: `A calendar day (YYYY-MM-DD) on or after \`from\`, included; from ${MIN_DAY} to ${MAX_DAY}` });

/**
 * GET /api/advertisements/export: the list's filters, search and sort, every matching ad.
 * `from`/`to` (calendar days in the marketplace's zone, both included) bound the posting date.
 * The list's views (`view`: Overdue, My claims) narrow it as they narrow the list, for the admin who asks.
 */
export const adExportQuery = adCountQuery.extend({
  format,
  sort: adListQuery.shape.sort,
  order: adListQuery.shape.order,
  from: day,
  to: toDay,
});
export type AdExportParams = z.input<typeof adExportQuery>;

/**
 * An advertiser's status for User Management's Status dropdown: `active` is verified, `inactive`
 * is not verified, `pending` has at least one pending ad.
 */
export const USER_STATUS_FILTERS = ['all', 'active', 'inactive', 'pending'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

/** GET /api/users/export: User Management's search and status; `from`/`to` bound the join date. */
export const userExportQuery = z.strictObject({
  format,
  q: z.string().max(200).optional(),
  status: z.enum(USER_STATUS_FILTERS).default('all'),
  from: day,
  to: toDay,
});
export type UserExportParams = z.input<typeof userExportQuery>;

export const MAX_BULK_USER_IDS = 100;
/** POST /api/users/bulk-delete: one result per id, like bulk moderation. */
export const userBulkDeleteBody = z.strictObject({
  ids: z
    .array(z.uuid({ error: 'Invalid id' }))
    .min(1)
    .max(MAX_BULK_USER_IDS),
});
export const userBulkDeleteResponse = z.object({
  success: z.literal(true),
  results: z.array(z.object({ id: z.string(), ok: z.boolean(), message: z.string().optional() })),
});
export type UserBulkDeleteResponse = z.infer<typeof userBulkDeleteResponse>;

export const adMatch = z.strictObject({
  status: z.literal('pending'),
  category: z.string().max(100).optional(),
  district: z.string().max(100).optional(),
  q: z.string().max(200).optional(),
});
export type AdMatch = z.infer<typeof adMatch>;

/**
 * POST /api/advertisements/bulk-status with `match` instead of `ids`: decides up to `max` of the
 * ads that match, oldest first, each once. `before` is the selection's moment: ads submitted
 * after it are not part of it.
 */
export const adBulkMatchBody = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('approved'),
    match: adMatch,
    max: z.number().int().min(1).max(MAX_MATCH_BATCH),
    before: isoInstant().optional(),
  }),
  z.strictObject({
    status: z.literal('rejected'),
    match: adMatch,
    max: z.number().int().min(1).max(MAX_MATCH_BATCH),
    before: isoInstant().optional(),
    rejectionReason: multiLine(
      z
        .string({ error: adMessages.reasonRequired })
        .trim()
        .min(1, adMessages.reasonRequired)
        .max(MAX_REJECTION_REASON, adMessages.reasonTooLong),
    ),
  }),
]);
export type AdBulkMatchBody = z.infer<typeof adBulkMatchBody>;
/** `ok` decided now; `failed` could not be; `remaining` still match after this batch. */
export const adBulkMatchResponse = z.object({
  success: z.literal(true),
  ok: z.number().int(),
  failed: z.number().int(),
  remaining: z.number().int(),
});
export type AdBulkMatchResponse = z.infer<typeof adBulkMatchResponse>;

export const DATA_EXTRACT_DATASETS = ['ads', 'advertisers', 'packages', 'banners', 'duties', 'activity'] as const;
export type DataExtractDataset = (typeof DATA_EXTRACT_DATASETS)[number];

/**
 * GET /api/data-extract/{dataset}/count and /export: a dataset, its filters (the ads' and users'
 * as above; `status` for packages, banners and duties) and a date range on its main date.
 */
export const dataExtractParams = z.object({ dataset: z.enum(DATA_EXTRACT_DATASETS) });
export const dataExtractQuery = z.strictObject({
  format,
  from: day,
  to: toDay,
  status: z.string().max(50).optional(),
  category: z.string().max(100).optional(),
  district: z.string().max(100).optional(),
  q: z.string().max(200).optional(),
});
export type DataExtractParams = z.input<typeof dataExtractQuery>;
export const dataExtractCountResponse = z.object({ success: z.literal(true), total: z.number().int() });
