import en from './data/risky-phrases/en.json' with { type: 'json' };
import si from './data/risky-phrases/si.json' with { type: 'json' };
import singlish from './data/risky-phrases/singlish.json' with { type: 'json' };
import ta from './data/risky-phrases/ta.json' with { type: 'json' };
import { tokenise, type Token } from './text-normalise';
import type { AdText, SignalModule, TextSpan } from './types';

/**
 * `risky_phrase`: the words of the usual scams (advance payment, pay to apply, work from home,
 * lottery or prize, crypto investment …) in English, Sinhala, Tamil and Singlish. The lists ship
 * as data files (data/risky-phrases/<language>.json, `{ category: [phrases] }`); admins' own lists
 * come in the same shape. Text and phrases are read by the same tokeniser (text-normalise.ts), and
 * a phrase matches a run of whole words written with any spacing, even none ("workfromhome",
 * "w o r k  f r o m  h o m e"): the phrase, spaces removed, must start where a word starts and
 * end where a word ends, or inside a word for Sinhala and Tamil (their suffixes) and for long
 * Latin words (payment → payments).
 */
export type PhraseList = Record<string, string[] | string>;
export interface PhraseEntry {
  phrase: string;
  category: string;
  language: string;
}
export interface RiskyPhraseEvidence extends TextSpan, PhraseEntry {}

interface Compiled extends PhraseEntry {
  compact: string;
  openEnd: boolean;
}

export const shippedPhraseLists: Record<string, PhraseList> = { en, si, ta, singlish };

export function compilePhrases(lists: Record<string, PhraseList> = shippedPhraseLists): Compiled[] {
  const out: Compiled[] = [];
  for (const [language, list] of Object.entries(lists)) {
    for (const [category, phrases] of Object.entries(list)) {
      if (!Array.isArray(phrases)) continue; // "_comment"
      for (const phrase of phrases) {
        const tokens = tokenise(phrase);
        const last = tokens.at(-1);
        if (!last) continue;
        const openEnd = !last.latin || last.norm.length >= 6;
        out.push({ phrase, category, language, compact: tokens.map((t) => t.norm).join(''), openEnd });
      }
    }
  }
  return out;
}

/** The words of a field run together, with where each word starts and ends in that run. */
function compactText(tokens: readonly Token[]) {
  let text = '';
  const starts = new Map<number, Token>();
  const ends = new Map<number, Token>();
  for (const t of tokens) {
    starts.set(text.length, t);
    text += t.norm;
    ends.set(text.length, t);
  }
  return { text, starts, ends };
}

function phrasesInField(field: keyof AdText, original: string, phrases: Compiled[]): RiskyPhraseEvidence[] {
  const { text, starts, ends } = compactText(tokenise(original));
  const out: RiskyPhraseEvidence[] = [];
  for (const p of phrases) {
    for (let at = text.indexOf(p.compact); at >= 0; at = text.indexOf(p.compact, at + 1)) {
      const first = starts.get(at);
      const endAt = at + p.compact.length;
      let last = ends.get(endAt);
      if (!last && p.openEnd) last = [...ends.entries()].find(([e]) => e > endAt)?.[1];
      if (!first || !last) continue;
      const span = { field, start: first.start, end: last.end };
      if (out.some((o) => o.start === span.start && o.end === span.end && o.field === field)) continue;
      out.push({
        ...span,
        text: original.slice(span.start, span.end),
        phrase: p.phrase,
        category: p.category,
        language: p.language,
      });
      break;
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Every listed phrase in the ad's heading and details. */
export function findRiskyPhrases(ad: AdText, phrases: Compiled[] = defaultPhrases): RiskyPhraseEvidence[] {
  return [...phrasesInField('heading', ad.heading, phrases), ...phrasesInField('details', ad.details, phrases)];
}

const defaultPhrases = compilePhrases();

/** The module with the shipped lists, or with `phrases` (compilePhrases of admins' lists). */
export function riskyPhraseModule(
  phrases: Compiled[] = defaultPhrases,
): SignalModule<AdText, { phrases: RiskyPhraseEvidence[] }> {
  return {
    kind: 'risky_phrase',
    detect(ad) {
      const found = findRiskyPhrases(ad, phrases);
      // Two phrases of different scams weigh more than one: 0.7 for one category, 1 for two or more.
      const categories = new Set(found.map((f) => f.category)).size;
      return found.length
        ? [{ kind: 'risky_phrase', strength: categories > 1 ? 1 : 0.7, evidence: { phrases: found } }]
        : [];
    },
  };
}
export const riskyPhrase = riskyPhraseModule();
