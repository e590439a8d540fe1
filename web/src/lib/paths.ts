/** Every route of the web app (docs/product.md#screens-and-routes). Links, the router and end-to-end tests use these. */
export const paths = {
  signIn: '/',
  app: '/app',
  dashboard: '/app/dashboard',
  notifications: '/app/notifications',
  adsDirectory: '/app/ads-directory',
  users: '/app/users',
  /** Route pattern of the user detail screen; build links with `userDetail(id)`. */
  userDetailPattern: '/app/users/:id',
  userDetail: (id: string) => `/app/users/${encodeURIComponent(id)}`,
  packages: '/app/packages',
  dataExtract: '/app/data-extract',
  banners: '/app/banners',
  bugs: '/app/bugs',
  duties: '/app/duties',
  /** The activity log (reached from the dashboard, not from the sidebar); filters live in its query string. */
  activity: '/app/activity',
  /** Moderation rules (reached from the ads directory's toolbar; docs/decisions/0030-moderation-rules.md). */
  rules: '/app/rules',
  /** Second review: sampled decisions another moderator checks blind (reached from the ads directory). */
  secondReview: '/app/second-review',
  /** The signed-in admin's own account: two-factor sign-in, password, sessions (opened from the header's badge). */
  account: '/app/account',
} as const;
