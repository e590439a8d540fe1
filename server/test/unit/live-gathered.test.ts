import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { gathered, GATHER_MS } from '../../src/modules/live/live-support';

beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => void vi.useRealTimers());

it('runs once for the wake-ups of one window, and again for a later one', () => {
  const run = vi.fn();
  const g = gathered(run, GATHER_MS);
  g.wake();
  g.wake();
  vi.advanceTimersByTime(GATHER_MS - 1);
  g.wake();
  expect(run).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(run).toHaveBeenCalledTimes(1);
  g.wake();
  vi.advanceTimersByTime(GATHER_MS);
  expect(run).toHaveBeenCalledTimes(2);
});

it('runs nothing after it is stopped', () => {
  const run = vi.fn();
  const g = gathered(run, GATHER_MS);
  g.wake();
  g.stop();
  vi.advanceTimersByTime(GATHER_MS * 10);
  expect(run).not.toHaveBeenCalled();
});
