export type ErrorLike = { code?: string; constraint?: string; message?: string; cause?: unknown };

/**
 * The error and the errors it wraps through `cause`, outermost first: Drizzle and the pool wrap
 * the database's own error, whose `code` and `constraint` are what callers decide on. The depth is
 * bounded so a cyclic `cause` cannot loop.
 */
export function* errorChain(error: unknown, depth = 4): Generator<ErrorLike> {
  for (let e = error, level = 0; e && level < depth; level++) {
    yield e as ErrorLike;
    e = (e as ErrorLike).cause;
  }
}

/** True when the error, or one it wraps, is PostgreSQL's unique violation on `index`. */
export function isUniqueViolation(error: unknown, index: string): boolean {
  for (const e of errorChain(error)) if (e.code === '23505' && e.constraint === index) return true;
  return false;
}
