import { z } from 'zod';
import { messages } from './messages';

type Issue = z.core.$ZodRawIssue;

/**
 * The sentence of a field error whose schema names none: the library's own wording ("Invalid option:
 * expected one of …") never reaches a user or an API client. Fields a person fills in carry their
 * own sentence in their schema; this is the floor under every other one.
 */
export function fieldErrorMessage(issue: Issue): string {
  const m = messages.input;
  const sized = (origin: unknown, text: string, number: string, list: string) =>
    origin === 'string' ? text : origin === 'array' || origin === 'set' ? list : number;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? m.required : m.wrongType;
    case 'invalid_value':
      return m.notAnOption;
    case 'too_small':
      return sized(issue.origin, m.textTooShort, m.numberTooSmall, m.tooFewItems);
    case 'too_big':
      return sized(issue.origin, m.textTooLong, m.numberTooLarge, m.tooManyItems);
    case 'invalid_format':
      return m.badFormat;
    case 'unrecognized_keys':
      return m.unknownField(issue.keys.join(', '));
    default:
      return m.invalid;
  }
}

/**
 * Makes fieldErrorMessage the floor of every schema's errors. One zod instance serves the contract,
 * the server and the web app (npm workspaces hoist it). Called once by the server at start-up and by
 * the web app's form helpers, not on import: the screens that only read the contract's constants and
 * messages then load no part of zod.
 */
export function applyFieldErrors(): void {
  z.config({ customError: fieldErrorMessage });
}
