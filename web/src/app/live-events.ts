import {
  AD_EVENT_TYPES,
  REPORT_STREAM_EVENT,
  STREAM_EVENTS,
  liveText,
  type AdListParams,
  type AdLiveEvent,
} from '@backoffice/contract';
import { adsApi } from '../features/ads/ads-api';
import { dashboardApi } from '../features/dashboard/dashboard-api';
import { reportsApi } from '../features/reports/reports-api';
import { clearLiveNotes, setLiveNote, setLiveStatus } from '../lib/live-status';
import { selectCurrentUser, signOut } from '../lib/session-events';
import type { AppStore } from './store';
import { makeRefresher, reloaded, type Refresher } from './live-refresh';

export { LIVE_REFRESH_DEBOUNCE_MS } from './live-refresh';

/** The admin event stream (contract/src/live.ts). */
export const EVENTS_URL = '/api/events';
const SESSION_URL = '/api/auth/session';
/** A stream the server refused or cut (not a plain network drop, which EventSource retries itself) is opened again after this. */
export const LIVE_RETRY_MS = 5000;

/** A new ad shows up on a list sorted newest first, on its first page, when the status filter lets it. */
function showsNewAds(args: AdListParams): boolean {
  const page = args.page ?? 1;
  const sort = args.sort ?? 'postingDate';
  const order = args.order ?? 'desc';
  const status = args.status ?? 'all';
  return page === 1 && sort === 'postingDate' && order === 'desc' && (status === 'all' || status === 'pending');
}

/**
 * Applies one `ad` event to the caches in place: the rows of every cached list page, the four
 * counts, the dashboard's cards. Only what an event cannot carry is asked for again, once per
 * burst: the bell's feed, a first page a new ad would join, a page whose ad changed its images or
 * was rejected by someone else (for the reason).
 */
export function applyAdEvent(store: AppStore, event: AdLiveEvent, refresh: Refresher) {
  const state = store.getState();
  const self = selectCurrentUser(state)?._id;
  const byOther = event.by != null && event.by._id !== self;

  for (const args of adsApi.util.selectCachedArgsForQuery(state, 'listAds')) {
    // A page still loading (first load or again) may answer from before this event and undo it:
    // asked again after, whatever the event (the cases below only add reasons). (The root state
    // type lacks the injected endpoints' tags, hence the cast.)
    let refetch = adsApi.endpoints.listAds.select(args)(state as never).isLoading;
    store.dispatch(
      adsApi.util.updateQueryData('listAds', args, (draft) => {
        draft.counts = event.counts;
        const index = draft.advertisements.findIndex((ad) => ad._id === event.id);
        const row = draft.advertisements[index];
        if (event.type === 'created') refetch ||= showsNewAds(args);
        if (!row) return;
        switch (event.type) {
          case 'moderated':
            if (event.status) row.status = event.status;
            row.claim = null;
            row.moderatedAt = event.at;
            refetch ||= byOther && event.status === 'rejected';
            break;
          case 'claimed':
          case 'released':
            row.claim = event.claim ?? null;
            break;
          case 'deleted':
            draft.advertisements.splice(index, 1);
            if (draft.total !== null) draft.total -= 1;
            break;
          case 'images_updated':
            refetch = true;
            break;
        }
      }),
    );
    if (refetch) refresh.list(args);
  }

  for (const period of dashboardApi.util.selectCachedArgsForQuery(state, 'getDashboard')) {
    store.dispatch(
      dashboardApi.util.updateQueryData('getDashboard', period, (draft) => {
        draft.cards.pending = event.counts.pending;
        draft.cards.approved = event.counts.approved;
        draft.cards.rejected = event.counts.rejected;
        // A decision made now is today's and within the last 30 days.
        if (event.type === 'moderated' && event.status === 'approved') draft.cards.approvedToday += 1;
        if (event.type === 'moderated' && event.status === 'rejected') draft.cards.rejectedLast30Days += 1;
      }),
    );
  }

  if (event.type === 'moderated' && byOther && (event.status === 'approved' || event.status === 'rejected'))
    setLiveNote(event.id, liveText.decidedBy(event.status, event.by!.name));
  else if (event.type === 'deleted' && byOther) setLiveNote(event.id, liveText.deletedBy(event.by!.name));

  // The bell shows others' decisions and the public site's new ads (its feed has what the event lacks).
  if ((event.by === null || byOther) && event.type !== 'claimed' && event.type !== 'released') refresh.bell();
}

