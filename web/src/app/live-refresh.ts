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
 * Resolves once the reload's requests have answered (or failed): none of the API's queries is still
 * being asked for. It waits on the requests themselves rather than the store's notifications, which
 * RTK batches behind a frame. A reload held back behind a decision still running says live at once.
 */
export async function reloaded(store: AppStore): Promise<void> {
  for (let running; (running = store.dispatch(adsApi.util.getRunningQueriesThunk())).length;)
    await Promise.allSettled(running);
}
