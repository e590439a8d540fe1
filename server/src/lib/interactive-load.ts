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

  constructor(
    private readonly staleMs = 1000,
    private readonly now = () => performance.now(),
  ) {}

  begin(key: object): void {
    this.#started.set(key, this.now());
  }

  end(key: object): void {
    if (!this.#started.delete(key) || this.busy) return;
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

  /** Resolves once no request is waiting, or after `maxWaitMs` at most (so background work never starves). */
  idle(maxWaitMs: number): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters = this.#waiters.filter((w) => w !== done);
        resolve();
      };
      const timer = setTimeout(done, maxWaitMs);
      this.#waiters.push(done);
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
