import type { ServerResponse } from 'node:http';
import { EVENT_HEARTBEAT_MS } from '@backoffice/contract';
import type { Db } from '../../db/client';
import type { Listen } from '../../db/listen';
import * as repo from './live-repository';

/** Runs `fn` every `ms` until the returned function is called (tests pass one they tick by hand). */
export type Every = (fn: () => void, ms: number) => () => void;

export const realEvery: Every = (fn, ms) => {
  const timer = setInterval(fn, ms);
  timer.unref();
  return () => clearInterval(timer);
};

export type LiveOptions = {
  heartbeatMs?: number;
  every?: Every;
  /**
   * A client that does not read is dropped once the output the kernel would not take passes either
   * bound: this many bytes, or this many events written since the connection last drained. It
   * reconnects and resumes from the table.
   */
  maxBufferedBytes?: number;
  maxBufferedEvents?: number;
  /** Events kept for resuming. */
  keep?: number;
};

type Log = { warn(obj: object, msg: string): void };

type Stream = {
  raw: ServerResponse;
  last: number;
  /** Live events that arrived while the stream was replaying from the table; null once live. */
  pending: repo.SequencedEvent[] | null;
  /** Frames written since the socket last took everything (write() answered false); 0 while it keeps up. */
  backlog: number;
};

const BATCH = 500;
/** How long browsers wait before reconnecting. */
const RETRY_MS = 3_000;
const MAX_PENDING = 5_000;

/** One at a time; a call while running asks for one more run after it. Resolves when all asked for are done. */
function serial(run: () => Promise<void>, log: Log, what: string): (() => Promise<void>) & { idle(): Promise<void> } {
  let running: Promise<void> | undefined;
  let again = false;
  const trigger = () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await run();
        } catch (err) {
          log.warn({ err }, what);
        }
      } while (again);
    })().finally(() => (running = undefined));
    return running;
  };
  return Object.assign(trigger, { idle: () => running ?? Promise.resolve() });
}

/** Resolves when the response has sent what it buffered, or has closed. */
function drained(raw: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      raw.off('drain', done);
      raw.off('close', done);
      resolve();
    };
    raw.on('drain', done);
    raw.on('close', done);
  });
}

function frame(e: repo.SequencedEvent): string {
  return `id: ${e.seq}\nevent: ad\ndata: ${JSON.stringify(e.event)}\n\n`;
}

/**
 * The live queue of this server instance (docs/decisions/0017-live-queue-and-claims.md): wakes on
 * the database's NOTIFY, numbers committed events (any instance may), reads each new event once
 * and writes it to every open stream of this instance.
 */
export class LiveHub {
  private readonly streams = new Set<Stream>();
  private last = 0;
  private closed = false;
  private stopListening: (() => Promise<void>) | undefined;
  private stopTimer: (() => void) | undefined;
  private readonly heartbeatMs: number;
  private readonly every: Every;
  private readonly maxBuffered: number;
  private readonly maxBacklog: number;
  private readonly keep: number;
  readonly sequence: ReturnType<typeof serial>;
  readonly pull: ReturnType<typeof serial>;

  constructor(
    private readonly db: Db,
    private readonly listen: Listen,
    private readonly log: Log,
    options: LiveOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? EVENT_HEARTBEAT_MS;
    this.every = options.every ?? realEvery;
    this.maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
    this.maxBacklog = options.maxBufferedEvents ?? 2_000;
    this.keep = options.keep ?? 10_000;
    this.sequence = serial(
      async () => {
        if (!this.closed) await repo.sequence(this.db);
      },
      log,
      'could not number live events',
    );
    this.pull = serial(() => this.pullNow(), log, 'could not read live events');
  }

  async start(): Promise<void> {
    this.last = await repo.lastSeq(this.db);
    this.stopListening = await this.listen(
      { ad_live_raw: () => void this.sequence(), ad_live: () => void this.pull() },
      () => void this.sequence().then(() => this.pull()),
    );
    this.stopTimer = this.every(() => void this.tick(), this.heartbeatMs);
    // Events committed while no server was listening.
    void this.sequence();
  }

  /** Open streams (tests and the benchmark). */
  get size(): number {
    return this.streams.size;
  }

