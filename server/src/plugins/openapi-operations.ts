import { accountOperations } from './openapi-operations-accounts';
import type { OperationText } from './openapi-operation-text';

/**
 * Every operation's name, one-line summary and the answers only it gives, written by hand in one
 * place (docs/decisions/0021-openapi.md, "A client can build on it"). `describeRoute` in
 * openapi.ts fills them in; a route without an entry here fails openapi.test.ts.
 * The error statuses every operation shares (400, 421, 500, 503; 401 and 403 behind the guard;
 * 403 on state-changing calls; 404 with a path id; 413 and 415 with a body) are derived there.
 */
const op = (operationId: string, summary: string, ok: string, errors?: number[]): OperationText => ({
  operationId,
  summary,
  ok,
  ...(errors ? { errors } : {}),
});

/** Keyed by method and Fastify URL pattern, as the route table writes them. */
export const operations: Record<string, OperationText> = {
  'GET /api/health': op('getHealth', 'Check that the server and its database answer', 'The database answers'),
  'POST /api/auth/signin': op(
    'signIn',
    'Sign in with email and password',
    'Signed in: the `sid` cookie is set; the administrator',
    [401, 429],
  ),
  'GET /api/user/signout': op('signOutGet', 'Sign out (link form)', 'Signed out; the cookie is cleared'),
  'POST /api/user/signout': op('signOut', 'Sign out', 'Signed out; the cookie is cleared'),
  'GET /api/auth/session': op('getSession', 'Who is signed in', 'The signed-in administrator'),
  ...accountOperations,

  'GET /api/advertisements/list': op('listAds', 'List advertisements (filtered, paged)', 'One page of advertisements'),
  'GET /api/advertisements/count': op('countAds', 'Count advertisements by status', 'The counts'),
  'PUT /api/advertisements/:id/status': op(
    'setAdStatus',
    'Approve or reject an advertisement',
    'The advertisement as it is now',
    [409],
  ),
  'POST /api/advertisements/bulk-status': op(
    'bulkSetAdStatus',
    'Approve or reject several advertisements, or all that match',
    'What was changed and what was skipped',
  ),
  'PUT /api/advertisements/:id/images': op(
    'setAdImages',
    'Remove images from an advertisement',
    'The advertisement as it is now',
  ),
  'DELETE /api/advertisements/:id': op('deleteAd', 'Delete an advertisement', 'Deleted'),
  'GET /api/advertisements/:id': op('getAd', 'One advertisement', 'The advertisement, with its live claim'),
  'GET /api/advertisements/:id/advertiser': op(
    'getAdAdvertiser',
    "The advertiser of an advertisement, with their ads' figures",
    'The advertiser card (null without an advertiser)',
  ),
  'GET /api/advertisements/:id/history': op('getAdHistory', "An advertisement's history", 'Its events, oldest first'),
  'POST /api/advertisements/:id/claim': op('claimAd', 'Claim a pending advertisement for review', 'The claim', [409]),
  'DELETE /api/advertisements/:id/claim': op('releaseAdClaim', 'Release a claim on an advertisement', 'Released'),
  'GET /api/advertisements/export': op('exportAds', 'Download advertisements as CSV', 'The CSV file'),
  'GET /api/advertisements/:id/signals': op(
    'getAdSignals',
    "An advertisement's trust signals with their evidence, and its risk",
    'Its risk (null until analysed) and signals',
  ),
  'GET /api/advertisements/:id/duplicates': op(
    'getAdDuplicates',
    "An advertisement's near-duplicates, by text or photo",
    'The other ads, most similar first',
  ),
  'GET /api/signals/blocked-phones': op('listBlockedPhones', 'The phone blocklist', 'Every blocked number'),
  'POST /api/signals/blocked-phones': op(
    'blockPhone',
    'Add a phone number to the blocklist',
    'The number as stored (E.164), added now or already listed',
  ),
  'DELETE /api/signals/blocked-phones/:phone': op(
    'unblockPhone',
    'Take a phone number off the blocklist',
    'Taken off',
    [404],
  ),
  'GET /api/signals/phrases': op(
    'listRiskyPhrases',
    'The risky phrase lists',
    'Every phrase in effect, and the shipped ones taken out',
  ),
  'POST /api/signals/phrases': op(
    'addRiskyPhrase',
    'Add a risky phrase (or put a shipped one back)',
    'The phrase, added now or already in effect',
  ),
  'DELETE /api/signals/phrases': op('removeRiskyPhrase', 'Take a risky phrase out', 'Taken out', [404]),

  // Moderation rules (docs/decisions/0030-moderation-rules.md): every save is the next version.
  'GET /api/moderation-rules': op(
    'listModerationRules',
    'Every moderation rule in run order',
    'The rules, each with its figures from the audit trail and its latest backtest',
  ),
  'GET /api/moderation-rules/:id': op('getModerationRule', 'One moderation rule', 'The rule'),
  'POST /api/moderation-rules': op(
    'createModerationRule',
    'Create a moderation rule (version 1)',
    'The new rule',
    [409],
  ),
  'PUT /api/moderation-rules/:id': op(
    'updateModerationRule',
    'Save the next version of a moderation rule (409 on a stale version, or live without a good backtest)',
    'The rule as saved',
    [409],
  ),
  'DELETE /api/moderation-rules/:id': op(
    'deleteModerationRule',
    'Delete a moderation rule (its versions are kept)',
    'Deleted',
  ),

  // The lists admins maintain as CSV, and the queue names (issue 34.5). An import is all or nothing:
  // its 400 lists every bad line in `lines` ({ line, reason }; the header is line 1).
  'GET /api/signals/blocked-phones/export.csv': op(
    'exportBlockedPhones',
    'The phone blocklist as CSV',
    'The blocked numbers (phone, addedAt, addedBy)',
  ),
  'POST /api/signals/blocked-phones/import': op(
    'importBlockedPhones',
    'Block the numbers of a CSV file (a `phone` column), all or none',
    'How many were added, and how many were listed already or repeated',
  ),
  'GET /api/signals/phrases/export.csv': op(
    'exportRiskyPhrases',
    'The risky phrases in effect as CSV',
    'The phrases (language, category, phrase, source)',
  ),
  'POST /api/signals/phrases/import': op(
    'importRiskyPhrases',
    'Add the risky phrases of a CSV file (language, category, phrase columns), all or none',
    'How many were added, and how many were in effect already or repeated',
  ),
  'GET /api/moderation-queues': op('listModerationQueues', 'The queue names rules route ads to', 'Every queue'),
  'POST /api/moderation-queues': op('createModerationQueue', 'Add a queue name', 'The new queue', [409]),
  'DELETE /api/moderation-queues/:name': op(
    'deleteModerationQueue',
    'Delete a queue name no rule routes to',
    'Deleted',
    [404, 409],
  ),
  'GET /api/moderation-queues/export.csv': op(
    'exportModerationQueues',
    'The queue names as CSV',
    'The queues (name, createdAt)',
  ),
  'POST /api/moderation-queues/import': op(
    'importModerationQueues',
    'Add the queue names of a CSV file (a `name` column), all or none',
    'How many were added, and how many were there already or repeated',
  ),

  'GET /api/users': op('listUsers', 'List users (filtered, paged)', 'One page of users'),
  'GET /api/users/count': op('countUsers', 'Count users by status', 'The counts'),
  'GET /api/users/:id': op('getUser', 'One user with their advertisement figures', 'The user'),
  'PUT /api/users/:id': op('updateUser', 'Edit a user', 'The user as they are now', [409]),
  'DELETE /api/users/:id': op('deleteUser', 'Delete a user', 'Deleted', [409]),
  'GET /api/users/:id/strikes': op('getUserStrikes', 'A user’s strikes', 'How many are active and the strikes'),
  'DELETE /api/users/:id/strikes/:adId': op(
    'removeStrike',
    'Remove the strike an ad’s rejection gave the user, with a note',
    'The user’s strikes as they are now',
  ),
  'POST /api/users/bulk-delete': op('bulkDeleteUsers', 'Delete several users', 'What was deleted and what was refused'),
  'POST /api/users/bulk-verify': op('bulkVerifyUsers', 'Verify advertisers', 'What was verified and what was refused'),
  'GET /api/users/export': op('exportUsers', 'Download users as CSV', 'The CSV file'),

  'GET /api/packages': op('listPackages', 'List packages', 'Every package'),
  'POST /api/packages': op('createPackage', 'Create a package', 'The new package'),
  'PUT /api/packages/:id': op('updatePackage', 'Edit a package', 'The package as it is now'),
  'DELETE /api/packages/:id': op('deletePackage', 'Delete a package', 'Deleted'),

  'GET /api/duties': op('listDuties', 'List duties', 'Every duty'),
  'POST /api/duties': op('createDuty', 'Create a duty', 'The new duty'),
  'PUT /api/duties/:id': op('updateDuty', 'Edit a duty', 'The duty as it is now'),
  'DELETE /api/duties/:id': op('deleteDuty', 'Delete a duty', 'Deleted'),

  'GET /api/banner-ads': op('listBannerAds', 'List banner ads', 'The banner ads'),
  'POST /api/banner-ads': op('createBannerAd', 'Create a banner ad with its image', 'The new banner ad', [507]),
  'PUT /api/banner-ads/:id': op(
    'updateBannerAd',
    'Edit a banner ad (and replace its image)',
    'The banner ad as it is now',
    [507],
  ),
  'DELETE /api/banner-ads/:id': op('deleteBannerAd', 'Delete a banner ad', 'Deleted'),

  'GET /api/dashboard': op('getDashboard', 'Dashboard figures for a period', 'The figures'),
  'GET /api/dashboard/moderation': op('getModerationFigures', "Today's moderation figures", 'The figures'),
  'GET /api/notifications': op('listNotifications', 'Recent notifications', 'The notifications'),
  'GET /api/products/getproducts': op('listProducts', 'List products', 'Every product'),

  'GET /api/activity': op('listActivity', 'The activity log (filtered, paged)', 'One page of events'),
  'GET /api/activity/count': op('countActivity', 'Count activity-log events', 'The count'),
  'GET /api/activity/export': op('exportActivity', 'Download the activity log as CSV', 'The CSV file'),
  'GET /api/data-extract/:dataset/count': op(
    'countDataExtract',
    'Count the rows a data extract would hold',
    'The count',
  ),
  'GET /api/data-extract/:dataset/export': op('exportDataExtract', 'Download a data extract as CSV', 'The CSV file'),

  'GET /api/advertiser-messages': op(
    'listAdvertiserMessages',
    'List messages to advertisers (filtered, paged)',
    'One page of messages',
  ),
  'POST /api/advertiser-messages/:id/retry': op(
    'retryAdvertiserMessage',
    'Send a failed message to an advertiser again',
    'The message, queued again',
    [409],
  ),

  'GET /api/events': op(
    'streamEvents',
    'Live events (Server-Sent Events)',
    'The event stream; it never ends by itself',
  ),

  'GET /api/rejection-reasons': op('listRejectionReasons', 'List rejection-reason templates', 'Every template'),
  'POST /api/rejection-reasons': op('createRejectionReason', 'Create a rejection-reason template', 'The new template'),
  'PUT /api/rejection-reasons/:id': op(
    'updateRejectionReason',
    'Edit a rejection-reason template',
    'The template as it is now',
  ),
  'DELETE /api/rejection-reasons/:id': op('deleteRejectionReason', 'Delete a rejection-reason template', 'Deleted'),

  'GET /api/second-reviews': op(
    'listSecondReviews',
    'Decisions sampled for a second review (open, disagreed or answered; keyset paged)',
    'One page of reviews',
  ),
  'POST /api/second-reviews/:id/answer': op(
    'answerSecondReview',
    "Agree or disagree with another moderator's decision",
    'The review, with the first decision revealed',
    [409],
  ),
  'POST /api/second-reviews/:id/settle': op(
    'settleSecondReview',
    'Record the action taken on a disagreement',
    'The review, settled',
    [409],
  ),
  'GET /api/second-reviews/settings': op('getSecondReviewSettings', 'The share of decisions sampled', 'The rate'),
  'PUT /api/second-reviews/settings': op('setSecondReviewSettings', 'Set the share of decisions sampled', 'The rate'),
  'GET /api/second-reviews/agreement': op(
    'getSecondReviewAgreement',
    'Agreement per moderator and per rule over the last 30 days',
    'The figures',
  ),

  // Reports from the public (docs/decisions/0034-reports.md).
  'POST /api/public/reports': op(
    'submitReport',
    "The public site's server reports an ad or a bug (bearer token; only with PUBLIC_REPORT_TOKENS)",
    'Stored (or counted once more): its id',
    [401, 429],
  ),
  'GET /api/reports': op('listReports', 'The reports inbox (filtered, keyset-paged)', 'One page of reports'),
  'PUT /api/reports/:id': op(
    'updateReport',
    'Assign, note, resolve or dismiss a report, with an optional reply to the reporter',
    'The report',
    [409],
  ),
  'POST /api/advertisements/:id/dismiss-reports': op(
    'dismissAdReports',
    "Dismiss an ad's open reports (the Reported view)",
    'How many were dismissed',
  ),
  'GET /api/reports/settings': op(
    'getReportSettings',
    "The Reported view's threshold and the strikes' expiry",
    'The settings',
  ),
  'PUT /api/reports/settings': op(
    'setReportSettings',
    "Set the Reported view's threshold and the strikes' expiry",
    'The settings',
  ),

  'POST /api/moderation-rules/:id/backtest': op(
    'startRuleBacktest',
    "Test a rule's current version against the last decided ads",
    'The backtest: its figures when it ended within about 2 s (200), else running (202: poll it)',
    [409],
  ),
  'GET /api/moderation-rules/:id/backtests/:backtestId': op(
    'getRuleBacktest',
    'A backtest, while it runs or after',
    'The backtest and its figures so far',
  ),
  'POST /api/moderation-rules/:id/backtests/:backtestId/cancel': op(
    'cancelRuleBacktest',
    'Cancel a running backtest',
    'The backtest as it is now (a finished one is left as it was)',
  ),
};

/** What each error status means, the same for every operation that lists it. */
export const errorDescriptions: Record<number, string> = {
  400: 'Invalid input: `message` names the first problem, `errors` the field each one is in',
  401: 'Not signed in, or the session has ended',
  403: "Not an administrator, or a state-changing call whose Origin (or Referer) is not the server's own",
  404: 'No such record',
  409: "The record's state does not allow this now",
  413: 'The body is too large',
  415: 'The body is not of a type this operation reads',
  421: 'The Host is not one this server answers for',
  429: 'Too many attempts: `Retry-After` says when to try again',
  500: 'An unexpected failure (logged on the server)',
  503: 'The database or the file storage is unavailable: `Retry-After` says when to try again',
  507: 'The file storage refused the file',
};
