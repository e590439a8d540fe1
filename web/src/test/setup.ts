import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { loadRadix } from '../components/ui/radix-loader';

// The app fetches the dialogs' code while idle after a screen shows (radix-loader.ts); a test
// starts with it there, as a person finds it by the time they open anything.
await loadRadix();

// findBy*/waitFor wait for a state, not for a speed: on a loaded machine a render can take more than
// the library's default second (the timeout is a hang guard only).
configure({ asyncUtilTimeout: 15_000 });

// Any console.error fails the test: a warning in a test is a defect to fix, not noise.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  if (consoleErrors.length > 0) {
    const text = consoleErrors.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called:\n${text}`);
  }
});

// Node's Request (used by RTK Query's fetchBaseQuery) rejects relative URLs and jsdom's
// AbortSignal; in the browser neither is a problem. Resolve against the jsdom location and drop
// the foreign signal so API calls reach the stubbed fetch.
const NodeRequest = globalThis.Request;
class TestRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === 'string' ? new URL(input, window.location.href) : input;
    const { signal: _signal, ...rest } = init ?? {};
    super(url, rest);
  }
}
globalThis.Request = TestRequest as typeof Request;
