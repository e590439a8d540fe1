import { z } from 'zod';
import { listSearch, listStatus } from './list-query';
import { multiLine } from './text-rules';
import { isoDay } from './dates';
import { imageThumbnails, isAbsoluteUrl } from './thumbnails';

/** docs/product.md#banner-ads, Banner ad in docs/product.md#entities, banner form in docs/product.md#validation-rules, banner calls in docs/product.md#calls, banner messages in docs/product.md#error-catalogue; docs/decisions/0006-banner-ads.md. */
export const BANNER_STATUSES = ['Active', 'Inactive'] as const;
export type BannerStatus = (typeof BANNER_STATUSES)[number];
/** Where a banner shows on the marketplace (the table's Placement column; decision 0006). */
export const BANNER_PLACEMENTS = ['Home page', 'Search results', 'Ad details', 'Category pages'] as const;
export type BannerPlacement = (typeof BANNER_PLACEMENTS)[number];

export const MAX_BANNER_NAME = 120;
export const MAX_BANNER_DESCRIPTION = 2000;
export const MAX_BANNER_SEARCH = 200;
/** docs/decisions/0006-banner-ads.md: at most 5 MB per image. */
export const BANNER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Every uploaded image: at most this many pixels on a side and in all (10,000 × 4,000 passes). A
 * small file can declare a canvas that takes gigabytes to decode; these bound what a browser shown
 * the image must allocate.
 */
export const IMAGE_MAX_SIDE = 10_000;
export const IMAGE_MAX_PIXELS = 40_000_000;
/** docs/decisions/0006-banner-ads.md: the only image types accepted (never SVG). */
export const BANNER_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type BannerImageType = (typeof BANNER_IMAGE_TYPES)[number];
/** The file picker's `accept`. */
export const BANNER_IMAGE_ACCEPT = BANNER_IMAGE_TYPES.join(',');
/** The multipart fields of POST/PUT /api/banner-ads (docs/product.md#calls) plus placement. */
export const BANNER_FORM_FIELDS = ['name', 'description', 'startDate', 'endDate', 'status', 'placement'] as const;
export type BannerFormField = (typeof BANNER_FORM_FIELDS)[number];

export const bannerMessages = {
  fetchFailed: 'Failed to fetch banner ads',
  saveFailed: 'Failed to save banner ad',
  deleteFailed: 'Failed to delete banner ad',
  confirmDelete: 'Are you sure you want to delete this banner ad?',
  created: 'Banner ad created successfully',
  updated: 'Banner ad updated successfully',
  deleted: 'Banner ad deleted successfully',
  emptyState: 'No banner ads found',
  // Form (docs/product.md#validation-rules).
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  invalidDate: 'Enter a valid date',
  endBeforeStart: 'End date must be on or after the start date',
  imageRequired: 'Image is required',
  imageNotImage: 'Please choose an image file (JPEG, PNG, WebP or GIF)',
  statusInvalid: 'Status must be Active or Inactive',
  placementInvalid: `Placement must be one of: ${BANNER_PLACEMENTS.join(', ')}`,
  nameTooLong: `Name must be at most ${MAX_BANNER_NAME} characters`,
  descriptionTooLong: `Description must be at most ${MAX_BANNER_DESCRIPTION} characters`,
  // Server (docs/decisions/0006-banner-ads.md, docs/decisions/0013-errors-and-validation.md).
  notFound: 'Banner ad not found',
  imageTooLarge: 'Image must be at most 5 MB',
  imageType: 'Image must be a JPEG, PNG, WebP or GIF file',
  imageEmpty: 'The image file is empty',
  oneImageOnly: 'Only one image file can be uploaded',
  tooManyFields: 'Too many form fields',
  notMultipart: 'Send the banner ad as multipart/form-data',
  incomplete: 'The upload was incomplete; please try again',
  searchTooLong: `Search must be at most ${MAX_BANNER_SEARCH} characters`,
  unknownField: (name: string) => `Unknown field: ${name}`,
  repeatedField: (name: string) => `Field sent more than once: ${name}`,
  fieldTooLong: (name: string) => `Field is too long: ${name}`,
} as const;

