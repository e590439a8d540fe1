import type { LanguageTemplates } from './types';

const layout = (body: string) =>
  `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${body}</body></html>`;

export const en: LanguageTemplates = {
  email: {
    approved: {
      subject: (f) => `Your ad is live: ${f.heading}`,
      text: (f) => `Good news: your ad "${f.heading}" was approved and is now live.\n`,
      html: (f) => layout(`<p>Good news: your ad <strong>${f.heading}</strong> was approved and is now live.</p>`),
    },
    rejected: {
      subject: (f) => `Your ad was not approved: ${f.heading}`,
      text: (f) => `Your ad "${f.heading}" was not approved.\n\nReason:\n${f.reason ?? ''}\n`,
      html: (f) =>
        layout(
          `<p>Your ad <strong>${f.heading}</strong> was not approved.</p><p>Reason:</p><blockquote style="white-space:pre-wrap">${f.reason ?? ''}</blockquote>`,
        ),
    },
    deleted: {
      subject: (f) => `Your ad was removed: ${f.heading}`,
      text: (f) => `Your ad "${f.heading}" was removed.\n`,
      html: (f) => layout(`<p>Your ad <strong>${f.heading}</strong> was removed.</p>`),
    },
    report_reply: {
      subject: (f) => (f.heading ? `About your report: ${f.heading}` : 'About your report'),
      text: (f) => `Thank you for your report${f.heading ? ` about "${f.heading}"` : ''}.\n\n${f.reason ?? ''}\n`,
      html: (f) =>
        layout(
          `<p>Thank you for your report${f.heading ? ` about <strong>${f.heading}</strong>` : ''}.</p><p style="white-space:pre-wrap">${f.reason ?? ''}</p>`,
        ),
    },
  },
  sms: {
    approved: (f) => `Your ad "${f.heading}" was approved and is now live.`,
    rejected: (f) => `Your ad "${f.heading}" was not approved. Reason: ${f.reason ?? ''}`,
    deleted: (f) => `Your ad "${f.heading}" was removed.`,
    report_reply: (f) => `About your report${f.heading ? ` on "${f.heading}"` : ''}: ${f.reason ?? ''}`,
  },
};
