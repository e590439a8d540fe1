import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ListedReport, ReportListResponse } from '@backoffice/contract';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { ReportsPage } from './reports-page';

const routes = [
  { path: '/app/bugs', Component: ReportsPage },
  { path: '/app/ads-directory', element: <h1>Ads directory</h1> },
];
const me = makeUser();

function makeReport(n: number, overrides: Partial<ListedReport> = {}): ListedReport {
  return {
    _id: `00000000-0000-4000-8000-00000000000${n}`,
    kind: 'ad',
    reason: 'scam',
    text: `Report text ${n}`,
    page: null,
    count: 1,
    state: 'open',
    ad: { _id: '11111111-1111-4111-8111-111111111111', heading: `Ad heading ${n}`, status: 'pending' },
    reporter: { email: `reporter${n}@example.lk`, phone: null, address: '203.0.113.7' },
    assignee: null,
    note: null,
    reply: null,
    replies: [],
    createdAt: '2026-11-22T08:00:00.000Z',
    closedAt: null,
    ...overrides,
  };
}

type Call = { method: string; path: string; body: unknown };

/** A fake server: GET /api/reports answers `list(params)`; PUT answers the report changed. */
function server(list: (params: URLSearchParams) => ReportListResponse) {
  const calls: Call[] = [];
  const mock = stubFetch(async () => jsonResponse({}));
  mock.mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
    calls.push({ method: request.method, path: url.pathname + url.search, body });
    if (request.method === 'PUT') {
      const report = { ...makeReport(1), ...(body as object), assignee: { _id: me._id, name: 'Ada Admin' } };
      return jsonResponse({ success: true, report });
    }
    return jsonResponse(list(url.searchParams));
  });
  const lists = () => calls.filter((c) => c.method === 'GET').map((c) => new URL(c.path, 'http://x').searchParams);
  return { calls, lists };
}

describe('Bug Reports inbox', () => {
  it('keeps the heading, lists reports with the ad and reporter, and filters by kind, reason and state', async () => {
    const { lists } = server((p) => ({
      success: true,
      reports:
        p.get('kind') === 'bug'
          ? [makeReport(3, { kind: 'bug', ad: undefined, page: '/search', text: 'Search is blank' })]
          : [makeReport(1), makeReport(2, { count: 3, reason: 'duplicate' })],
      total: p.get('kind') === 'bug' ? 1 : 2,
    }));
    renderApp({ path: '/app/bugs', user: me, routes });
    expect(screen.getByRole('heading', { name: 'Bug Reports' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Bug Reports' });
    await within(table).findByText('Report text 1');
    expect(within(table).getByText('Ad heading 1 (pending)')).toBeInTheDocument();
    expect(within(table).getByText('reporter1@example.lk')).toBeInTheDocument();
    expect(within(table).getByText('Duplicate')).toBeInTheDocument();
    expect(screen.getByText(/2 reports/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Kind'), 'bug');
    await within(table).findByText('Search is blank');
    expect(lists().at(-1)!.get('kind')).toBe('bug');
    await user.selectOptions(screen.getByLabelText('Reason'), 'other');
    await user.selectOptions(screen.getByLabelText('State'), 'resolved');
    await waitFor(() => expect(lists().at(-1)!.toString()).toBe('kind=bug&reason=other&state=resolved'));
  });

  it('pages by the server cursor: Next sends it, Previous goes back', async () => {
    const { lists } = server((p) =>
      p.get('cursor')
        ? { success: true, reports: [makeReport(3)] }
        : { success: true, reports: [makeReport(1), makeReport(2)], total: 3, nextCursor: 'CURSOR-1' },
    );
    renderApp({ path: '/app/bugs', user: me, routes });
    await screen.findByText('Report text 1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Report text 3');
    expect(lists().at(-1)!.get('cursor')).toBe('CURSOR-1');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Report text 1');
  });

  it('says "more than 10,000 reports" for a total past the count limit', async () => {
    server(() => ({ success: true, reports: [makeReport(1)], total: 10_001, nextCursor: 'CURSOR-1' }));
    renderApp({ path: '/app/bugs', user: me, routes });
    expect(await screen.findByText('Page 1 · more than 10,000 reports')).toBeInTheDocument();
  });

  it('assigns a report to oneself, and resolves it with a reply to the reporter', async () => {
    const { calls } = server(() => ({ success: true, reports: [makeReport(1)], total: 1 }));
    renderApp({ path: '/app/bugs', user: me, routes });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report text 1' }));
    const panel = await screen.findByRole('dialog', { name: 'Report' });
    await user.click(within(panel).getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: `/api/reports/${makeReport(1)._id}`,
      body: { assignee: me._id },
    });
    await user.type(within(panel).getByLabelText('Reply to the reporter (optional)'), 'We removed the ad.');
    await user.click(within(panel).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toEqual({
      state: 'resolved',
      reply: 'We removed the ad.',
    });
  });
});
