import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { selectCurrentUser } from '../lib/session-events';
import { useAppSelector } from './hooks';
import type { AppStore } from './store';

/**
 * The signed-in shell's one subscription per session: opened on sign-in, closed on sign-out. The
 * stream's code (live-events.ts) loads after the first screen, which does not wait for it
 * (e2e/bundle-budget.test.ts).
 */
export function useLiveEvents(enabled = true) {
  const store = useStore() as AppStore;
  const userId = useAppSelector(selectCurrentUser)?._id;
  const on = enabled && userId !== undefined;
  useEffect(() => {
    if (!on || typeof EventSource === 'undefined') return;
    let stop: (() => void) | undefined;
    let left = false;
    void import('./live-events').then(({ startLiveEvents }) => {
      if (!left) stop = startLiveEvents(store);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [store, on, userId]);
}
