import { AsyncLocalStorage } from 'node:async_hooks';

type Waiter = { order: number; seq: number; start: () => void };

/**
 * Serves the embedded database's statements in the order their requests arrived (docs/decisions/0008).
 *
 * PGlite runs one statement at a time, and its own queue serves statements first come, first served.
 * A request runs several statements one after another (session look-up, page, totals), and each of
 * them went to the back of that queue: at 50 connections a request's fifth statement waited behind
 * every statement the other 49 requests had issued meanwhile, and a few requests waited 10 s. Here
 * each request takes a number when it arrives (`ticket`, kept in `context` for everything the request
 * runs), and the next statement to run is always the one of the earliest request: a request that has
 * started finishes before later ones take the database. Statements outside a request (start-up, the
 * session purge) take a number when they are queued. Within a request, first come, first served.
 */
export class RequestOrder {
  readonly context = new AsyncLocalStorage<number>();
  #tickets = 0;
  #seq = 0;
  #busy = false;
  #waiting: Waiter[] = [];

  /** A number for a new request; later requests get larger numbers. */
  ticket(): number {
    return this.#tickets++;
  }

  /** Runs `fn` alone, when no earlier request has a statement waiting. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.#acquire(this.context.getStore() ?? this.ticket());
    try {
      return await fn();
    } finally {
      this.#release();
    }
  }

  /** How many statements wait (for tests and diagnostics). */
  get waiting(): number {
    return this.#waiting.length;
  }

  #acquire(order: number): Promise<void> {
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve();
    }
    return new Promise((start) => this.#waiting.push({ order, seq: this.#seq++, start }));
  }

  #release(): void {
    if (this.#waiting.length === 0) {
      this.#busy = false;
      return;
    }
    // Through the event loop: statements handed on in one chain of promises kept it from accepting
    // connections and reading requests until the whole queue had run (a new connection waited 9 s).
    setImmediate(() => this.#startEarliest());
  }

  /** Starts the earliest request's first waiting statement (chosen now: one may have come meanwhile). */
  #startEarliest(): void {
    let first = 0;
    for (let i = 1; i < this.#waiting.length; i++) {
      const w = this.#waiting[i]!;
      const f = this.#waiting[first]!;
      if (w.order < f.order || (w.order === f.order && w.seq < f.seq)) first = i;
    }
    const [next] = this.#waiting.splice(first, 1);
    next!.start();
  }
}
