/**
 * Admin roles and their permissions (issue 36.3; docs/decisions/0033-roles.md). `isAdmin` keeps its
 * meaning (may sign in to the back office); every admin also has a role, and a moderator may be
 * limited to categories. The server checks these on every route; the web app reads the same table
 * to hide what a role cannot do.
 */
export const ADMIN_ROLES = ['administrator', 'moderator', 'support'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  administrator: 'Administrator',
  moderator: 'Moderator',
  support: 'Support',
};

/** Every permission, by name: the 403 names the one missing. */
export const PERMISSIONS = [
  // Every signed-in admin: their own session, the API's description, the dashboard and catalogue.
  'account.self',
  'docs.read',
  'dashboard.read',
  'ads.read',
  'ads.moderate',
  'ads.delete',
  'ads.export',
  'users.read',
  'users.verify',
  'users.edit',
  'users.delete',
  'users.export',
  'packages.read',
  'packages.write',
  'duties.read',
  'duties.write',
  'banners.read',
  'banners.write',
  'activity.read',
  'activity.export',
  /** The Data Extract; each dataset also needs its own export permission (users.export for advertisers). */
  'data.export',
  'messages.read',
  'messages.retry',
  'reasons.write',
  'signals.read',
  'signals.write',
  'rules.read',
  'rules.edit',
  /** Making a rule live, or changing or deleting a live one: administrators only. */
  'rules.live',
  'reviews.read',
  'reviews.answer',
  'reviews.settings',
  'reports.read',
  'reports.reply',
  'reports.handle',
  /** The inbox's settings (Reported view threshold, strike expiry): administrators only. */
  'reports.settings',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const readOnly: Permission[] = PERMISSIONS.filter((p) => p === 'account.self' || p.endsWith('.read'));

/**
 * The one table. Moderators: ads, reports, signals, rules in draft and shadow, activity; no user
 * edits or deletions, no packages, banners or duties changes, no exports of users. Support: reading,
 * plus verifying advertisers and replying to reports.
 */
export const ROLE_PERMISSIONS: Record<AdminRole, ReadonlySet<Permission>> = {
  administrator: new Set(PERMISSIONS),
  moderator: new Set<Permission>([
    ...readOnly,
    'ads.moderate',
    'ads.delete',
    'ads.export',
    'users.verify',
    'activity.export',
    'data.export',
    'messages.retry',
    'signals.write',
    'rules.edit',
    'reviews.answer',
    'reports.reply',
    'reports.handle',
  ]),
  support: new Set<Permission>([...readOnly, 'users.verify', 'reports.reply']),
};

/**
 * Each Data Extract dataset's own export permission, besides `data.export` (no exports of users for a
 * moderator). The web app offers only these; server/src/modules/exports/exports-routes.ts checks this table.
 */
export const DATA_EXTRACT_PERMISSIONS = {
  ads: 'ads.export',
  advertisers: 'users.export',
  packages: 'data.export',
  banners: 'data.export',
  duties: 'data.export',
  activity: 'activity.export',
} as const satisfies Record<string, Permission>;

/** Whether `role` may do `permission` (null: not an admin, nothing). */
export function roleCan(role: AdminRole | null | undefined, permission: Permission): boolean {
  return role ? ROLE_PERMISSIONS[role].has(permission) : false;
}

export const roleMessages = {
  /** The 403 of a route or action the caller's role does not allow: names the permission. */
  missingPermission: (permission: Permission) => `Your role does not allow this (missing permission: ${permission})`,
  /** A scoped moderator acting on an ad of another category. */
  outsideCategories: 'This ad is outside your categories (missing permission: ads.moderate)',
  /** Shown beside a hidden or disabled action. */
  notAllowed: 'Your role does not allow this',
  roleLabel: 'Admin role',
  categoriesLabel: 'Categories',
  categoriesHint: 'Empty: every category',
  categoriesOnlyModerators: 'Only a moderator can be limited to categories',
  roleOnlyAdmins: 'Only an admin has a role',
  chooseRole: 'Choose a role',
  enterCategory: 'Enter a category',
  categoryTooLong: 'Category is too long',
  tooManyCategories: (max: number) => `At most ${max} categories`,
} as const;
