import { useEffect, useState } from 'react';

type RadixParts = typeof import('./radix-parts');

let parts: RadixParts | undefined;
let loading: Promise<RadixParts> | undefined;

/**
 * Loads the dialogs' and menus' Radix UI code once. It is a chunk of its own so that no screen
 * waits for it before it shows (e2e/bundle-budget.test.ts); it is fetched when the browser is
 * next idle, so it is there by the time anything opens.
 */
export function loadRadix(): Promise<RadixParts> {
  loading ??= import('./radix-parts').then((m) => (parts = m));
  return loading;
}

if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
  window.requestIdleCallback(() => void loadRadix());
}

/** The Radix parts once loaded (at once, nearly always); until then undefined, and a re-render follows. */
export function useRadix(): RadixParts | undefined {
  const [loaded, setLoaded] = useState(() => parts);
  useEffect(() => {
    if (!loaded) void loadRadix().then((m) => setLoaded(() => m));
  }, [loaded]);
  return loaded ?? parts;
}

/** The parts, for a component that only renders inside one already loaded (a dialog's title). */
export function loadedRadix(): RadixParts {
  if (!parts) throw new Error('Radix UI parts are not loaded yet');
  return parts;
}
