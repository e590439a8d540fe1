/**
 * Delivery inside the server gives way to decisions: it waits until none has been committed here
 * for QUIET_MS, but holds back for at most MAX_YIELD_MS in a row, so that a long stream of
 * decisions still has its messages sent meanwhile.
 */
export const QUIET_MS = 300;
export const MAX_YIELD_MS = 15_000;
/**
 * The delivery job is added (or the drain woken) once decisions have been quiet for QUIET_MS, and
 * during a longer stream of them at most this long after the first one waiting: one statement for
 * a whole burst's messages, never on a decision's own path. That is for a worker elsewhere (`npm
 * run worker`, on its own cores); a process that delivers itself waits as its delivery would
 * (MAX_YIELD_MS), so that its worker is not woken during the burst only to wait.
 */
export const MAX_RELAY_DELAY_MS = 1_000;

/**
 * When the decisions of this process leave room for the outbox: `relay` is called once they have
 * been quiet (or maxRelayDelayMs after the first one waiting), and `yield` waits for a quiet
 * moment before an attempt. Delivery and decisions share the process's CPU and the database's.
 */
export class Pacing {
  private lastDecisionAt = -Infinity;
  /** When the first decision not yet relayed was committed. */
  private waitingSince: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private yieldingSince: number | undefined;
  closing = false;
  maxRelayDelayMs = MAX_RELAY_DELAY_MS;

  constructor(
    private readonly quietMs: number,
    private readonly relay: () => void,
  ) {}

  decided(): void {
    const now = performance.now();
    this.lastDecisionAt = now;
    this.waitingSince ??= now;
    this.timer ??= setTimeout(() => this.relayWhenQuiet(), this.quietMs);
  }

  /** Decisions are waiting for their relay (which no longer will come on its own). */
  takeWaiting(): boolean {
    clearTimeout(this.timer);
    this.timer = undefined;
    const waiting = this.waitingSince !== undefined;
    this.waitingSince = undefined;
    return waiting;
  }

  private relayWhenQuiet(): void {
    const now = performance.now();
    const at = Math.min(this.lastDecisionAt + this.quietMs, (this.waitingSince ?? now) + this.maxRelayDelayMs);
    if (at > now) {
      this.timer = setTimeout(() => this.relayWhenQuiet(), at - now);
      return;
    }
    this.timer = undefined;
    this.waitingSince = undefined;
    this.relay();
  }

  /**
   * Waits while decisions are being made in this process: a burst of decisions is answered first,
   * its messages follow it. A separate worker process (`npm run worker`) never waits: it decides
   * nothing.
   */
  async yield(): Promise<void> {
    for (;;) {
      const now = performance.now();
      const quietFor = now - this.lastDecisionAt;
      if (quietFor >= this.quietMs || this.closing) {
        this.yieldingSince = undefined;
        return;
      }
      this.yieldingSince ??= now;
      if (now - this.yieldingSince >= MAX_YIELD_MS) return;
      await new Promise((resolve) => setTimeout(resolve, this.quietMs - quietFor));
    }
  }
}
