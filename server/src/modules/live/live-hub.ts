import type { ServerResponse } from 'node:http';
import { EVENT_HEARTBEAT_MS, STREAM_EVENTS } from '@backoffice/contract';
import type { Db } from '../../db/client';
import { SESSIONS_ENDED_CHANNEL } from '../../db/identity-repository';
import type { Listen } from '../../db/listen';
import * as repo from './live-repository';
import { countsByScope, frameFor, type ScopedCounts } from './live-scope';
import * as support from './live-support';

export type { Every } from './live-support';

export type LiveOptions = {
  heartbeatMs?: number;
  every?: support.Every;
  /**
   * A client that does not read is dropped once the output the kernel would not take passes either
   * bound: this many bytes, or this many events written since the connection last drained. It
   * reconnects and resumes from the table.
   */
  maxBufferedBytes?: number;
  maxBufferedEvents?: number;
  /** Events kept for resuming. */
  keep?: number;
  /** Streams one session holds on this instance; one more closes the session's oldest (LIVE_SESSION_STREAMS). */
  perSession?: number;
  /** Streams this instance holds; one more is refused with 503 (LIVE_SERVER_STREAMS). */
  perServer?: number;
  /** A resume further behind than this many events is told to reload instead (LIVE_REPLAY_EVENTS). */
  maxReplay?: number;
  /** How often the open streams' sessions are checked again (a NOTIFY of ended sessions checks at once). */
  sessionCheckMs?: number;
};

/** Of these sessions (token hashes), those still live: not ended, not idle or expired, still an admin's. */
export type LiveSessions = (tokenHashes: string[]) => Promise<Set<string>>;

type Stream = {
  raw: ServerResponse;
  /** The SHA-256 of its session's token: the stream ends with its session. */
  session: string;
  last: number;
  /** Live events that arrived while the stream was replaying from the table; null once live. */
  pending: repo.SequencedEvent[] | null;
  /** Frames written since the socket last took everything (write() answered false); 0 while it keeps up. */
  backlog: number;
  categories: string[] | null; // a scoped moderator's: live-scope.ts
};
const BATCH = 500;
/** How long browsers wait before reconnecting. */
const RETRY_MS = 3_000;
const MAX_PENDING = 5_000;
/** What a refused stream is told to wait before trying again, in seconds. */
export const FULL_RETRY_AFTER_S = 30;

/**
 * The live queue of this server instance (docs/decisions/0017-live-queue-and-claims.md): wakes on
 * the database's NOTIFY, numbers committed events (any instance may), reads each new event once
 * and writes it to every open stream of this instance. A stream lasts no longer than its session,
 * and streams are bounded per session and per instance (docs/decisions/0026-live-streams-and-sessions.md).
 */
export class LiveHub {
  /** In the order they were opened: a session's first is its oldest. */
  private readonly streams = new Set<Stream>();
  private last = 0;
  private closed = false;
  private stopListening: (() => Promise<void>) | undefined;
  private readonly stopTimers: (() => void)[] = [];
  private readonly heartbeatMs: number;
  private readonly every: support.Every;
  private readonly maxBuffered: number;
  private readonly maxBacklog: number;
  private readonly keep: number;
  private readonly perSession: number;
  private readonly perServer: number;
  private readonly maxReplay: number;
  private readonly sessionCheckMs: number;
  readonly sequence: ReturnType<typeof support.serial>;
  readonly pull: ReturnType<typeof support.serial>;
  /** Ends the streams whose session has ended (on a timer, on NOTIFY; tests call it). */
  readonly checkSessions: ReturnType<typeof support.serial>;

  constructor(
    private readonly db: Db,
    private readonly listen: Listen,
    private readonly log: support.Log,
    private readonly liveSessions: LiveSessions,
    options: LiveOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? EVENT_HEARTBEAT_MS;
    this.every = options.every ?? support.realEvery;
    this.maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
    this.maxBacklog = options.maxBufferedEvents ?? 2_000;
    this.keep = options.keep ?? 10_000;
    this.perSession = options.perSession ?? 4;
    this.perServer = options.perServer ?? support.defaultServerStreams();
    this.maxReplay = options.maxReplay ?? 500;
    this.sessionCheckMs = options.sessionCheckMs ?? 5_000;
    this.sequence = support.serial(
      async () => {
        if (!this.closed) await repo.sequence(this.db);
      },
      log,
      'could not number live events',
    );
    this.pull = support.serial(() => this.pullNow(), log, 'could not read live events');
    this.checkSessions = support.serial(() => this.checkSessionsNow(), log, 'could not check the streams’ sessions');
  }

