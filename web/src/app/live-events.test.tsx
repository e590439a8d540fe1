import { act, screen, within } from '@testing-library/react';
import type { ChartPeriod } from '@backoffice/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { makeDashboard } from '../features/dashboard/dashboard-test-data';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../test/render';
import { adsApi } from '../features/ads/ads-api';
import { makeAd, makeList } from '../features/ads/ads-test-data';
import { applyAdEvent, LIVE_REFRESH_DEBOUNCE_MS } from './live-events';
import { useLiveEvents } from './use-live-events';
import { makeStore } from './store';
import { freezeTime, settleUntil } from '../test/exact-timers';
import { FakeEventSource } from '../test/fake-event-source';

function LiveDashboard() {
  useLiveEvents();
  return <DashboardPage />;
}

beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
afterEach(() => {
  FakeEventSource.instances = [];
  vi.useRealTimers();
});

describe('live events on the dashboard', () => {
  it("moves the cards in place on another admin's decision, without asking for the dashboard again", async () => {
    const calls: string[] = [];
    stubFetch(async (path) => {
      calls.push(path);
      if (path.startsWith('/api/dashboard'))
        return jsonResponse(
          makeDashboard((new URL(path, 'http://x').searchParams.get('period') ?? 'week') as ChartPeriod),
        );
      if (path === '/api/notifications') return jsonResponse({ notifications: [] });
      return jsonResponse({ success: false, message: 'Not found' }, 404);
    });
    renderApp({
      path: '/app/dashboard',
      user: makeUser(),
      routes: [{ path: '/app/dashboard', Component: LiveDashboard }],
    });
    await screen.findByText('1,234');
    const dashboardCalls = calls.filter((c) => c.startsWith('/api/dashboard')).length;
    // The refetch debounce runs on a clock that only the test moves (below).
    freezeTime(['setTimeout', 'clearTimeout']);
    act(() =>
      FakeEventSource.instances[0]!.send({
        type: 'moderated',
        id: '00000000-0000-4000-8000-000000000001',
        status: 'approved',
        by: { _id: '11111111-1111-4111-8111-111111111111', name: 'Nimal' },
        at: new Date().toISOString(),
        counts: { total: 1301, pending: 1233, approved: 51, rejected: 17 },
      }),
    );
    const summary = screen.getByRole('region', { name: 'Summary' });
    const card = (label: string) => within(summary).getByText(label).closest('section > div')!;
    const pending = () => card('Pending Ads').textContent ?? '';
    await settleUntil(() => pending().includes('Pending Ads1,233'), pending);
    expect(card('Approved Ads')).toHaveTextContent('Approved Ads51(8 Added Today)');
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_DEBOUNCE_MS * 2));
    expect(calls.filter((c) => c.startsWith('/api/dashboard'))).toHaveLength(dashboardCalls);
  });
});

describe('an ad event while a list page is still loading', () => {
  it('asks for that page again: its answer may be from before the event', async () => {
    let answered = false;
    stubFetch(
      (path) =>
        new Promise<Response>(() => {
          // Never answers: the page stays loading.
          answered = answered || path.startsWith('/api/advertisements/list');
        }),
    );
    const store = makeStore();
    const args = { status: 'pending' as const, page: 1 };
    const page = store.dispatch(adsApi.endpoints.listAds.initiate(args));
    await vi.waitFor(() => expect(answered).toBe(true));
    const lists: unknown[] = [];
    const refresh = { list: (a: unknown) => lists.push(a), bell: vi.fn(), reports: vi.fn(), stop: vi.fn() };
    applyAdEvent(
      store,
      {
        type: 'moderated',
        id: '00000000-0000-4000-8000-000000000001',
        status: 'approved',
        by: null,
        at: new Date().toISOString(),
        counts: { total: 10, pending: 9, approved: 1, rejected: 0 },
      },
      refresh,
    );
    expect(lists).toEqual([args]);
    page.unsubscribe();
  });

  it('asks again when the page being loaded again holds the ad, whatever the event', async () => {
    // The reconnect's reload of a page already shown (e2e live restart): its row is patched by the
    // event, and the answer still coming may be from before the decision.
    const ad = makeAd({ _id: '00000000-0000-4000-8000-000000000002', status: 'pending' });
    let calls = 0;
    stubFetch((path) => {
      if (!path.startsWith('/api/advertisements/list')) return new Promise<Response>(() => {});
      calls += 1;
      return calls === 1 ? Promise.resolve(jsonResponse(makeList([ad]))) : new Promise<Response>(() => {});
    });
    const store = makeStore();
    const args = { status: 'pending' as const, page: 1 };
    const page = store.dispatch(adsApi.endpoints.listAds.initiate(args));
    await page;
    void page.refetch();
    await vi.waitFor(() => expect(calls).toBe(2));
    const lists: unknown[] = [];
    const refresh = { list: (a: unknown) => lists.push(a), bell: vi.fn(), reports: vi.fn(), stop: vi.fn() };
    const counts = { total: 10, pending: 9, approved: 1, rejected: 0 };
    const at = new Date().toISOString();
    applyAdEvent(store, { type: 'moderated', id: ad._id, status: 'approved', by: null, at, counts }, refresh);
    expect(adsApi.endpoints.listAds.select(args)(store.getState() as never).data?.advertisements[0]?.status).toBe(
      'approved',
    );
    expect(lists).toEqual([args]);
    page.unsubscribe();
  });
});
