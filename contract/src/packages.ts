import { z } from 'zod';
import { listSearch, listStatus } from './list-query';
import { lineControlChars, requiredText, type RequiredTextOptions } from './required-text';

/**
 * docs/product.md#packages, Package in docs/product.md#entities, package form in docs/product.md#validation-rules, package calls in docs/product.md#calls, package messages in docs/product.md#error-catalogue; docs/decisions/0005-packages-and-duties.md.
 * The form rules live here once: the web form and the server both run `packageBody`.
 */
export const PACKAGE_TYPES = ['Regular', 'Digital'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
export const PACKAGE_STATUSES = ['Active', 'Inactive'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];
export const PACKAGE_POPULARITIES = ['None', 'Popular', 'Recommended'] as const;
export type PackagePopularity = (typeof PACKAGE_POPULARITIES)[number];
/** Columns the screen sorts by (docs/product.md#packages: PID, name, type, status). */
export const PACKAGE_SORT_FIELDS = ['pid', 'name', 'type', 'status'] as const;
export type PackageSortField = (typeof PACKAGE_SORT_FIELDS)[number];

/** The default icon of each type, shipped with the web app (web/public/icons). */
export const PACKAGE_ICONS = {
  Regular: '/icons/package-regular.svg',
  Digital: '/icons/package-digital.svg',
} as const satisfies Record<PackageType, string>;
export const PACKAGE_ICON_URLS = [PACKAGE_ICONS.Regular, PACKAGE_ICONS.Digital] as const;

export const MAX_PACKAGE_NAME = 100;
export const MAX_PACKAGE_DESCRIPTION = 2000;
export const MAX_PACKAGE_DURATION = 50;
export const MAX_PACKAGE_FEATURE = 200;
export const MAX_PACKAGE_FEATURES = 30;
/** Far above any real package; keeps the value inside numeric(12, 2). */
export const MAX_PACKAGE_PRICE = 100_000_000;
export const MAX_PACKAGE_MAX_ADS = 100_000;

export const packageMessages = {
  // docs/product.md#validation-rules, word for word.
  nameRequired: 'Package name is required',
  typeRequired: 'Package type is required',
  descriptionRequired: 'Description is required',
  priceInvalid: 'Valid price is required',
  durationRequired: 'Duration is required',
  maxAdsInvalid: 'Valid max ads count is required',
  featuresRequired: 'At least one feature is required',
  // docs/product.md#error-catalogue, word for word.
  fetchFailed: 'Failed to fetch packages',
  saveFailed: 'Failed to save package',
  deleteFailed: 'Failed to delete package',
  created: 'Package created successfully',
  updated: 'Package updated successfully',
  deleted: 'Package deleted successfully',
  // docs/product.md#packages.
  deleteConfirm: 'Are you sure you want to delete this package? This action cannot be undone.',
  // Limits and server answers (docs/decisions/0013-errors-and-validation.md).
  nameTooLong: `Package name must be at most ${MAX_PACKAGE_NAME} characters`,
  descriptionTooLong: `Description must be at most ${MAX_PACKAGE_DESCRIPTION} characters`,
  durationTooLong: `Duration must be at most ${MAX_PACKAGE_DURATION} characters`,
  featureTooLong: `Each feature must be at most ${MAX_PACKAGE_FEATURE} characters`,
  tooManyFeatures: `At most ${MAX_PACKAGE_FEATURES} features are allowed`,
  priceTooHigh: `Price must be at most LKR ${MAX_PACKAGE_PRICE.toLocaleString('en-US')}`,
  maxAdsTooHigh: `Max ads must be at most ${MAX_PACKAGE_MAX_ADS.toLocaleString('en-US')}`,
  popularityInvalid: 'Popularity must be None, Popular or Recommended',
  statusInvalid: 'Status must be Active or Inactive',
  iconInvalid: 'Icon must be one of the default package icons',
  controlChars: 'Control characters are not allowed',
  notFound: 'Package not found',
  emptyState: 'No packages found',
} as const;

const text = (opts: Omit<RequiredTextOptions, 'controlChars'>) =>
  requiredText({ ...opts, controlChars: packageMessages.controlChars });

/** True when `n` has at most two decimals (LKR cents), allowing for binary floating point. */
function hasCents(n: number): boolean {
  return Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
}

/**
 * At least one cent once rounded to cents, as numeric(12, 2) stores it: 1e-9 is within the
 * tolerance above but would be stored as 0.00 (docs/decisions/0013-errors-and-validation.md).
 */
const atLeastOneCent = (n: number) => Math.round(n * 100) >= 1;

const feature = z
  .string({ error: packageMessages.featuresRequired })
  .max(MAX_PACKAGE_FEATURE, packageMessages.featureTooLong)
  // Surrounding whitespace (a tab, a new line) is trimmed away, so only what stays is checked.
  .refine((v) => !lineControlChars.test(v.trim()), packageMessages.controlChars);

/** Fields a client may set; strict, so unknown fields are refused (docs/decisions/0013-errors-and-validation.md). */
const packageFields = {
  name: text({ max: MAX_PACKAGE_NAME, required: packageMessages.nameRequired, tooLong: packageMessages.nameTooLong }),
  type: z.enum(PACKAGE_TYPES, { error: packageMessages.typeRequired }),
  description: text({
    max: MAX_PACKAGE_DESCRIPTION,
    required: packageMessages.descriptionRequired,
    tooLong: packageMessages.descriptionTooLong,
    multiline: true,
  }),
  price: z
    .number({ error: packageMessages.priceInvalid })
    .positive(packageMessages.priceInvalid)
    .refine(hasCents, packageMessages.priceInvalid)
    .refine(atLeastOneCent, packageMessages.priceInvalid)
    .refine((n) => n <= MAX_PACKAGE_PRICE, packageMessages.priceTooHigh)
    // The refinements above, as the OpenAPI document states them (docs/decisions/0021-openapi.md).
    .meta({ multipleOf: 0.01, maximum: MAX_PACKAGE_PRICE, description: 'LKR in whole cents, 0.01 to 100,000,000' }),
  duration: text({
    max: MAX_PACKAGE_DURATION,
    required: packageMessages.durationRequired,
    tooLong: packageMessages.durationTooLong,
  }),
  maxAds: z
    .number({ error: packageMessages.maxAdsInvalid })
    .int(packageMessages.maxAdsInvalid)
    .min(1, packageMessages.maxAdsInvalid)
    .max(MAX_PACKAGE_MAX_ADS, packageMessages.maxAdsTooHigh),
  // Blank features are dropped on save (docs/product.md#validation-rules); at least one must remain.
  features: z
    .array(feature, { error: packageMessages.featuresRequired })
    .max(MAX_PACKAGE_FEATURES, packageMessages.tooManyFeatures)
    .refine((list) => list.some((f) => f.trim() !== ''), packageMessages.featuresRequired)
    .transform((list) => list.map((f) => f.trim()).filter((f) => f !== ''))
    .meta({ minItems: 1, description: 'At least one feature that is not blank; blank ones are dropped' }),
  // New packages default to Active (docs/product.md#states-and-transitions) and no popularity.
  status: z.enum(PACKAGE_STATUSES, { error: packageMessages.statusInvalid }).default('Active'),
  popularity: z.enum(PACKAGE_POPULARITIES, { error: packageMessages.popularityInvalid }).default('None'),
  /** Only the shipped default icons, or null, empty or left out (= the type's default); never an arbitrary URL. */
  icon: z
    .union([z.enum(PACKAGE_ICON_URLS), z.literal('').transform(() => null)], { error: packageMessages.iconInvalid })
    .nullable()
    .default(null),
};

/** POST /api/packages and PUT /api/packages/{id} body (docs/product.md#calls). */
export const packageBody = z.strictObject(packageFields);
export type PackageBody = z.output<typeof packageBody>;
export type PackageBodyInput = z.input<typeof packageBody>;
export type PackageField = keyof typeof packageFields;
/** PUT sends every field, as the spec's form does: no silent defaults for status or popularity. */
export const packageUpdateBody = packageBody.extend({
  status: z.enum(PACKAGE_STATUSES, { error: packageMessages.statusInvalid }),
  popularity: z.enum(PACKAGE_POPULARITIES, { error: packageMessages.popularityInvalid }),
});

/** Package in docs/product.md#entities as the server sends it; `icon` is always a URL (the type's default when unset). */
export const packageRecord = z.object({
  _id: z.string(),
  pid: z.string(),
  name: z.string(),
  type: z.enum(PACKAGE_TYPES),
  description: z.string(),
  price: z.number(),
  duration: z.string(),
  maxAds: z.number().int(),
  features: z.array(z.string()),
  status: z.enum(PACKAGE_STATUSES),
  popularity: z.enum(PACKAGE_POPULARITIES),
  icon: z.string(),
  createdAt: z.string(),
  subscriberCount: z.number().int(),
});
export type Package = z.infer<typeof packageRecord>;

/**
 * GET /api/packages (docs/product.md#calls) with optional filters, all empty by default (the spec's
 * call: the whole list, oldest first): a case-insensitive search over pid, name, type, duration and
 * description, a status, and a sort by one column (ties by pid).
 */
export const packageListQuery = z.strictObject({
  search: listSearch(),
  status: listStatus(PACKAGE_STATUSES),
  sort: z.enum(PACKAGE_SORT_FIELDS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type PackageListQuery = z.infer<typeof packageListQuery>;
export type PackageListParams = z.input<typeof packageListQuery>;

export const packageListResponse = z.object({
  success: z.literal(true),
  packages: z.array(packageRecord),
  /** Every package, whatever the filters: the screen's "Showing x of y packages". */
  total: z.number().int().min(0),
});
export type PackageListResponse = z.infer<typeof packageListResponse>;
export const packageMutationResponse = z.object({ success: z.literal(true), package: packageRecord });
export type PackageMutationResponse = z.infer<typeof packageMutationResponse>;
export const packageDeleteResponse = z.object({ success: z.literal(true) });

export type PackageFieldErrors = Partial<Record<PackageField, string>>;

/** Zod issues → the first message per top-level field (`features.2` counts as `features`). */
export function packageIssuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: PackageFieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '_') as PackageField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Runs the rules in docs/product.md#validation-rules on a candidate body: the same check the server makes. */
export function validatePackage(
  input: unknown,
): { success: true; data: PackageBody } | { success: false; errors: PackageFieldErrors } {
  const result = packageBody.safeParse(input);
  return result.success
    ? { success: true, data: result.data }
    : { success: false, errors: packageIssuesToErrors(result.error.issues) };
}

/** The icon URL a package shows: its own, else the default of its type. */
export function packageIconUrl(type: PackageType, icon: string | null | undefined): string {
  return icon ?? PACKAGE_ICONS[type];
}

/** Money as the screens show it (docs/ui-style.md): `LKR 4,500`, or `LKR 4,500.50` when there are cents. */
export function formatPackagePrice(amount: number): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return `LKR ${amount.toLocaleString('en-LK', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}
