import { useCallback, useSyncExternalStore } from 'react';

/** Widths below Tailwind's `md` (768 px): phones, where lists show as cards. */
export const NARROW_QUERY = '(max-width: 767.98px)';

const supported = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/**
 * Whether a CSS media query matches, following changes (a rotated phone, a resized window).
 * Without `matchMedia` (jsdom) it never matches: the wide layout.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!supported()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => supported() && window.matchMedia(query).matches,
    () => false,
  );
}
