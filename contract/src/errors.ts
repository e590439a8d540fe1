import { z } from 'zod';

/** docs/decisions/0013-errors-and-validation.md: every error leaves the server in this shape. */
export const errorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** A refused CSV import (contract/src/list-csv.ts): every bad line, its number and what is wrong. */
  lines: z.array(z.object({ line: z.number().int(), reason: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
