import { act } from '@testing-library/react';
import { expect, vi } from 'vitest';

type FakeTimers = NonNullable<Parameters<typeof vi.useFakeTimers>[0]>;

/**
 * Fake timers that move only when the test moves them. `shouldAdvanceTime` stays off: with it the
 * fake clock also runs with the real one, so on a loaded machine the time between a message
 * appearing and the test looking at it is unknown, and "still there 1 ms before" cannot be exact.
 * Call it once the page has loaded (findBy* needs a clock that runs) and before the action that
 * starts the timer. `toFake` names the clocks to stop when the code under test needs the others
 * running (every clock by default).
 */
export function freezeTime(toFake?: FakeTimers['toFake']) {
  vi.useFakeTimers({ shouldAdvanceTime: false, toFake });
}

/**
 * Fake timers for tests that also click and wait through Testing Library: the clock moves only when
 * the test moves it or waits (`waitFor` and `findBy*` step it on by their polling interval, as they
 * do under Jest's fake timers, which they find through the `jest` global this provides). Without
 * that global Testing Library's own `setTimeout(0)` would never fire; `shouldAdvanceTime` was the
 * other way out, and let the wall clock move the fake one.
 */
export function testDrivenTimers(toFake?: FakeTimers['toFake']) {
  vi.useFakeTimers({ shouldAdvanceTime: false, toFake });
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}

/**
 * Lets promises and 0 ms timers run (a stubbed fetch answering, React rendering the answer) until
 * `reached` holds, without moving the clock: waits for a state, never for a time.
 */
export async function settleUntil(reached: () => boolean, describe?: () => string) {
  // A hang guard only: each round is one turn of the real event loop.
  for (let round = 0; round < 2000 && !reached(); round++) await act(() => vi.advanceTimersByTimeAsync(0));
  expect(reached(), describe?.()).toBe(true);
}

/** `present` holds until exactly `ms` after now: 1 ms before it still does, at `ms` it no longer does. */
export function expectEndsExactlyAfter(ms: number, present: () => boolean) {
  expect(present()).toBe(true);
  act(() => vi.advanceTimersByTime(ms - 1));
  expect(present(), `still there ${ms - 1} ms after`).toBe(true);
  act(() => vi.advanceTimersByTime(1));
  expect(present(), `gone ${ms} ms after`).toBe(false);
}
