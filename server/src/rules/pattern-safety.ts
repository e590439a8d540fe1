import safeRegex from 'safe-regex2';

/**
 * A rule's `matches` pattern is checked before it is saved (docs/decisions/0030-moderation-rules.md):
 * it must compile, case-insensitive and Unicode-aware as the evaluator runs it, and safe-regex2
 * must find no nested quantifier that could backtrack catastrophically, such as `(a+)+`.
 */
export function patternProblem(pattern: string): 'invalid' | 'unsafe' | null {
  let re: RegExp;
  try {
    re = new RegExp(pattern, 'iu');
  } catch {
    return 'invalid';
  }
  return safeRegex(re) ? null : 'unsafe';
}
