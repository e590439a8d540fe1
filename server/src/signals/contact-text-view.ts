import numberWords from './data/number-words.json' with { type: 'json' };

/**
 * The text as a phone-number reader should see it, with a map back to the original characters:
 * digits spelt out ("zero seven seven …", "double one", Sinhala, Tamil and Singlish number words,
 * data/number-words.json) become digits, and look-alike letters inside a digit group ("O77 l23")
 * become the digits they stand for. Everything else is left as it is.
 */
export interface TextView {
  text: string;
  /** The original text's range behind each character of `text`. */
  from: Array<[number, number]>;
}

const digitWords = new Map(Object.entries(numberWords.digits).map(([w, d]) => [w.normalize('NFC'), String(d)]));
const repeatWords = new Map(Object.entries(numberWords.repeat).map(([w, n]) => [w.normalize('NFC'), n]));
/** A spelt-out run must give at least this many digits: fewer is no phone number, and leaves "one two" alone. */
const MIN_SPELT_DIGITS = 9;

interface Replacement {
  start: number;
  end: number;
  text: string;
}

const tokenPattern = /[\p{L}\p{M}\u200c\u200d]+|\d+/gu;
const between = /^[\s,.\-–/*_:;]*$/;

/** Runs of number words (and digit groups) that spell out a number of nine or more digits. */
function speltNumbers(text: string): Replacement[] {
  const out: Replacement[] = [];
  let run: { start: number; end: number; digits: string[]; words: number } | null = null;
  let pendingRepeat = 0;
  const close = () => {
    // The words' digits stay apart ("0 7 7 … 126"): the reader can still end the number before a
    // figure that follows it ("… දෙක  126GB").
    if (run && run.words > 0 && run.digits.join('').length >= MIN_SPELT_DIGITS)
      out.push({ start: run.start, end: run.end, text: run.digits.join(' ') });
    run = null;
    pendingRepeat = 0;
  };
  for (const m of text.matchAll(tokenPattern)) {
    const token = m[0].toLowerCase().normalize('NFC');
    const start = m.index;
    const end = start + m[0].length;
    const isDigits = /^\d+$/.test(token);
    const digit = isDigits ? token : digitWords.get(token);
    const repeat = repeatWords.get(token);
    if (run && !between.test(text.slice(run.end, start))) close();
    if (repeat !== undefined) {
      run ??= { start, end, digits: [], words: 0 };
      run.end = end;
      pendingRepeat = repeat;
      continue;
    }
    if (digit === undefined || (isDigits && token.length > 4 && run?.words === 0)) {
      close();
      continue;
    }
    run ??= { start, end, digits: [], words: 0 };
    run.end = end;
    run.digits.push(pendingRepeat > 0 && digit.length === 1 ? digit.repeat(pendingRepeat) : digit);
    if (!isDigits || pendingRepeat > 0) run.words++;
    pendingRepeat = 0;
  }
  close();
  return out;
}

/** Digit groups with a letter standing in for a digit: O or o for 0, l, I or | for 1 ("O77 l23 4567"). */
function lookAlikeDigits(text: string): Replacement[] {
  const out: Replacement[] = [];
  for (const m of text.matchAll(/(?<![\p{L}\d])[\dOoIl|]{3,}(?![\p{L}\d])/gu)) {
    const digits = m[0].replace(/\D/g, '').length;
    if (digits >= 2 && digits < m[0].length) {
      out.push({ start: m.index, end: m.index + m[0].length, text: m[0].replace(/[Oo]/g, '0').replace(/[Il|]/g, '1') });
    }
  }
  return out;
}

export function phoneView(text: string): TextView {
  // "O77 l23 4567" is a digit group in disguise, not the word "o" and two numbers.
  const lookAlikes = lookAlikeDigits(text);
  const overlaps = (r: Replacement) => lookAlikes.some((s) => r.start < s.end && s.start < r.end);
  const replacements = [...lookAlikes, ...speltNumbers(text).filter((r) => !overlaps(r))].sort(
    (a, b) => a.start - b.start,
  );
  let out = '';
  const from: Array<[number, number]> = [];
  let at = 0;
  for (const r of replacements) {
    for (; at < r.start; at++) {
      out += text[at];
      from.push([at, at + 1]);
    }
    out += r.text;
    for (let i = 0; i < r.text.length; i++) from.push([r.start, r.end]);
    at = r.end;
  }
  for (; at < text.length; at++) {
    out += text[at];
    from.push([at, at + 1]);
  }
  return { text: out, from };
}

/** The original range behind the view's characters [start, end). */
export function originalRange(view: TextView, start: number, end: number): [number, number] {
  return [view.from[start]![0], view.from[end - 1]![1]];
}