  /** The heartbeat: a comment on every stream, and a catch-up in case a notification was lost. */
  async tick(): Promise<void> {
    for (const s of this.streams) if (!s.pending) this.write(s, ': heartbeat\n\n');
    await this.sequence();
    await this.pull();
    try {
      await repo.prune(this.db, this.keep);
    } catch (err) {
      this.log.warn({ err }, 'could not prune live events');
    }
  }

  private async pullNow(): Promise<void> {
    while (!this.closed) {
      const events = await repo.eventsAfter(this.db, this.last, BATCH);
      for (const e of events) {
        if (e.seq <= this.last) continue;
        this.last = e.seq;
        this.deliver(e);
      }
      if (events.length < BATCH) return;
      // Let the sockets take the batch before the next: PGlite answers without passing through the
      // event loop's I/O, and a reading client must not look like one that does not read.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private deliver(e: repo.SequencedEvent): void {
    let text: string | undefined;
    for (const s of this.streams) {
      if (s.pending) {
        s.pending.push(e);
        if (s.pending.length > MAX_PENDING) this.drop(s, 'too many events while replaying');
      } else if (e.seq > s.last) {
        this.send(s, e, (text ??= frame(e)));
      }
    }
  }

  private send(s: Stream, e: repo.SequencedEvent, text: string): void {
    s.last = e.seq;
    this.write(s, text);
  }

  private write(s: Stream, text: string): void {
    if (s.raw.destroyed) return;
    // Once the socket stops taking output (the kernel's buffers are full), everything written waits
    // in this process: bounded per stream, so a client that never reads cannot grow the server.
    if (!s.raw.write(text) || s.backlog > 0) s.backlog += 1;
    if (s.raw.writableLength > this.maxBuffered || s.backlog > this.maxBacklog) this.drop(s, 'did not read');
  }

  /** A client too slow to read: its connection goes, its events stay in the table for its resume. */
  private drop(s: Stream, why: string): void {
    if (!this.streams.delete(s)) return;
    this.log.warn({ buffered: s.raw.writableLength, backlog: s.backlog, why }, 'dropped a live event stream');
    s.raw.destroy();
  }

  /**
   * Serves one stream on a hijacked response: new events from now on, or, with `lastEventId`,
   * every event after it first.
   */
  async open(raw: ServerResponse, headers: Record<string, string | number | string[]>, lastEventId?: string) {
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      // The socket goes with the stream: a stream's connection is never reused, and nothing holds a closing server.
      connection: 'close',
    });
    const resumeFrom = lastEventId && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : undefined;
    const s: Stream = { raw, last: this.last, pending: resumeFrom === undefined ? null : [], backlog: 0 };
    if (this.closed) {
      raw.end();
      return;
    }
    this.streams.add(s);
    raw.on('close', () => this.streams.delete(s));
    raw.on('drain', () => (s.backlog = 0));
    raw.write(`retry: ${RETRY_MS}\n`);
    if (resumeFrom === undefined) {
      // An id before any event, so that a reconnect before the first event still resumes from here.
      raw.write(`id: ${s.last}\n\n`);
      return;
    }
    try {
      await this.replay(s, resumeFrom);
    } catch (err) {
      this.log.warn({ err }, 'could not replay live events');
      this.drop(s, 'replay failed');
    }
  }

  private async replay(s: Stream, resumeFrom: number): Promise<void> {
    // An id from another database (or before a reset) starts from now rather than waiting for it.
    s.last = resumeFrom > (await repo.lastSeq(this.db)) ? this.last : resumeFrom;
    raw: for (;;) {
      const events = await repo.eventsAfter(this.db, s.last, BATCH);
      for (const e of events) {
        if (!this.streams.has(s)) break raw;
        this.send(s, e, frame(e));
      }
      if (events.length < BATCH) break;
      // A long replay goes at the client's pace, so that the bound above only drops clients that do not read.
      if (s.backlog > 0) await drained(s.raw);
    }
    const pending = s.pending ?? [];
    s.pending = null;
    for (const e of pending) if (e.seq > s.last && this.streams.has(s)) this.send(s, e, frame(e));
  }

  /** Ends every stream (before the server closes, so that no connection keeps it open) and stops listening. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopTimer?.();
    for (const s of this.streams) s.raw.end();
    this.streams.clear();
    await this.stopListening?.();
    await Promise.all([this.sequence.idle(), this.pull.idle()]);
  }
}