/**
 * The stream is our own server's: a shape check is enough, and keeps zod off the screens that only
 * listen (it is loaded with the forms that validate).
 */
function isAdEvent(data: unknown): data is AdLiveEvent {
  if (typeof data !== 'object' || data === null) return false;
  const e = data as Partial<AdLiveEvent>;
  return (
    typeof e.id === 'string' &&
    typeof e.at === 'string' &&
    (AD_EVENT_TYPES as readonly string[]).includes(e.type as string) &&
    typeof e.counts === 'object' &&
    e.counts !== null
  );
}

/**
 * Opens the stream and keeps it open until the returned function is called. EventSource reconnects
 * by itself after a network drop (sending Last-Event-ID, so nothing is missed); when the server
 * answers a reconnection with an error the browser gives up: the session is checked once (a 401
 * signs out, as on any request), and a new stream is opened after LIVE_RETRY_MS; since it starts
 * without Last-Event-ID, the ads caches are refreshed once. The server ends a stream whose session
 * ended with `signed-out` (sign out here too), one a newer tab replaced with `superseded` (open
 * again when this tab is shown), and answers a resume too far behind with `reload`
 * (docs/decisions/0026-live-streams-and-sessions.md).
 */
export function startLiveEvents(store: AppStore): () => void {
  const refresh = makeRefresher(store);
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let missed = false;
  const reloadAds = () => {
    store.dispatch(adsApi.util.invalidateTags(['Ads']));
    store.dispatch(reportsApi.util.invalidateTags(['Reports']));
    return reloaded(store);
  };
  /** Stops waiting for the tab to be shown, while a superseded stream waits. */
  let waiting: (() => void) | undefined;

  /** A superseded stream waits for its tab to be shown or focused: two tabs never take turns closing each other. */
  function whenShown() {
    const shown = () => {
      if (stopped || document.visibilityState === 'hidden') return;
      stopWaiting();
      connect();
    };
    const stopWaiting = () => {
      document.removeEventListener('visibilitychange', shown);
      window.removeEventListener('focus', shown);
      waiting = undefined;
    };
    document.addEventListener('visibilitychange', shown);
    window.addEventListener('focus', shown);
    waiting = stopWaiting;
  }

  function onAd(message: MessageEvent<string>) {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    if (isAdEvent(data)) applyAdEvent(store, data, refresh);
  }

  /**
   * Refused: perhaps the session is gone, and a 401 signs out as on any request. Asked outside the
   * shell's session query: a refetch there answered 503 by a server shutting down would mark the
   * session unknown and close this very subscription for good (seen in e2e/live.test.ts).
   */
  function checkSession() {
    fetch(SESSION_URL, { credentials: 'include' })
      .then((res) => {
        if (res.status === 401 && !stopped) store.dispatch(signOut());
      })
      .catch(() => undefined);
  }

  function connect() {
    const current = new EventSource(EVENTS_URL);
    source = current;
    current.addEventListener('open', () => {
      if (!missed) return setLiveStatus('open');
      // Live again once the lists are loaded again: a decision made before their answer could be
      // undone by it (or, on a list filtered by status, take its row away unseen).
      missed = false;
      void reloadAds().then(() => {
        if (current === source && !stopped && current.readyState === EventSource.OPEN) setLiveStatus('open');
      });
    });
    current.addEventListener('ad', onAd as EventListener);
    current.addEventListener(REPORT_STREAM_EVENT, refresh.reports);
    current.addEventListener(STREAM_EVENTS.reload, () => void reloadAds());
    current.addEventListener(STREAM_EVENTS.signedOut, () => {
      current.close();
      store.dispatch(signOut());
    });
    current.addEventListener(STREAM_EVENTS.superseded, () => {
      current.close();
      missed = true;
      setLiveStatus('reconnecting');
      whenShown();
    });
    current.addEventListener('error', () => {
      if (stopped || current !== source) return;
      setLiveStatus('reconnecting');
      if (current.readyState === EventSource.CLOSED) {
        current.close();
        missed = true;
        checkSession();
        retry = setTimeout(connect, LIVE_RETRY_MS);
      }
    });
  }

  setLiveStatus('connecting');
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    waiting?.();
    refresh.stop();
    source?.close();
    source = null;
    clearLiveNotes();
    setLiveStatus('connecting');
  };
}
