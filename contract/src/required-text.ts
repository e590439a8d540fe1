import { z } from 'zod';
import { multiLine } from './text-rules';

// PostgreSQL text cannot hold NUL; one-line fields have no use for any control character.
// eslint-disable-next-line no-control-regex
export const lineControlChars = /[\u0000-\u001f\u007f]/;
// Multi-line text keeps tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex
export const textControlChars = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export type RequiredTextOptions = {
  max: number;
  required: string;
  tooLong: string;
  controlChars: string;
  multiline?: boolean;
};

/** A required, trimmed text field of a form, with its area's messages (packages, duties). */
export function requiredText(opts: RequiredTextOptions) {
  const schema = z
    .string({ error: opts.required })
    .trim()
    .min(1, opts.required)
    .max(opts.max, opts.tooLong)
    .refine((v) => !(opts.multiline ? textControlChars : lineControlChars).test(v), opts.controlChars)
    // The two refinements as the OpenAPI document states them: not blank, no control character.
    .meta({ pattern: '\\S', not: { pattern: (opts.multiline ? textControlChars : lineControlChars).source } });
  return opts.multiline ? multiLine(schema) : schema;
}
