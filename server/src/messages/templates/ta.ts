import type { LanguageTemplates } from './types';

// Tamil (தமிழ்): plain and polite, as the marketplace writes to its advertisers. The heading and
// the reason are inserted as they were written, never translated.
const layout = (body: string) =>
  `<!doctype html><html lang="ta"><body style="font-family:sans-serif;line-height:1.6">${body}</body></html>`;

export const ta: LanguageTemplates = {
  email: {
    approved: {
      subject: (f) => `உங்கள் விளம்பரம் இப்போது வெளியிடப்பட்டுள்ளது: ${f.heading}`,
      text: (f) => `நற்செய்தி: உங்கள் "${f.heading}" விளம்பரம் அங்கீகரிக்கப்பட்டு, இப்போது வெளியிடப்பட்டுள்ளது.\n\nநன்றி.\n`,
      html: (f) =>
        layout(
          `<p>நற்செய்தி: உங்கள் <strong>${f.heading}</strong> விளம்பரம் அங்கீகரிக்கப்பட்டு, இப்போது வெளியிடப்பட்டுள்ளது.</p><p>நன்றி.</p>`,
        ),
    },
    rejected: {
      subject: (f) => `உங்கள் விளம்பரம் அங்கீகரிக்கப்படவில்லை: ${f.heading}`,
      text: (f) =>
        `மன்னிக்கவும், உங்கள் "${f.heading}" விளம்பரத்தை அங்கீகரிக்க இயலவில்லை.\n\nகாரணம்:\n${f.reason ?? ''}\n\nதயவுசெய்து இதைத் திருத்தி மீண்டும் வெளியிடுங்கள்.\n`,
      html: (f) =>
        layout(
          `<p>மன்னிக்கவும், உங்கள் <strong>${f.heading}</strong> விளம்பரத்தை அங்கீகரிக்க இயலவில்லை.</p><p>காரணம்:</p><blockquote style="white-space:pre-wrap">${f.reason ?? ''}</blockquote><p>தயவுசெய்து இதைத் திருத்தி மீண்டும் வெளியிடுங்கள்.</p>`,
        ),
    },
    deleted: {
      subject: (f) => `உங்கள் விளம்பரம் நீக்கப்பட்டது: ${f.heading}`,
      text: (f) => `உங்கள் "${f.heading}" விளம்பரம் நீக்கப்பட்டது என்பதைத் தெரிவித்துக்கொள்கிறோம்.\n`,
      html: (f) => layout(`<p>உங்கள் <strong>${f.heading}</strong> விளம்பரம் நீக்கப்பட்டது என்பதைத் தெரிவித்துக்கொள்கிறோம்.</p>`),
    },
    report_reply: {
      subject: (f) => (f.heading ? `உங்கள் புகார் குறித்து: ${f.heading}` : 'உங்கள் புகார் குறித்து'),
      text: (f) => `${f.heading ? `"${f.heading}" குறித்த ` : ''}உங்கள் புகாருக்கு நன்றி.\n\n${f.reason ?? ''}\n`,
      html: (f) =>
        layout(
          `<p>${f.heading ? `<strong>${f.heading}</strong> குறித்த ` : ''}உங்கள் புகாருக்கு நன்றி.</p><p style="white-space:pre-wrap">${f.reason ?? ''}</p>`,
        ),
    },
  },
  sms: {
    approved: (f) => `உங்கள் "${f.heading}" விளம்பரம் அங்கீகரிக்கப்பட்டு, இப்போது வெளியிடப்பட்டுள்ளது. நன்றி.`,
    rejected: (f) => `மன்னிக்கவும், உங்கள் "${f.heading}" விளம்பரத்தை அங்கீகரிக்க இயலவில்லை. காரணம்: ${f.reason ?? ''}`,
    deleted: (f) => `உங்கள் "${f.heading}" விளம்பரம் நீக்கப்பட்டது என்பதைத் தெரிவித்துக்கொள்கிறோம்.`,
    report_reply: (f) => `உங்கள் புகார் குறித்து${f.heading ? ` ("${f.heading}")` : ''}: ${f.reason ?? ''}`,
  },
};
