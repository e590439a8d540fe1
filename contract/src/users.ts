import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './auth';
import { messages } from './messages';
import { USER_STATUS_FILTERS, userBulkDeleteBody, userBulkDeleteResponse } from './exports';
import { imageThumbnails, isAbsoluteUrl } from './thumbnails';
import { ADMIN_ROLES, roleMessages } from './roles';
import { USER_LANGUAGES, strikeMessages, userStrikes } from './strikes';

/** "Advertiser user" in docs/product.md#entities, user edit in docs/product.md#validation-rules, user calls in docs/product.md#calls, users and user detail in docs/product.md#error-catalogue; docs/decisions/0010-repository-and-configuration.md, docs/decisions/0012-access-control.md, docs/decisions/0013-errors-and-validation.md, docs/decisions/0004-users.md. */
export const USERS_PAGE_SIZE = 10;
export const USERS_MAX_PAGE_SIZE = 100;
export const USERS_MAX_PAGE = 1_000_000;
export const MAX_USER_SEARCH_LENGTH = 200;
export const MAX_USERNAME_LENGTH = 50;
export const MAX_MOBILE_LENGTH = 20;
export const MAX_ROLE_CATEGORIES = 50;
export const USER_ROLES = ['advertiser', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const userMessages = {
  // "Users" in docs/product.md#error-catalogue.
  fetchFailed: 'Failed to fetch advertisers',
  loadFailed: 'Failed to load users. Please try again.',
  deleteFailed: 'Failed to delete user',
  deleteFailedRetry: 'Failed to delete user. Please try again.',
  deleted: 'User deleted successfully',
  emptyState: 'No users found matching your search criteria.',
  // "User detail" in docs/product.md#error-catalogue and docs/product.md#user-management.
  fetchUserFailed: 'Failed to fetch user data',
  updateFailed: 'Failed to update user. Please try again.',
  updated: 'User updated successfully',
  deleteConfirm: 'Are you sure you want to delete this user? This action cannot be undone.',
  notFoundScreen: 'User not found.',
  passwordHint: 'Leave empty to keep current password',
  // Server (docs/decisions/0013-errors-and-validation.md, docs/decisions/0004-users.md).
  notFound: 'User not found',
  emailInUse: 'Email already in use',
  usernameInUse: 'Username already in use',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotDemoteSelf: 'You cannot remove your own admin rights',
  lastAdmin: 'The last administrator cannot be removed or demoted',
  // A new password for one's own account needs the current one (docs/SECURITY.md).
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  usernameRequired: 'Username is required',
  usernameTooLong: `Username must be at most ${MAX_USERNAME_LENGTH} characters`,
  usernameSpaces: 'Username cannot contain spaces',
  emailInvalid: 'Enter a valid email address',
  mobileInvalid: 'Enter a valid mobile number',
  searchTooLong: `Search must be at most ${MAX_USER_SEARCH_LENGTH} characters`,
  // The verification queue (docs/decisions/0028-verification-queue-and-confirmations.md).
  alreadyVerified: 'Already verified',
  cannotVerifyAdmin: 'Admin accounts are not verified here',
} as const;

/** "3 ads", "1 ad". */
const adsWord = (n: number) => `${n.toLocaleString('en-LK')} ${n === 1 ? 'ad' : 'ads'}`;

/**
 * Confirmations that name what they act on (issue 32.7; docs/decisions/0028-verification-queue-and-confirmations.md):
 * one user by name, several as up to five names and "and N more", and the ads a delete takes with it.
 */
export const userConfirmText = {
  /** How many names a bulk confirmation lists before "and N more". */
  namesShown: 5,
  andMore: (n: number) => `and ${n.toLocaleString('en-LK')} more`,
  deleteOneWith: (name: string, ads: number) =>
    ads === 0 ? `${name} will be deleted. They have no ads.` : `${name} and their ${adsWord(ads)} will be deleted.`,
  deleteManyTitle: (n: number) => `Delete ${n.toLocaleString('en-LK')} ${n === 1 ? 'user' : 'users'}`,
  deleteMany: (ads: number) =>
    ads === 0
      ? 'They have no ads. This cannot be undone.'
      : `Their ${adsWord(ads)} will be deleted too. This cannot be undone.`,
  verifyManyTitle: (n: number) => `Verify ${n.toLocaleString('en-LK')} ${n === 1 ? 'advertiser' : 'advertisers'}`,
  verifyMany: 'They will show as verified (Active).',
  verified: (name: string) => `${name} verified`,
  bulkVerified: (n: number, m: number) => `${n} advertiser(s) verified. ${m} failed.`,
  verifyFailed: 'Failed to verify user',
  promoteTitle: 'Make Admin',
  promote: (name: string) =>
    `Make ${name} an Admin? They will be able to sign in to the back office and approve, reject, edit and delete everything in it.`,
  promoteConfirm: 'Make Admin',
} as const;

export const adStats = z.object({
  approved: z.number().int(),
  pending: z.number().int(),
  rejected: z.number().int(),
});
export type AdStats = z.infer<typeof adStats>;

/** The advertiser/admin user as it leaves the server (docs/product.md#entities). Never holds the password hash. */
export const publicUser = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  mobile: z.string().nullable(),
  mobile2: z.string().nullable(),
  whatsapp: z.string().nullable(),
  /** As stored, or an absolute URL on S3_PUBLIC_URL's host when it is set. */
  profilePicture: z.string().nullable(),
  /** With S3_PUBLIC_URL only: the picture's thumbnails on that host. */
  profilePictureThumbnails: imageThumbnails.nullable().optional(),
  isAdmin: z.boolean(),
  isVerified: z.boolean(),
  /** An admin's role (docs/decisions/0033-roles.md); null for advertisers. */
  role: z.enum(ADMIN_ROLES).nullable(),
  /** A moderator's categories; null for every category. */
  categories: z.array(z.string()).nullable(),
  createdAt: z.string(),
  joinDate: z.string().nullable(),
  /** The language of messages to them (issue 35.5); always sent by the server. */
  language: z.enum(USER_LANGUAGES).optional(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const uuidParam = z.object({ id: z.uuid({ error: 'Invalid id' }) });

/** A user of the list: the public fields plus their ad counts ("adStats" in docs/product.md#entities). */
export const listedUser = publicUser.extend({ adStats });
export type ListedUser = z.infer<typeof listedUser>;

// PostgreSQL text cannot hold NUL, and no search needs control characters.
// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u001f\u007f]/;

/** GET /api/users query: role (docs/product.md#roles-and-permissions: advertiser), search and paging (beyond the spec's static pager). */
export const userListQuery = z.strictObject({
  role: z.enum(USER_ROLES).default('advertiser'),
  q: z
    .string()
    .max(MAX_USER_SEARCH_LENGTH, userMessages.searchTooLong)
    .refine((v) => !controlChars.test(v), 'Control characters are not allowed')
    .optional(),
  /** Advertisers' status (docs/decisions/0018-exports-and-bulk.md): verified, not verified, or with a pending ad. */
  status: z.enum(USER_STATUS_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(USERS_MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().min(1).max(USERS_MAX_PAGE_SIZE).default(USERS_PAGE_SIZE),
});
export type UserListQuery = z.infer<typeof userListQuery>;
export type UserListParams = z.input<typeof userListQuery>;

/**
 * `total` is null for a search whose page does not show the end of the matches: the client asks
 * GET /api/users/count once per search instead of every page counting them again.
 */
export const userListResponse = z.object({
  users: z.array(listedUser),
  total: z.number().int().nullable(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UserListResponse = z.infer<typeof userListResponse>;

/** GET /api/users/count: the exact number of users a list query matches, on every page. */
export const userCountQuery = userListQuery.pick({ role: true, q: true, status: true });
export type UserCountQuery = z.infer<typeof userCountQuery>;
export type UserCountParams = z.input<typeof userCountQuery>;
export const userCountResponse = z.object({ total: z.number().int() });
export type UserCountResponse = z.infer<typeof userCountResponse>;

/** GET /api/users/{id} answer (docs/product.md#calls). */
export const userDetailResponse = z.object({
  user: publicUser,
  adStats,
  /** Their strikes (docs/decisions/0035-strikes-and-languages.md); always sent by the server. */
  strikes: userStrikes.optional(),
});
export type UserDetailResponse = z.infer<typeof userDetailResponse>;

/** Sri Lankan and international forms: `077 123 4567`, `0771234567`, `+94 77 123 4567`. */
const mobilePattern = /^\+?\d[\d -]{5,18}\d$/;

/**
 * PUT /api/users/{id} body (docs/product.md#validation-rules, docs/product.md#calls): username, email, mobile, isAdmin, isVerified and the
 * password only when entered. An empty password (or none) keeps the current one; an empty
 * mobile clears it.
 */
export const userUpdateBody = z.strictObject({
  username: z
    .string({ error: userMessages.usernameRequired })
    .trim()
    .min(1, userMessages.usernameRequired)
    .max(MAX_USERNAME_LENGTH, userMessages.usernameTooLong)
    .refine((v) => !/\s/.test(v) && !controlChars.test(v), userMessages.usernameSpaces)
    .meta({ pattern: '^[^\\s\\u0000-\\u001f\\u007f]+$' }),
  email: z
    .string({ error: userMessages.emailInvalid })
    .trim()
    .max(MAX_EMAIL_LENGTH, userMessages.emailInvalid)
    .pipe(z.email({ error: userMessages.emailInvalid }))
    .meta({ format: 'email' }),
  mobile: z
    .string({ error: userMessages.mobileInvalid })
    .trim()
    .max(MAX_MOBILE_LENGTH, userMessages.mobileInvalid)
    .refine((v) => v === '' || mobilePattern.test(v), userMessages.mobileInvalid)
    // What the refinement checks, for the OpenAPI document: empty (clears it) or the pattern.
    .meta({ pattern: `^(|${mobilePattern.source.slice(1, -1)})$`, description: 'Empty or null clears it' })
    .nullable()
    .transform((v) => (v ? v : null)),
  isAdmin: z.boolean(),
  isVerified: z.boolean(),
  /** The language of messages to them; left out keeps it. */
  language: z.enum(USER_LANGUAGES, { error: strikeMessages.languageInvalid }).optional(),
  /**
   * The admin's role (docs/decisions/0033-roles.md). Left out: kept, or administrator for a user
   * made Admin now. Only for an admin.
   */
  role: z.enum(ADMIN_ROLES, { error: roleMessages.chooseRole }).nullable().optional(),
  /** A moderator's categories; null or empty: every category. Only for a moderator. */
  categories: z
    .array(z.string().trim().min(1, roleMessages.enterCategory).max(100, roleMessages.categoryTooLong))
    .max(MAX_ROLE_CATEGORIES, roleMessages.tooManyCategories(MAX_ROLE_CATEGORIES))
    .nullable()
    .transform((v) => (v && v.length ? [...new Set(v)] : null))
    .optional(),
  password: z
    .string()
    .max(MAX_PASSWORD_LENGTH, 'Password is too long')
    .refine((v) => v === '' || v.length >= MIN_PASSWORD_LENGTH, messages.password.tooShort)
    .meta({ pattern: `^(|[\\s\\S]{${MIN_PASSWORD_LENGTH},})$`, description: 'Empty or left out keeps the current one' })
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Required with a new password when admins change their own (the server knows who is asking). */
  currentPassword: z
    .string()
    .max(MAX_PASSWORD_LENGTH, 'Password is too long')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

/** The role fields' rules, for the server (400 with the field) and the form. */
export function roleFieldErrors(body: {
  isAdmin: boolean;
  role?: string | null;
  categories?: string[] | null;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!body.isAdmin && body.role) errors.role = roleMessages.roleOnlyAdmins;
  if (body.categories?.length && (!body.isAdmin || (body.role ?? 'administrator') !== 'moderator'))
    errors.categories = roleMessages.categoriesOnlyModerators;
  return errors;
}
export type UserUpdateInput = z.input<typeof userUpdateBody>;

/** Zod-free check of the edit form, the same rules as `userUpdateBody` (field → message). */
export function validateUserEdit(
  form: { username: string; email: string; mobile: string; password: string; currentPassword?: string },
  /** The admin is editing their own account: a new password needs the current one. */
  self = false,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const username = form.username.trim();
  if (!username) errors.username = userMessages.usernameRequired;
  else if (username.length > MAX_USERNAME_LENGTH) errors.username = userMessages.usernameTooLong;
  else if (/\s/.test(username)) errors.username = userMessages.usernameSpaces;
  const email = form.email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > MAX_EMAIL_LENGTH)
    errors.email = userMessages.emailInvalid;
  const mobile = form.mobile.trim();
  if (mobile && (!mobilePattern.test(mobile) || mobile.length > MAX_MOBILE_LENGTH))
    errors.mobile = userMessages.mobileInvalid;
  if (form.password && form.password.length < MIN_PASSWORD_LENGTH) errors.password = messages.password.tooShort;
  if (self && form.password && !form.currentPassword) errors.currentPassword = userMessages.currentPasswordRequired;
  return errors;
}

/** docs/product.md#user-management: the first 5 characters of the id. */
export function formatUserId(id: string): string {
  return id.slice(0, 5);
}

/** Profile pictures are stored like ad images: a path under uploads, with or without `/uploads`. */
export function profilePictureUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (path.startsWith('/uploads') || isAbsoluteUrl(path)) return path;
  return `/uploads/${path.replace(/^\/+/, '')}`;
}

/**
 * POST /api/users/bulk-verify: marks advertisers verified, one result per id (the Verify row action
 * sends one id). An already verified user, an admin or an unknown id is refused on its own line
 * (docs/decisions/0028-verification-queue-and-confirmations.md).
 */
export const userBulkVerifyBody = userBulkDeleteBody;
export const userBulkVerifyResponse = userBulkDeleteResponse;
export type UserBulkVerifyResponse = z.infer<typeof userBulkVerifyResponse>;
