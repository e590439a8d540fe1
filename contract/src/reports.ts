import { z } from 'zod';

/**
 * Reports from the public (issue 35; docs/decisions/0034-reports.md). The public site's server sends
 * them to POST /api/public/reports with a bearer token; the Bug Reports screen is their inbox over
 * GET /api/reports and PUT /api/reports/{id}.
 */
export const REPORT_KINDS = ['ad', 'bug'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_REASONS = ['scam', 'duplicate', 'wrong_category', 'prohibited', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATES = ['open', 'resolved', 'dismissed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

export const MAX_REPORT_TEXT = 2_000;
export const MAX_REPORT_PAGE = 2_000;
export const MAX_REPORT_NOTE = 2_000;
export const MAX_REPORT_REPLY = 1_000;
export const MAX_REPORT_SEARCH = 200;
export const REPORTS_PAGE_SIZE = 20;
export const REPORTS_MAX_PAGE_SIZE = 100;
/** The inbox counts its filters' reports up to this many (cheap at any size); a total above it means "more". */
export const REPORTS_COUNT_LIMIT = 10_000;
/** Open reports that put an approved ad in the ads directory's Reported view, unless the setting says otherwise. */
export const DEFAULT_REPORTED_THRESHOLD = 3;
export const REPORTED_THRESHOLD_KEY = 'reported_threshold';

export const reportReasonLabels: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  duplicate: 'Duplicate',
  wrong_category: 'Wrong category',
  prohibited: 'Prohibited item',
  offensive: 'Offensive',
  other: 'Other',
};
export const reportStateLabels: Record<ReportState, string> = {
  open: 'Open',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};
export const reportKindLabels: Record<ReportKind, string> = { ad: 'Ad', bug: 'Bug' };

export const reportMessages = {
  badToken: 'A valid report token is required',
  notFound: 'Report not found',
  adNotFound: 'Advertisement not found',
  adIdRequired: 'An ad report needs the ad',
  adIdNotAllowed: 'A bug report has no ad',
  kind: 'Kind must be ad or bug',
  reason: 'Unknown reason',
  textRequired: 'Please describe the problem',
  textTooLong: `Text must be at most ${MAX_REPORT_TEXT.toLocaleString('en')} characters`,
  pageTooLong: `Page must be at most ${MAX_REPORT_PAGE.toLocaleString('en')} characters`,
  addressRequired: 'The reporter needs an address',
  badEmail: 'Enter a valid email address',
  badPhone: 'Enter a valid phone number',
  badLanguage: 'Language must be en, si or ta',
  fieldTooLong: 'Too long',
  invalidId: 'Invalid id',
  throttled: 'Too many reports; try again later',
  badCursor: 'Invalid cursor',
  noteTooLong: `Note must be at most ${MAX_REPORT_NOTE.toLocaleString('en')} characters`,
  replyTooLong: `Reply must be at most ${MAX_REPORT_REPLY.toLocaleString('en')} characters`,
  replyNeedsClose: 'A reply is sent when the report is resolved or dismissed',
  noReporterAddress: 'The reporter left no email or phone to reply to',
  alreadyClosed: 'This report is already closed',
  searchTooLong: `Search must be at most ${MAX_REPORT_SEARCH} characters`,
  nothingToChange: 'Nothing to change',
  badAssignee: 'Assignee must be yourself or nobody',
  controlChars: 'Control characters are not allowed',
} as const;

// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const lineControl = /[\u0000-\u001f\u007f]/;

const oneLine = (max: number) =>
  z
    .string({ error: reportMessages.fieldTooLong })
    .trim()
    .max(max, reportMessages.fieldTooLong)
    .refine((v) => !lineControl.test(v), reportMessages.controlChars);

/** POST /api/public/reports body. */
export const publicReportBody = z.strictObject({
  kind: z.enum(REPORT_KINDS, { error: reportMessages.kind }),
  adId: z.uuid({ error: reportMessages.adNotFound }).optional(),
  reason: z.enum(REPORT_REASONS, { error: reportMessages.reason }),
  text: z
    .string({ error: reportMessages.textRequired })
    .trim()
    .min(1, reportMessages.textRequired)
    .max(MAX_REPORT_TEXT, reportMessages.textTooLong)
    .refine((v) => !controlChars.test(v), reportMessages.controlChars),
  page: z
    .string({ error: reportMessages.pageTooLong })
    .trim()
    .max(MAX_REPORT_PAGE, reportMessages.pageTooLong)
    .refine((v) => !lineControl.test(v), reportMessages.controlChars)
    .optional(),
  reporter: z
    .strictObject(
      {
        email: z.email({ error: reportMessages.badEmail }).max(254, reportMessages.badEmail).optional(),
        phone: z
          .string({ error: reportMessages.badPhone })
          .trim()
          .regex(/^\+?[0-9 ()-]{7,20}$/, reportMessages.badPhone)
          .optional(),
        /** Where the report came from (the reporter's IP address as the public site saw it). */
        address: oneLine(100).pipe(z.string().min(1, reportMessages.addressRequired)),
        language: z.enum(['en', 'si', 'ta'], { error: reportMessages.badLanguage }).optional(),
      },
      { error: reportMessages.addressRequired },
    )
    .optional(),
});
export type PublicReportBody = z.infer<typeof publicReportBody>;

export const publicReportResponse = z.object({ success: z.literal(true), id: z.string() });

/** The reply's message to the reporter, as the outbox holds it. */
export const reportReplyMessage = z.object({
  channel: z.enum(['email', 'sms']),
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  lastError: z.string().nullable(),
});

export const listedReport = z.object({
  _id: z.string(),
  kind: z.enum(REPORT_KINDS),
  reason: z.enum(REPORT_REASONS),
  text: z.string(),
  page: z.string().nullable(),
  count: z.number().int(),
  state: z.enum(REPORT_STATES),
  /** The ad reported: its heading (kept after a delete) and status (null once deleted). */
  ad: z.object({ _id: z.string().nullable(), heading: z.string(), status: z.string().nullable() }).optional(),
  reporter: z
    .object({ email: z.string().nullable(), phone: z.string().nullable(), address: z.string().nullable() })
    .optional(),
  assignee: z.object({ _id: z.string(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  reply: z.string().nullable(),
  replies: z.array(reportReplyMessage),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type ListedReport = z.infer<typeof listedReport>;

/** GET /api/reports: newest first, keyset-paged by `cursor` (the previous page's `nextCursor`). */
export const reportListQuery = z.strictObject({
  kind: z.enum(REPORT_KINDS, { error: reportMessages.kind }).optional(),
  reason: z.enum(REPORT_REASONS, { error: reportMessages.reason }).optional(),
  state: z.enum(REPORT_STATES).optional(),
  /** Reports of one ad (the ads directory's Reported view). */
  adId: z.uuid({ error: reportMessages.invalidId }).optional(),
  q: z
    .string()
    .trim()
    .max(MAX_REPORT_SEARCH, reportMessages.searchTooLong)
    .refine((v) => !lineControl.test(v), reportMessages.controlChars)
    .optional(),
  cursor: z.string().max(200, reportMessages.badCursor).optional(),
  pageSize: z.coerce.number().int().min(1).max(REPORTS_MAX_PAGE_SIZE).default(REPORTS_PAGE_SIZE),
});
export type ReportListQuery = z.infer<typeof reportListQuery>;
export type ReportListParams = z.input<typeof reportListQuery>;

export const reportListResponse = z.object({
  success: z.literal(true),
  reports: z.array(listedReport),
  /**
   * On the first page only (a count of the filters' reports); absent further on. Counted up to
   * REPORTS_COUNT_LIMIT + 1: a total above REPORTS_COUNT_LIMIT means more than that many.
   */
  total: z.number().int().optional(),
  nextCursor: z.string().optional(),
});
export type ReportListResponse = z.infer<typeof reportListResponse>;

/** PUT /api/reports/{id}: `assignee` is the caller's own id or null; `reply` goes with resolving or dismissing. */
export const reportUpdateBody = z.strictObject({
  state: z.enum(REPORT_STATES).optional(),
  assignee: z.uuid({ error: reportMessages.badAssignee }).nullable().optional(),
  note: z
    .string()
    .trim()
    .max(MAX_REPORT_NOTE, reportMessages.noteTooLong)
    .refine((v) => !controlChars.test(v), reportMessages.controlChars)
    .optional(),
  reply: z
    .string()
    .trim()
    .min(1)
    .max(MAX_REPORT_REPLY, reportMessages.replyTooLong)
    .refine((v) => !controlChars.test(v), reportMessages.controlChars)
    .optional(),
});
export type ReportUpdateBody = z.infer<typeof reportUpdateBody>;

export const reportUpdateResponse = z.object({ success: z.literal(true), report: listedReport });
export type ReportUpdateResponse = z.infer<typeof reportUpdateResponse>;

/** POST /api/advertisements/{id}/dismiss-reports: the approved ad's open reports dismissed (the Reported view). */
export const dismissReportsResponse = z.object({ success: z.literal(true), dismissed: z.number().int() });

/**
 * GET and PUT /api/reports/settings (the inbox's Settings dialog, administrators): the open reports
 * that put an approved ad in the Reported view, and the days a strike stays active.
 */
export const MAX_REPORTED_THRESHOLD = 1_000;
export const MAX_STRIKE_EXPIRY_DAYS = 3_650;
export const reportSettingsMessages = {
  threshold: `Enter a whole number from 1 to ${MAX_REPORTED_THRESHOLD.toLocaleString('en')}`,
  expiry: `Enter a whole number of days from 1 to ${MAX_STRIKE_EXPIRY_DAYS.toLocaleString('en')}`,
} as const;
const wholeFrom1 = (max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message });
export const reportSettings = z.strictObject({
  reportedThreshold: wholeFrom1(MAX_REPORTED_THRESHOLD, reportSettingsMessages.threshold),
  strikeExpiryDays: wholeFrom1(MAX_STRIKE_EXPIRY_DAYS, reportSettingsMessages.expiry),
});
export type ReportSettings = z.infer<typeof reportSettings>;
export const reportSettingsResponse = z.object({
  success: z.literal(true),
  settings: z.object({ reportedThreshold: z.number().int(), strikeExpiryDays: z.number().int() }),
});
export type ReportSettingsResponse = z.infer<typeof reportSettingsResponse>;
