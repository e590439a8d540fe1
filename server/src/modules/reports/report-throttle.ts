import type { Clock } from '../../lib/clock';

/**
 * Fixed-window counters in memory (docs/decisions/0034-reports.md): the intake's throttle per token
 * and per reporter address. Per process, like sign-in throttling: a flood is refused before it
 * reaches the database, so it never takes the admins' connections. Old windows are swept as keys
 * come in, so a flood of new addresses holds at most one window's keys.
 */
export class WindowThrottle {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Counts one hit for `key`; false when the key is over its limit in this window. */
  hit(key: string): boolean {
    const now = this.clock().getTime();
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now - (now % this.windowMs);
      this.counts.clear();
    }
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return n <= this.limit;
  }

  /** Seconds until the current window ends (Retry-After). */
  retryAfterSeconds(): number {
    const left = this.windowStart + this.windowMs - this.clock().getTime();
    return Math.max(1, Math.ceil(left / 1000));
  }
}
