import type { FastifyInstance } from 'fastify';

/**
 * The requests someone is waiting for, so that background work (a CSV export) gives way to them.
 * A request counts from its arrival until its response closes, for at most `staleMs`: a response
 * that stays open (the live event stream, another export) stops counting, so background work is
 * never held back for long by it.
 */
export class InteractiveLoad {
  readonly #started = new Map<object, number>();
  #waiters: (() => void)[] = [];
  /** When a request last arrived or was answered. */
  #lastActivity = -Infinity;

  constructor(
    private readonly staleMs = 1000,
    private readonly now = () => performance.now(),
  ) {}

  begin(key: object): void {
    this.#lastActivity = this.now();
    this.#started.set(key, this.#lastActivity);
  }

  end(key: object): void {
    if (!this.#started.delete(key)) return;
    this.#lastActivity = this.now();
    if (this.busy) return;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  /** A request arrived less than `staleMs` ago and has not been answered. */
  get busy(): boolean {
    const since = this.now() - this.staleMs;
    for (const started of this.#started.values()) if (started >= since) return true;
    return false;
  }

  /**
   * Resolves once no request has been in flight for `quietMs`, or after `maxWaitMs` at most (so
   * background work never starves).
   */
  async idle(maxWaitMs: number, quietMs = 0): Promise<void> {
    const deadline = this.now() + maxWaitMs;
    for (;;) {
      const now = this.now();
      if (now >= deadline) return;
      if (!this.busy) {
        const quietFor = now - this.#lastActivity;
        if (quietFor >= quietMs) return;
        await this.#sleep(Math.min(quietMs - quietFor, deadline - now), false);
      } else await this.#sleep(deadline - now, true);
    }
  }

  /** Waits `ms`, or less when `untilIdle` and the last request in flight is answered first. */
  #sleep(ms: number, untilIdle: boolean): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters = this.#waiters.filter((w) => w !== done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      if (untilIdle) this.#waiters.push(done);
    });
  }
}

/** Counts every request but the exports (URLs ending in /export), which are the background work. */
export function registerInteractiveLoad(app: FastifyInstance, load: InteractiveLoad): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.url?.endsWith('/export')) {
      load.begin(request);
      reply.raw.once('close', () => load.end(request));
    }
    done();
  });
}
