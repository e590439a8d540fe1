import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SWEEP_AFTER_START_MS,
  SWEEP_EVERY_MS,
  TEMP_MIN_AGE_MS,
  UploadSweeper,
  type SweepResult,
} from '../../src/storage/upload-sweep';

const quiet = { info: () => {}, warn: () => {} };
const nothing: SweepResult = { removed: [], promoted: [] };

describe('the upload sweep schedule (issue 17.11)', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at start-up, once more when temporaries left just before it are old enough, then daily; never keeps the process alive, and stops with the app', async () => {
    vi.useFakeTimers();
    const runs: AbortSignal[] = [];
    const sweeper = new UploadSweeper(async (signal) => (runs.push(signal), nothing), quiet);
    sweeper.start();
    expect(runs).toHaveLength(1);
    expect(sweeper.scheduled).toEqual({ keepsProcessAlive: false });
    // Issue 38.2: a temporary file written just before a kill -9 is gone within minutes of the restart.
    expect(SWEEP_AFTER_START_MS).toBeGreaterThan(TEMP_MIN_AGE_MS);
    expect(SWEEP_AFTER_START_MS).toBeLessThanOrEqual(TEMP_MIN_AGE_MS + 5 * 60_000);
    await vi.advanceTimersByTimeAsync(SWEEP_AFTER_START_MS - 1);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(SWEEP_EVERY_MS - SWEEP_AFTER_START_MS - 1);
    expect(runs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(SWEEP_EVERY_MS);
    expect(runs).toHaveLength(4);
    await sweeper.stop();
    expect(sweeper.scheduled).toBeNull();
    expect(runs.every((s) => s.aborted)).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * SWEEP_EVERY_MS);
    expect(runs).toHaveLength(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stopping before the second run cancels it', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const sweeper = new UploadSweeper(async () => (runs++, nothing), quiet);
    sweeper.start();
    await sweeper.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(SWEEP_AFTER_START_MS);
    expect(runs).toBe(1);
  });

  it('runs one sweep at a time, and stopping waits for the one in progress', async () => {
    let finish!: (r: SweepResult) => void;
    let calls = 0;
    const sweeper = new UploadSweeper(() => {
      calls++;
      return new Promise<SweepResult>((resolve) => (finish = resolve));
    }, quiet);
    const first = sweeper.runOnce();
    expect(sweeper.runOnce()).toBe(first);
    expect(calls).toBe(1);
    let stopped = false;
    const stopping = sweeper.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish(nothing);
    await stopping;
    expect(await first).toEqual(nothing);
    expect(await sweeper.runOnce()).toBeNull(); // closed: no new sweep
    expect(calls).toBe(1);
  });

  it('logs a failed sweep instead of throwing', async () => {
    const warnings: string[] = [];
    const sweeper = new UploadSweeper(() => Promise.reject(new Error('disk gone')), {
      info: () => {},
      warn: (_obj, msg) => warnings.push(msg),
    });
    expect(await sweeper.runOnce()).toBeNull();
    expect(warnings).toEqual(['upload sweep failed']);
  });
});
