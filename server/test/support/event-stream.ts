import http from 'node:http';
import type { AdLiveEvent } from '@backoffice/contract';
import { waitFor } from './message-servers';
import { buildTestApp, type TestApp } from './test-app';
import type { Every } from '../../src/modules/live/live-hub';

/** Timers the test runs by hand: the heartbeat and the re-check of the streams' sessions. */
export function manualEvery() {
  const beats: (() => void)[] = [];
  const every: Every = (fn) => {
    beats.push(fn);
    return () => beats.splice(beats.indexOf(fn), 1);
  };
  return { every, tick: () => beats.forEach((fn) => fn()) };
}

/**
 * Two instances on one PostgreSQL database, both listening, neither with a running heartbeat (its
 * catch-up would deliver without NOTIFY): only the database's notification reaches the other.
 */
export async function quietPair(): Promise<{ a: TestApp; b: TestApp; baseA: string; baseB: string }> {
  const quiet = manualEvery();
  const a = await buildTestApp({ live: { every: quiet.every } });
  const b = await buildTestApp({ sameDatabaseAs: a, live: { every: quiet.every } });
  const baseA = await a.app.listen({ host: '127.0.0.1', port: 0 });
  const baseB = await b.app.listen({ host: '127.0.0.1', port: 0 });
  return { a, b, baseA, baseB };
}

export type StreamFrame = { id?: string; event?: string; data?: string; comment?: string };

/**
 * GET /api/events over a real connection (app.inject waits for an answer's end, which a stream
 * never reaches), parsed frame by frame as a browser's EventSource would.
 */
export type EventStream = {
  status: number;
  headers: http.IncomingHttpHeaders;
  frames: StreamFrame[];
  /** The `ad` events received so far. */
  events(): (AdLiveEvent & { seq: number })[];
  /** The last `id:` received (EventSource's lastEventId). */
  lastId(): string | undefined;
  waitForEvent(match: (e: AdLiveEvent) => boolean): Promise<AdLiveEvent & { seq: number }>;
  ended(): Promise<void>;
  close(): void;
};

export function openEventStream(base: string, cookie: string, lastEventId?: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}/api/events`,
      { headers: { cookie, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) } },
      (res) => {
        const frames: StreamFrame[] = [];
        let buffer = '';
        let lastId: string | undefined;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const frame: StreamFrame = {};
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) frame.comment = line.slice(1).trim();
              else {
                const at = line.indexOf(':');
                const field = line.slice(0, at);
                const value = line.slice(at + 1).replace(/^ /, '');
                if (field === 'id' || field === 'event' || field === 'data') frame[field] = value;
              }
            }
            if (frame.id !== undefined) lastId = frame.id;
            frames.push(frame);
          }
        });
        const ended = new Promise<void>((done) => {
          res.on('close', () => done());
          res.on('error', () => done());
        });
        const events = () =>
          frames
            .filter((f) => f.event === 'ad' && f.data)
            .map((f) => ({ ...(JSON.parse(f.data!) as AdLiveEvent), seq: Number(f.id) }));
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          frames,
          events,
          lastId: () => lastId,
          waitForEvent: (match) => waitFor(() => events().find(match)),
          ended: () => ended,
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}
