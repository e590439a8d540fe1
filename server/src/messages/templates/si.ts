import type { LanguageTemplates } from './types';

// Sinhala (සිංහල): plain and polite, as the marketplace writes to its advertisers. The heading and
// the reason are inserted as they were written, never translated.
const layout = (body: string) =>
  `<!doctype html><html lang="si"><body style="font-family:sans-serif;line-height:1.6">${body}</body></html>`;

export const si: LanguageTemplates = {
  email: {
    approved: {
      subject: (f) => `ඔබගේ දැන්වීම දැන් පළ වී ඇත: ${f.heading}`,
      text: (f) => `සුබ පුවතක්: ඔබගේ "${f.heading}" දැන්වීම අනුමත කර ඇති අතර, එය දැන් පළ වී ඇත.\n\nස්තූතියි.\n`,
      html: (f) =>
        layout(`<p>සුබ පුවතක්: ඔබගේ <strong>${f.heading}</strong> දැන්වීම අනුමත කර ඇති අතර, එය දැන් පළ වී ඇත.</p><p>ස්තූතියි.</p>`),
    },
    rejected: {
      subject: (f) => `ඔබගේ දැන්වීම අනුමත කිරීමට නොහැකි විය: ${f.heading}`,
      text: (f) =>
        `කණගාටුයි, ඔබගේ "${f.heading}" දැන්වීම අනුමත කිරීමට නොහැකි විය.\n\nහේතුව:\n${f.reason ?? ''}\n\nකරුණාකර මෙය නිවැරදි කර නැවත පළ කරන්න.\n`,
      html: (f) =>
        layout(
          `<p>කණගාටුයි, ඔබගේ <strong>${f.heading}</strong> දැන්වීම අනුමත කිරීමට නොහැකි විය.</p><p>හේතුව:</p><blockquote style="white-space:pre-wrap">${f.reason ?? ''}</blockquote><p>කරුණාකර මෙය නිවැරදි කර නැවත පළ කරන්න.</p>`,
        ),
    },
    deleted: {
      subject: (f) => `ඔබගේ දැන්වීම ඉවත් කර ඇත: ${f.heading}`,
      text: (f) => `ඔබගේ "${f.heading}" දැන්වීම ඉවත් කර ඇති බව කාරුණිකව දන්වමු.\n`,
      html: (f) => layout(`<p>ඔබගේ <strong>${f.heading}</strong> දැන්වීම ඉවත් කර ඇති බව කාරුණිකව දන්වමු.</p>`),
    },
    report_reply: {
      subject: (f) => (f.heading ? `ඔබගේ පැමිණිල්ල පිළිබඳව: ${f.heading}` : 'ඔබගේ පැමිණිල්ල පිළිබඳව'),
      text: (f) => `${f.heading ? `"${f.heading}" පිළිබඳව ` : ''}ඔබ එවූ පැමිණිල්ලට ස්තූතියි.\n\n${f.reason ?? ''}\n`,
      html: (f) =>
        layout(
          `<p>${f.heading ? `<strong>${f.heading}</strong> පිළිබඳව ` : ''}ඔබ එවූ පැමිණිල්ලට ස්තූතියි.</p><p style="white-space:pre-wrap">${f.reason ?? ''}</p>`,
        ),
    },
  },
  sms: {
    approved: (f) => `ඔබගේ "${f.heading}" දැන්වීම අනුමත කර ඇති අතර, දැන් පළ වී ඇත. ස්තූතියි.`,
    rejected: (f) => `කණගාටුයි, ඔබගේ "${f.heading}" දැන්වීම අනුමත කිරීමට නොහැකි විය. හේතුව: ${f.reason ?? ''}`,
    deleted: (f) => `ඔබගේ "${f.heading}" දැන්වීම ඉවත් කර ඇති බව කාරුණිකව දන්වමු.`,
    report_reply: (f) => `ඔබගේ පැමිණිල්ල පිළිබඳව${f.heading ? ` ("${f.heading}")` : ''}: ${f.reason ?? ''}`,
  },
};
