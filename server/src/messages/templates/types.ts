/** What a message says: the decision, the ad's heading and (rejections) the moderator's reason. */
export type MessageKind = 'approved' | 'rejected' | 'deleted';
export type MessageFacts = { heading: string; reason: string | null };

export type EmailTemplate = {
  subject(f: MessageFacts): string;
  text(f: MessageFacts): string;
  /** Receives the facts already HTML-escaped: advertisers write headings, moderators write reasons. */
  html(f: MessageFacts): string;
};

/** One language's messages: a file per language in this folder (en.ts; si.ts and ta.ts to come). */
export type LanguageTemplates = {
  email: Record<MessageKind, EmailTemplate>;
  /** At most 160 characters once rendered; render.ts shortens the heading (then the reason) to fit. */
  sms: Record<MessageKind, (f: MessageFacts) => string>;
};
