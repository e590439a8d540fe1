import type { Permission } from '@backoffice/contract';

/**
 * The permission each guarded route needs (docs/decisions/0033-roles.md), in one table so that
 * least privilege is reviewed in one place; which role holds which permission is
 * ROLE_PERMISSIONS in contract/src/roles.ts. A route missing here is for administrators only, and
 * fails server/test/api/role-matrix.test.ts until someone decides what it is.
 */
export const ROUTE_PERMISSIONS: Record<string, Permission> = {
  'GET /api/auth/session': 'account.self',
  // One's own account: password, sessions, second factor (issue 36.4).
  'GET /api/auth/account': 'account.self',
  'POST /api/auth/password': 'account.self',
  'GET /api/auth/sessions': 'account.self',
  'DELETE /api/auth/sessions/:id': 'account.self',
  'POST /api/auth/2fa/totp/setup': 'account.self',
  'POST /api/auth/2fa/totp/confirm': 'account.self',
  'POST /api/auth/2fa/recovery-codes': 'account.self',
  'POST /api/auth/2fa/reset': 'account.self',
  'GET /api/docs': 'docs.read',
  'GET /api/docs/json': 'docs.read',
  'GET /api/docs/yaml': 'docs.read',
  'GET /api/docs/static/*': 'docs.read',
  'GET /api/docs/static/index.html': 'docs.read',
  'GET /api/docs/static/swagger-initializer.js': 'docs.read',
  'GET /api/dashboard': 'dashboard.read',
  'GET /api/dashboard/moderation': 'dashboard.read',
  'GET /api/notifications': 'dashboard.read',
  'GET /api/products/getproducts': 'dashboard.read',
  // Ads, the workbench and the event stream (scoped by a moderator's categories).
  'GET /api/advertisements/list': 'ads.read',
  'GET /api/advertisements/count': 'ads.read',
  'GET /api/advertisements/:id': 'ads.read',
  'GET /api/advertisements/:id/advertiser': 'ads.read',
  'GET /api/advertisements/:id/history': 'ads.read',
  'GET /api/advertisements/:id/signals': 'ads.read',
  'GET /api/advertisements/:id/duplicates': 'ads.read',
  'GET /api/events': 'ads.read',
  'GET /api/rejection-reasons': 'ads.read',
  'PUT /api/advertisements/:id/status': 'ads.moderate',
  'POST /api/advertisements/bulk-status': 'ads.moderate',
  'PUT /api/advertisements/:id/images': 'ads.moderate',
  'POST /api/advertisements/:id/claim': 'ads.moderate',
  'DELETE /api/advertisements/:id/claim': 'ads.moderate',
  'DELETE /api/advertisements/:id': 'ads.delete',
  'GET /api/advertisements/export': 'ads.export',
  'POST /api/rejection-reasons': 'reasons.write',
  'PUT /api/rejection-reasons/:id': 'reasons.write',
  'DELETE /api/rejection-reasons/:id': 'reasons.write',
  // Users.
  'GET /api/users': 'users.read',
  'GET /api/users/count': 'users.read',
  'GET /api/users/:id': 'users.read',
  'POST /api/users/bulk-verify': 'users.verify',
  'PUT /api/users/:id': 'users.edit',
  'POST /api/users/:id/reset-2fa': 'users.edit',
  'GET /api/users/:id/strikes': 'users.read',
  'DELETE /api/users/:id/strikes/:adId': 'ads.moderate',
  'DELETE /api/users/:id': 'users.delete',
  'POST /api/users/bulk-delete': 'users.delete',
  'GET /api/users/export': 'users.export',
  // Packages, duties, banners.
  'GET /api/packages': 'packages.read',
  'POST /api/packages': 'packages.write',
  'PUT /api/packages/:id': 'packages.write',
  'DELETE /api/packages/:id': 'packages.write',
  'GET /api/duties': 'duties.read',
  'POST /api/duties': 'duties.write',
  'PUT /api/duties/:id': 'duties.write',
  'DELETE /api/duties/:id': 'duties.write',
  'GET /api/banner-ads': 'banners.read',
  'POST /api/banner-ads': 'banners.write',
  'PUT /api/banner-ads/:id': 'banners.write',
  'DELETE /api/banner-ads/:id': 'banners.write',
  // The audit trail and exports.
  'GET /api/activity': 'activity.read',
  'GET /api/activity/count': 'activity.read',
  'GET /api/activity/export': 'activity.export',
  'GET /api/data-extract/:dataset/count': 'data.export',
  'GET /api/data-extract/:dataset/export': 'data.export',
  // Reports from the public: support replies (PUT with only a reply); the rest is reports.handle.
  'GET /api/reports': 'reports.read',
  'PUT /api/reports/:id': 'reports.reply',
  'POST /api/advertisements/:id/dismiss-reports': 'reports.handle',
  'GET /api/reports/settings': 'reports.read',
  'PUT /api/reports/settings': 'reports.settings',
  // Messages to advertisers.
  'GET /api/advertiser-messages': 'messages.read',
  'POST /api/advertiser-messages/:id/retry': 'messages.retry',
  // Trust signals' lists and the queues.
  'GET /api/signals/blocked-phones': 'signals.read',
  'GET /api/signals/blocked-phones/export.csv': 'signals.read',
  'GET /api/signals/phrases': 'signals.read',
  'GET /api/signals/phrases/export.csv': 'signals.read',
  'GET /api/moderation-queues': 'signals.read',
  'GET /api/moderation-queues/export.csv': 'signals.read',
  'POST /api/signals/blocked-phones': 'signals.write',
  'DELETE /api/signals/blocked-phones/:phone': 'signals.write',
  'POST /api/signals/blocked-phones/import': 'signals.write',
  'POST /api/signals/phrases': 'signals.write',
  'DELETE /api/signals/phrases': 'signals.write',
  'POST /api/signals/phrases/import': 'signals.write',
  'POST /api/moderation-queues': 'signals.write',
  'DELETE /api/moderation-queues/:name': 'signals.write',
  'POST /api/moderation-queues/import': 'signals.write',
  // Moderation rules: a live rule also needs rules.live (checked by the route).
  'GET /api/moderation-rules': 'rules.read',
  'GET /api/moderation-rules/:id': 'rules.read',
  'GET /api/moderation-rules/:id/backtests/:backtestId': 'rules.read',
  'POST /api/moderation-rules': 'rules.edit',
  'PUT /api/moderation-rules/:id': 'rules.edit',
  'DELETE /api/moderation-rules/:id': 'rules.edit',
  'POST /api/moderation-rules/:id/backtest': 'rules.edit',
  'POST /api/moderation-rules/:id/backtests/:backtestId/cancel': 'rules.edit',
  // Second review.
  'GET /api/second-reviews': 'reviews.read',
  'GET /api/second-reviews/settings': 'reviews.read',
  'GET /api/second-reviews/agreement': 'reviews.read',
  'POST /api/second-reviews/:id/answer': 'reviews.answer',
  'POST /api/second-reviews/:id/settle': 'reviews.answer',
  'PUT /api/second-reviews/settings': 'reviews.settings',
};

/** The permission a route needs, by method and URL pattern (`PUT /api/users/:id`). */
export function routePermission(method: string, url: string): Permission | undefined {
  return ROUTE_PERMISSIONS[`${method} ${url}`];
}