  async start(): Promise<void> {
    this.last = await repo.lastSeq(this.db);
    const gather = support.gathered(() => void this.sequence(), support.GATHER_MS);
    this.stopTimers.push(gather.stop);
    this.stopListening = await this.listen(
      {
        ad_live_raw: gather.wake,
        ad_live: () => void this.pull(),
        [SESSIONS_ENDED_CHANNEL]: () => void this.checkSessions(),
      },
      () => void this.sequence().then(() => Promise.all([this.pull(), this.checkSessions()])),
    );
    this.stopTimers.push(this.every(() => void this.tick(), this.heartbeatMs));
    this.stopTimers.push(this.every(() => void this.checkSessions(), this.sessionCheckMs));
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

  private async checkSessionsNow(): Promise<void> {
    if (this.streams.size === 0) return;
    const live = await this.liveSessions([...new Set([...this.streams].map((s) => s.session))]);
    for (const s of this.streams) if (!live.has(s.session)) this.end(s, STREAM_EVENTS.signedOut);
  }

  private async pullNow(): Promise<void> {
    while (!this.closed) {
      const events = await repo.eventsAfter(this.db, this.last, BATCH);
      const counts = await countsByScope(this.db, events, this.streams);
      for (const e of events) {
        if (e.seq <= this.last) continue;
        this.last = e.seq;
        this.deliver(e, counts);
      }
      if (events.length < BATCH) return;
      // Let the sockets take the batch before the next: PGlite answers without passing through the
      // event loop's I/O, and a reading client must not look like one that does not read.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private deliver(e: repo.SequencedEvent, counts: ScopedCounts): void {
    let text: string | undefined;
    for (const s of this.streams) {
      if (s.pending) {
        s.pending.push(e);
        if (s.pending.length > MAX_PENDING) this.drop(s, 'too many events while replaying');
      } else if (e.seq > s.last) this.send(s, e, s.categories ? frameFor(e, s, counts) : (text ??= support.frame(e)));
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

  /** Closes a stream with a last event that tells the client not to come back as it was. */
  private end(s: Stream, event: string): void {
    if (this.streams.delete(s) && !s.raw.destroyed) s.raw.end(support.lastFrame(event));
  }

  /**
   * Room for one more stream of `session`? Asked before the response is taken over: a session past
   * its share gives up its oldest stream when the new one opens; this instance past its share
   * refuses (503, without a log line per refusal: refusals come in floods).
   */
  admits(session: string): boolean {
    if (this.streams.size < this.perServer) return true;
    let own = 0;
    for (const s of this.streams) if (s.session === session) own += 1;
    return own >= this.perSession;
  }

  /**
   * Serves one stream of `session` on a hijacked response: new events from now on, or, with
   * `lastEventId`, every event after it first (or, past the replay bound, a `reload`).
   */
  async open(
    raw: ServerResponse,
    headers: Record<string, string | number | string[]>,
    session: string,
    lastEventId?: string,
    categories: string[] | null = null,
  ): Promise<void> {
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      // The socket goes with the stream: a stream's connection is never reused, and nothing holds a closing server.
      connection: 'close',
    });
    const resumeFrom = lastEventId && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : undefined;
    const replaying = resumeFrom === undefined ? null : [];
    const s: Stream = { raw, session, last: this.last, pending: replaying, backlog: 0, categories };
    if (this.closed) {
      raw.end();
      return;
    }
    const own = [...this.streams].filter((o) => o.session === session);
    for (const old of own.slice(0, Math.max(0, own.length - this.perSession + 1)))
      this.end(old, STREAM_EVENTS.superseded);
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
    const newest = await repo.lastSeq(this.db);
    if (resumeFrom > newest) {
      // An id from another database (or before a reset) starts from now rather than waiting for it.
      s.last = this.last;
    } else if (newest - resumeFrom > this.maxReplay) {
      // Too far behind to replay at a bounded cost (and perhaps past what is kept): the client loads
      // its lists again, and goes on live from here.
      s.last = Math.max(this.last, newest);
      this.write(s, `id: ${s.last}\n${support.lastFrame(STREAM_EVENTS.reload)}`);
    } else {
      s.last = resumeFrom;
      raw: for (;;) {
        const events = await repo.eventsAfter(this.db, s.last, BATCH);
        const counts = await countsByScope(this.db, events, [s]);
        for (const e of events) {
          if (!this.streams.has(s)) break raw;
          this.send(s, e, frameFor(e, s, counts));
        }
        if (events.length < BATCH) break;
        // A long replay goes at the client's pace, so that the bound above only drops clients that do not read.
        if (s.backlog > 0) await support.drained(s.raw);
      }
    }
    const counts = await countsByScope(this.db, s.pending ?? [], [s]); // meanwhile, arrivals wait in `pending`
    const pending = s.pending ?? [];
    s.pending = null;
    for (const e of pending) if (e.seq > s.last && this.streams.has(s)) this.send(s, e, frameFor(e, s, counts));
  }

  /** Ends every stream (before the server closes, so that no connection keeps it open) and stops listening. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const stop of this.stopTimers) stop();
    for (const s of this.streams) s.raw.end();
    this.streams.clear();
    await this.stopListening?.();
    await Promise.all([this.sequence.idle(), this.pull.idle(), this.checkSessions.idle()]);
  }
}
