import type { SignalOf, TextSpan } from './signal-types';

/** The words the panel uses for a signal's evidence (docs/product.md#ads-moderation). */

export const fieldNames: Record<TextSpan['field'], string> = { heading: 'Heading', details: 'Details' };

export const contactTypes: Record<string, string> = {
  phone: 'phone number',
  email: 'email',
  url: 'web address',
  handle: 'messenger handle',
};

const languages: Record<string, string> = { en: 'English', si: 'Sinhala', ta: 'Tamil', singlish: 'Singlish' };
export const languageName = (code: string) => languages[code] ?? code;

/** A phrase list's category as words: `advance_payment` → `Advance payment`. */
export function categoryName(category: string): string {
  const words = category.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : category;
}

export const invalidPhoneReasons: Record<SignalOf<'invalid_phone'>['evidence']['reason'], string> = {
  unreadable: 'cannot be read as a phone number',
  not_sri_lankan: 'is not a Sri Lankan number',
  not_valid: 'is not a valid Sri Lankan number',
};

/** `0.92` → `92 %`. */
export const percent = (similarity: number) => `${Math.round(similarity * 100)} %`;

/** How old an account was when the ad was posted: `40 min`, `5 h`, `3 d`. */
export function accountAge(hours: number): string {
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `${Math.round(hours)} h`;
  return `${Math.round(hours / 24)} d`;
}

export interface Piece {
  text: string;
  /** Marked: the evidence itself. */
  marked: boolean;
}

/** Characters of context kept on each side of a match in an excerpt. */
const CONTEXT = 40;

/**
 * A field's text cut into plain and marked pieces for `spans` (overlapping or out-of-range spans
 * are clipped), with at most CONTEXT characters of context around each match and `…` where text
 * was left out.
 */
export function excerptPieces(text: string, spans: ReadonlyArray<Pick<TextSpan, 'start' | 'end'>>): Piece[] {
  const ranges = spans
    .map((s) => ({
      start: Math.max(0, Math.min(s.start, text.length)),
      end: Math.max(0, Math.min(s.end, text.length)),
    }))
    .filter((r) => r.end > r.start)
    .sort((a, b) => a.start - b.start);
  const pieces: Piece[] = [];
  let at = 0;
  // A chunk after a match keeps its beginning, one before a match its end.
  const plain = (from: number, to: number, afterMatch: boolean, beforeMatch: boolean) => {
    if (to <= from) return;
    const chunk = text.slice(from, to);
    if (chunk.length <= 2 * CONTEXT + 1 || (!afterMatch && !beforeMatch)) pieces.push({ text: chunk, marked: false });
    else if (!afterMatch) pieces.push({ text: `…${chunk.slice(-CONTEXT)}`, marked: false });
    else if (!beforeMatch) pieces.push({ text: `${chunk.slice(0, CONTEXT)}…`, marked: false });
    else pieces.push({ text: `${chunk.slice(0, CONTEXT)} … ${chunk.slice(-CONTEXT)}`, marked: false });
  };
  for (const r of ranges) {
    const start = Math.max(r.start, at);
    if (r.end <= start) continue;
    plain(at, start, pieces.length > 0, true);
    pieces.push({ text: text.slice(start, r.end), marked: true });
    at = r.end;
  }
  plain(at, text.length, pieces.length > 0, false);
  return pieces;
}
