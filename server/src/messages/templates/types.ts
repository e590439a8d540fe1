/**
 * What a message says: the decision, the ad's heading and (rejections) the moderator's reason; or
 * (`report_reply`, to a reporter) the reported ad's heading (empty for a bug report) and the reply.
 */
export type MessageKind = 'approved' | 'rejected' | 'deleted' | 'report_reply';
export type MessageFacts = { heading: string; reason: string | null };

export type EmailTemplate = {
  subject(f: MessageFacts): string;
  text(f: MessageFacts): string;
  /** Receives the facts already HTML-escaped: advertisers write headings, moderators write reasons. */
  html(f: MessageFacts): string;
};

/** One language's messages: a file per language in this folder (en.ts, si.ts, ta.ts). */
export type LanguageTemplates = {
  email: Record<MessageKind, EmailTemplate>;
  /** At most 160 characters once rendered (201 in Unicode); render.ts shortens the reason, then the heading, to fit. */
  sms: Record<MessageKind, (f: MessageFacts) => string>;
};
