import { act, screen } from '@testing-library/react';
import { REPORT_STREAM_EVENT, type ListedReport, type ReportListResponse } from '@backoffice/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportsPage } from '../features/reports/reports-page';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../test/render';
import { freezeTime, settleUntil } from '../test/exact-timers';
import { FakeEventSource } from '../test/fake-event-source';
import { LIVE_REFRESH_DEBOUNCE_MS } from './live-events';
import { useLiveEvents } from './use-live-events';

function LiveReports() {
  useLiveEvents();
  return <ReportsPage />;
}

const report = (n: number): ListedReport => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  kind: 'bug',
  reason: 'other',
  text: `Report text ${n}`,
  page: '/search',
  count: 1,
  state: 'open',
  reporter: { email: null, phone: null, address: '203.0.113.7' },
  assignee: null,
  note: null,
  reply: null,
  replies: [],
  createdAt: '2026-11-22T08:00:00.000Z',
  closedAt: null,
});

beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
afterEach(() => {
  FakeEventSource.instances = [];
  vi.useRealTimers();
});

describe('live updates of the Bug Reports inbox', () => {
  it("loads the inbox again once for a burst of another admin's or the public's report events", async () => {
    let reports = [report(1)];
    const lists: string[] = [];
    stubFetch(async (path) => {
      if (path.startsWith('/api/reports')) {
        lists.push(path);
        return jsonResponse({ success: true, reports, total: reports.length } satisfies ReportListResponse);
      }
      if (path === '/api/notifications') return jsonResponse({ notifications: [] });
      return jsonResponse({ success: false, message: 'Not found' }, 404);
    });
    renderApp({ path: '/app/bugs', user: makeUser(), routes: [{ path: '/app/bugs', Component: LiveReports }] });
    await screen.findByText('Report text 1');
    const before = lists.length;
    freezeTime(['setTimeout', 'clearTimeout']);
    reports = [report(2), report(1)];
    const frame = (n: number) =>
      new MessageEvent(REPORT_STREAM_EVENT, {
        data: JSON.stringify({ type: 'report', id: report(n)._id, by: null, at: new Date().toISOString() }),
      });
    act(() => {
      // A new report and two changes in one burst.
      for (const n of [2, 1, 2]) FakeEventSource.instances[0]!.dispatch(REPORT_STREAM_EVENT, frame(n));
    });
    expect(lists).toHaveLength(before);
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_DEBOUNCE_MS));
    await settleUntil(() => screen.queryByText('Report text 2') !== null);
    expect(lists).toHaveLength(before + 1);
  });

  it('leaves the inbox alone on ad events', async () => {
    const lists: string[] = [];
    stubFetch(async (path) => {
      if (path.startsWith('/api/reports')) {
        lists.push(path);
        return jsonResponse({ success: true, reports: [report(1)], total: 1 } satisfies ReportListResponse);
      }
      if (path === '/api/notifications') return jsonResponse({ notifications: [] });
      return jsonResponse({ success: false, message: 'Not found' }, 404);
    });
    renderApp({ path: '/app/bugs', user: makeUser(), routes: [{ path: '/app/bugs', Component: LiveReports }] });
    await screen.findByText('Report text 1');
    const before = lists.length;
    freezeTime(['setTimeout', 'clearTimeout']);
    act(() =>
      FakeEventSource.instances[0]!.send({
        type: 'created',
        id: '00000000-0000-4000-8000-000000000009',
        status: 'pending',
        by: null,
        at: new Date().toISOString(),
        counts: { total: 2, pending: 2, approved: 0, rejected: 0 },
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_DEBOUNCE_MS * 2));
    expect(lists).toHaveLength(before);
  });
});