// PostgreSQL text cannot hold NUL; a name or a search has no use for control characters.
// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const text = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((v) => !controlChars.test(v), 'Control characters are not allowed');

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one) in the one date range (dates.ts). */
const isoDate = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .pipe(isoDay(bannerMessages.invalidDate, bannerMessages.invalidDate));

const fieldShape = {
  name: text(MAX_BANNER_NAME, bannerMessages.nameRequired, bannerMessages.nameTooLong),
  description: multiLine(
    text(MAX_BANNER_DESCRIPTION, bannerMessages.descriptionRequired, bannerMessages.descriptionTooLong),
  ),
  startDate: isoDate(bannerMessages.startDateRequired),
  endDate: isoDate(bannerMessages.endDateRequired),
};

type DateRange = { startDate: string; endDate: string };
/** ISO dates compare as text. */
const orderedDates = <T extends DateRange>(v: T) => v.endDate >= v.startDate;
/** What the refinement checks, in words for the OpenAPI document (JSON Schema cannot compare two fields). */
const endDateText = '`endDate` must be on or after `startDate` (with one of them left out, the stored other one)';
const orderedDatesIssue = { message: bannerMessages.endBeforeStart, path: ['endDate'] };

const status = z.enum(BANNER_STATUSES, { error: bannerMessages.statusInvalid });
const placement = z.enum(BANNER_PLACEMENTS, { error: bannerMessages.placementInvalid });

/**
 * The form's text fields (docs/product.md#validation-rules) for both sides. Creating may leave out status (Active, docs/product.md#states-and-transitions) and
 * placement (Home page).
 */
export const bannerCreateFields = z
  .strictObject({
    ...fieldShape,
    status: status.default('Active'),
    placement: placement.default('Home page'),
  })
  .refine(orderedDates, orderedDatesIssue)
  .meta({ description: endDateText });
export type BannerCreateFields = z.infer<typeof bannerCreateFields>;

/**
 * An edit: every field it does not send keeps its stored value (another client of the API may send
 * only the spec's fields, without placement). Sent dates are checked against each other here; a
 * single sent date is checked against the stored other one by the server.
 */
export const bannerUpdateFields = z
  .strictObject({
    name: fieldShape.name.optional(),
    description: fieldShape.description.optional(),
    startDate: fieldShape.startDate.optional(),
    endDate: fieldShape.endDate.optional(),
    status: status.optional(),
    placement: placement.optional(),
  })
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, orderedDatesIssue)
  .meta({ description: endDateText });
export type BannerUpdateFields = z.infer<typeof bannerUpdateFields>;

export const bannerAd = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  placement: z.enum(BANNER_PLACEMENTS),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(BANNER_STATUSES),
  /** File name under /uploads/banner-ads/; with S3_PUBLIC_URL, the image's absolute URL on that host. */
  image: z.string(),
  /** With S3_PUBLIC_URL only: the image's thumbnails on that host. */
  thumbnails: imageThumbnails.optional(),
  views: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BannerAd = z.infer<typeof bannerAd>;

/** GET /api/banner-ads?status=&search= (docs/product.md#calls): empty values mean no filter. */
export const bannerListQuery = z.strictObject({
  status: listStatus(BANNER_STATUSES),
  search: listSearch(MAX_BANNER_SEARCH, bannerMessages.searchTooLong),
});
export type BannerListQuery = z.infer<typeof bannerListQuery>;
export type BannerListParams = { status?: BannerStatus | 'all' | ''; search?: string };

/** docs/product.md#calls: "A list". */
export const bannerListResponse = z.array(bannerAd);
export const bannerMutationResponse = z.object({ success: z.literal(true), bannerAd });
export type BannerMutationResponse = z.infer<typeof bannerMutationResponse>;

/** docs/product.md#banner-ads: images are read from /uploads/banner-ads/{file}. */
export function bannerImageUrl(file: string): string {
  if (isAbsoluteUrl(file)) return file;
  return `/uploads/banner-ads/${encodeURIComponent(file)}`;
}

/** docs/product.md#banner-ads: the first 8 characters of the id. */
export function formatBannerId(id: string): string {
  return id.slice(0, 8);
}
