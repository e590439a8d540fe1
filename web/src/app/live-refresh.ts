/** The live stream's refetches: gathered per burst, and awaited after a reload (app/live-events.ts). */
import { adsApi } from '../features/ads/ads-api';
import { notificationsApi } from '../features/notifications/notifications-api';
import { reportsApi } from '../features/reports/reports-api';
import type { AdListParams } from '@backoffice/contract';
import type { AppStore } from './store';

/** A burst of events (a bulk decision, many new ads) asks for the bell and a new first page once. */
export const LIVE_REFRESH_DEBOUNCE_MS = 1000;

export interface Refresher {
  list: (args: AdListParams) => void;
  bell: () => void;
  /** A report arrived or was handled: the inbox's pages load again (its tag). */
  reports: () => void;
  stop: () => void;
}

/** Collects refetches for LIVE_REFRESH_DEBOUNCE_MS, then asks once for each. */
export function makeRefresher(store: AppStore): Refresher {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const lists = new Map<string, AdListParams>();
  let bell = false;
  let reports = false;
  const flush = () => {
    timer = undefined;
    if (reports) store.dispatch(reportsApi.util.invalidateTags(['Reports']));
    reports = false;
    // After the answer still coming, if any (RTK Query would not ask twice at once).
    for (const args of lists.values())
      void Promise.resolve(store.dispatch(adsApi.endpoints.listAds.initiate(args, { subscribe: false }))).then(() =>
        store.dispatch(adsApi.endpoints.listAds.initiate(args, { subscribe: false, forceRefetch: true })),
      );
    lists.clear();
    if (bell) {
      const state = store.getState();
      if (notificationsApi.util.selectCachedArgsForQuery(state, 'getNotifications').length > 0)
        void store.dispatch(
          notificationsApi.endpoints.getNotifications.initiate(undefined, { subscribe: false, forceRefetch: true }),
        );
    }
    bell = false;
  };
  const schedule = () => {
    timer ??= setTimeout(flush, LIVE_REFRESH_DEBOUNCE_MS);
  };
  return {
    list: (args) => {
      lists.set(JSON.stringify(args), args);
      schedule();
    },
    bell: () => {
      bell = true;
      schedule();
    },
    reports: () => {
      reports = true;
      schedule();
    },
    stop: () => clearTimeout(timer),
  };
}

/**
 * Resolves once every ads list page has an answer (or an error) asked for at or after `since`: the
 * answers of a reload. A page no one shows any more is dropped by the reload.
 */
export function listsLoadedSince(store: AppStore, since: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      const state = store.getState();
      const done = adsApi.util.selectCachedArgsForQuery(state, 'listAds').every((args) => {
        const page = adsApi.endpoints.listAds.select(args)(state as never);
        return !page.isLoading && (page.startedTimeStamp ?? 0) >= since;
      });
      if (!done) return false;
      unsubscribe();
      resolve();
      return true;
    };
    const unsubscribe = store.subscribe(() => void check());
    check();
  });
}
