/**
 * Text as the phrase and duplicate signals compare it: Unicode-normalised (NFKC), lower case,
 * without zero-width characters, in tokens of letters and digits with their place in the original.
 * Inside a word, the usual character swaps are undone (w0rk, pr1ze, l@ttery, $end), and Singlish
 * spellings are folded where it is cheap (th → t, w → v, ee → i, oo → u, doubled letters single),
 * so that "gedara idan wada" and "gedhara idhan vaada" read the same. Sinhala and Tamil words are
 * kept as they are, without zero-width joiners.
 */
export interface Token {
  /** The folded form that is compared. */
  norm: string;
  start: number;
  end: number;
  latin: boolean;
}

const zeroWidth = /[\u00ad\u200b-\u200f\u2060\ufeff]/g;
const tokenPattern = /[\p{L}\p{M}\p{N}@$!|\u200b-\u200f\u2060\ufeff\u00ad]+/gu;
const swaps: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
};

/** A Latin word in its folded Singlish form; the same function folds the lists and the ads. */
export function foldLatin(word: string): string {
  return word
    .replace(/[013457@$!|]/g, (c) => swaps[c]!)
    .replace(/(.)\1{2,}/g, '$1')
    .replace(/th/g, 't')
    .replace(/dh/g, 'd')
    .replace(/w/g, 'v')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/aa/g, 'a')
    .replace(/ae/g, 'e')
    .replace(/ck/g, 'k')
    .replace(/([a-z])\1/g, '$1');
}

/**
 * The texts tokenised last, and their tokens: an ad's heading and details are read by the MinHash
 * signature and again by the risky phrases, and folding them is most of the analysis's CPU.
 */
const recent = new Map<string, readonly Token[]>();
const RECENT = 8;

/** The tokens of a text, each with its folded form and its range in the original (not to be changed). */
export function tokenise(text: string): readonly Token[] {
  const known = recent.get(text);
  if (known) return known;
  const tokens = tokenize(text);
  if (recent.size >= RECENT) recent.delete(recent.keys().next().value!);
  recent.set(text, tokens);
  return tokens;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(tokenPattern)) {
    // A symbol at a word's edge is punctuation ("daily!", "@home"), not a letter in disguise.
    const raw = m[0]
      .normalize('NFKC')
      .toLowerCase()
      .replace(zeroWidth, '')
      .replace(/^[@$!|]+|[@$!|]+$/g, '');
    if (!raw) continue;
    const hasLetter = /\p{L}/u.test(raw);
    const latin = hasLetter && /^\p{ASCII}*$/u.test(raw);
    // A number stays a number; a word with digits or symbols in it is a word in disguise.
    let norm = latin ? foldLatin(raw) : hasLetter ? raw : raw.replace(/[^\p{N}]/gu, '');
    if (!latin && hasLetter) norm = norm.replace(/[@$!|]/g, '');
    const lead = /^[@$!|]*/.exec(m[0])![0].length;
    const trail = /[@$!|]*$/.exec(m[0])![0].length;
    if (norm) tokens.push({ norm, start: m.index + lead, end: m.index + m[0].length - trail, latin });
  }
  return tokens;
}
