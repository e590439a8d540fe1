/**
 * How an SMS travels (docs/decisions/0035-strikes-and-languages.md): in the GSM 7-bit alphabet
 * when every character is in it (160 a message, 153 a part once split), else as Unicode (UCS-2:
 * 70 a message, 67 a part once split, the rest of the 140 bytes holding the header that joins the
 * parts). Sinhala and Tamil are always Unicode. A part never ends inside a letter: a Sinhala or
 * Tamil consonant keeps its vowel signs, an emoji its two halves.
 */
export type SmsEncoding = 'gsm7' | 'ucs2';
export type SmsParts = { encoding: SmsEncoding; parts: string[] };

export const GSM7_SINGLE = 160;
export const GSM7_PART = 153;
export const UCS2_SINGLE = 70;
export const UCS2_PART = 67;

// GSM 03.38: the basic set, and the extension set whose characters take two septets.
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';
const basic = new Set(GSM7_BASIC);
const extended = new Set(GSM7_EXTENDED);

export function smsEncoding(text: string): SmsEncoding {
  for (const c of text) if (!basic.has(c) && !extended.has(c)) return 'ucs2';
  return 'gsm7';
}

/** The text's length in the encoding's units: septets (an extension character is two) or UTF-16 units. */
export function smsUnits(text: string, encoding: SmsEncoding = smsEncoding(text)): number {
  if (encoding === 'ucs2') return text.length;
  let n = 0;
  for (const c of text) n += extended.has(c) ? 2 : 1;
  return n;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The parts the text is sent in: one when it fits a single message, else parts of at most 153
 * septets or 67 UTF-16 units, each cut between letters (grapheme clusters). A letter longer than a
 * part (never in practice) is cut between code points.
 */
export function splitSms(text: string): SmsParts {
  const encoding = smsEncoding(text);
  const single = encoding === 'gsm7' ? GSM7_SINGLE : UCS2_SINGLE;
  if (smsUnits(text, encoding) <= single) return { encoding, parts: [text] };
  const max = encoding === 'gsm7' ? GSM7_PART : UCS2_PART;
  const parts: string[] = [];
  let part = '';
  let units = 0;
  for (const { segment } of graphemes.segment(text)) {
    const n = smsUnits(segment, encoding);
    if (units + n > max && part) {
      parts.push(part);
      part = '';
      units = 0;
    }
    if (n > max) {
      for (const c of segment) {
        const m = smsUnits(c, encoding);
        if (units + m > max) {
          parts.push(part);
          part = '';
          units = 0;
        }
        part += c;
        units += m;
      }
      continue;
    }
    part += segment;
    units += n;
  }
  if (part) parts.push(part);
  return { encoding, parts };
}
