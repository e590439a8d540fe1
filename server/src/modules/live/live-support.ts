import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import { REPORT_STREAM_EVENT } from '@backoffice/contract';
import type { SequencedEvent } from './live-repository';

/** Runs `fn` every `ms` until the returned function is called (tests pass one they tick by hand). */
export type Every = (fn: () => void, ms: number) => () => void;

export const realEvery: Every = (fn, ms) => {
  const timer = setInterval(fn, ms);
  timer.unref();
  return () => clearInterval(timer);
};

export type Log = { warn(obj: object, msg: string): void };

/** How long the wake-ups of new events are gathered before they are numbered (20 ms). */
export const GATHER_MS = 20;

/**
 * `run` once per window of wake-ups: the first wake starts a window of `ms`, the ones within it
 * join it. A burst of events (200 public reports a second, issue 35's figures) is numbered in a few
 * statements rather than one each, for a delay nobody watching a screen sees.
 */
export function gathered(run: () => void, ms: number): { wake(): void; stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  return {
    wake: () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        run();
      }, ms);
    },
    stop: () => clearTimeout(timer),
  };
}

/** One at a time; a call while running asks for one more run after it. Resolves when all asked for are done. */
export function serial(
  run: () => Promise<void>,
  log: Log,
  what: string,
): (() => Promise<void>) & { idle(): Promise<void> } {
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
export function drained(raw: ServerResponse): Promise<void> {
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

export function frame(e: SequencedEvent): string {
  const name = e.event.type === 'report' ? REPORT_STREAM_EVENT : 'ad';
  return `id: ${e.seq}\nevent: ${name}\ndata: ${JSON.stringify(e.event)}\n\n`;
}

/** A frame without an id, of an event that carries nothing (STREAM_EVENTS). */
export const lastFrame = (event: string) => `event: ${event}\ndata: {}\n\n`;

/**
 * LIVE_SERVER_STREAMS unset: 500 streams, or half the process's file descriptors when that is
 * fewer (each stream holds a socket; the database, files and other requests need the rest).
 */
export function defaultServerStreams(limits = '/proc/self/limits'): number {
  let descriptors = Infinity;
  try {
    const line = /^Max open files\s+(\d+)/m.exec(fs.readFileSync(limits, 'utf8'));
    if (line) descriptors = Number(line[1]);
  } catch {
    // Not Linux: 500.
  }
  return Math.max(1, Math.min(500, Math.floor(descriptors / 2)));
}
