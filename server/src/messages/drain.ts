import type { FastifyBaseLogger } from 'fastify';

/** What the drain needs of the outbox. */
export type DrainSource = {
  dueIds(limit: number): Promise<number[]>;
  yieldToDecisions(): Promise<void>;
  deliver(id: number): Promise<void>;
  readonly log: Pick<FastifyBaseLogger, 'warn'>;
};

/** How often queued retries and lost claims are looked for, besides the wake-ups after decisions. */
export const POLL_MS = 30_000;
const DRAIN_BATCH = 20;

/**
 * The embedded database's delivery: one loop in this process (PGlite has one connection and no
 * LISTEN across processes), woken after decisions and every POLL_MS, attempts one at a time with
 * the same claim and retry rules as graphile-worker's jobs.
 */
export class Drain {
  private stopped = false;
  private again = false;
  private kick: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly done: Promise<void>;
  private idle: Array<() => void> = [];

  constructor(private readonly outbox: DrainSource) {
    this.done = this.loop();
  }

  /** Resolves once a pass that started after this call has found nothing more due. */
  wake(): Promise<void> {
    const settled = new Promise<void>((resolve) => this.idle.push(resolve));
    this.again = true;
    this.kick?.();
    return settled;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.kick?.();
    await this.done;
    for (const resolve of this.idle.splice(0)) resolve();
  }

  private async pass(): Promise<void> {
    for (;;) {
      const ids = await this.outbox.dueIds(DRAIN_BATCH);
      for (const id of ids) {
        if (this.stopped) return;
        await this.outbox.yieldToDecisions();
        if (this.stopped) return;
        await this.outbox.deliver(id);
      }
      if (ids.length < DRAIN_BATCH) return;
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      this.again = false;
      const waiting = this.idle.splice(0);
      try {
        await this.pass();
      } catch (err) {
        this.outbox.log.warn({ err }, 'advertiser message delivery pass failed');
      } finally {
        for (const resolve of waiting) resolve();
      }
      if (this.stopped || this.again) continue;
      await new Promise<void>((resolve) => {
        this.kick = resolve;
        this.timer = setTimeout(resolve, POLL_MS);
        this.timer.unref();
      });
      clearTimeout(this.timer);
      this.kick = undefined;
    }
  }
}
