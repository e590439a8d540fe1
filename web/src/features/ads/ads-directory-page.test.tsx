import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adMessages, type AdListResponse } from '@backoffice/contract';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { AdsDirectoryPage } from './ads-directory-page';
import { adId, makeAd, makeList } from './ads-test-data';
import { enterSearch } from '../../test/search';
import { SIDE_PANEL_CLOSE_MS } from '../../components/ui';

const routes = [{ path: '/app/ads-directory', Component: AdsDirectoryPage }];

const ads = [
  makeAd({ _id: adId(1), heading: 'Pending one', status: 'pending', adType: 'regular', phone1: null }),
  makeAd({ _id: adId(2), heading: 'Approved one', status: 'approved' }),
  makeAd({ _id: adId(3), heading: 'Rejected one', status: 'rejected', rejectionReason: 'Spam' }),
  makeAd({ _id: adId(4), heading: 'Pending two', status: 'pending' }),
];

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A fake server: the list answers `list(params)`, mutations answer `mutate(call)`. */
function fakeServer(
  list: (params: URLSearchParams) => AdListResponse = () => makeList(ads),
  mutate: (call: Call) => Response = () => jsonResponse({ success: true, advertisement: ads[0] }),
) {
  const calls: Call[] = [];
  const fetchMock = stubFetch(async () => jsonResponse({}));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
    const call = { method: request.method, path: url.pathname + url.search, body };
    calls.push(call);
    if (url.pathname === '/api/advertisements/list') return jsonResponse(list(url.searchParams));
    if (url.pathname === '/api/advertisements/count') return jsonResponse({ total: 37 });
    return mutate(call);
  });
  const allLists = () =>
    calls
      .filter((c) => c.path.startsWith('/api/advertisements/list'))
      .map((c) => new URL(c.path, 'http://x').searchParams);
  /** The lists the table asked for, without the next pages fetched ahead (see `isFetchAhead`). */
  const listCalls = () =>
    allLists().filter((p, i, all) => !isFetchAhead(p, all[i - 1], i > 1 ? all[i - 2] : undefined));
  const fetchedAhead = () =>
    allLists().filter((p, i, all) => isFetchAhead(p, all[i - 1], i > 1 ? all[i - 2] : undefined));
  return { calls, listCalls, fetchedAhead, lastList: () => listCalls().at(-1)! };
}

/**
 * The page fetches the next page ahead as soon as a page shows, so such a call follows the call of
 * the page it continues: same view, page + 1 (and that call was not itself fetched ahead).
 */
function isFetchAhead(p: URLSearchParams, previous?: URLSearchParams, beforeThat?: URLSearchParams): boolean {
  if (!previous) return false;
  if (beforeThat && isFetchAhead(previous, beforeThat)) return false;
  const view = (x: URLSearchParams) => {
    const rest = new URLSearchParams(x);
    for (const paging of ['page', 'after', 'before', 'last']) rest.delete(paging);
    return rest.toString();
  };
  return view(p) === view(previous) && Number(p.get('page') ?? 1) === Number(previous.get('page') ?? 1) + 1;
}

async function renderPage() {
  const view = renderApp({ path: '/app/ads-directory', user: makeUser(), routes });
  await screen.findByRole('row', { name: /#00001/ });
  return view;
}

const table = () => screen.getByRole('table', { name: 'Advertisements' });
const row = (id: string) => within(table()).getByRole('row', { name: new RegExp(id) });

describe('AdsDirectoryPage', () => {
  it('shows the heading, the four counts and the rows in the spec formats', async () => {
    fakeServer(() => makeList(ads, { counts: { total: 300, pending: 120, approved: 150, rejected: 30 } }));
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Submitted Ads Directory' })).toBeInTheDocument();
    const counts = screen.getByRole('region', { name: 'Advertisement counts' });
    for (const [label, n] of [
      ['Total', '300'],
      ['Pending', '120'],
      ['Approved', '150'],
      ['Rejected', '30'],
    ])
      expect(within(counts).getByText(label).nextSibling).toHaveTextContent(n);

    const pending = row('#00001');
    const cells = within(pending).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      '',
      '#00001',
      'Pending one',
      'nimal',
      '-',
      // A pending ad's age follows its date once the date is in the past.
      expect.stringMatching(/^Nov 2026, 22( \d+ (min|h|d)( · due soon| · overdue)?)?$/),
      'Regular',
      'Pending',
      // Risk: none until the ad is analysed.
      '',
      '',
    ]);
    expect(within(pending).getByText('Regular')).toHaveClass('text-violet-300');
    expect(within(row('#00002')).getByText('Digital')).toHaveClass('text-sky-300');
    expect(within(pending).getByText('Pending')).toHaveClass('bg-amber-500/15', 'text-amber-300');
    expect(within(row('#00002')).getByText('Approved')).toHaveClass('bg-emerald-500/15', 'text-emerald-300');
    expect(within(row('#00003')).getByText('Rejected')).toHaveClass('bg-rose-500/15', 'text-rose-300');
    expect(within(row('#00002')).getByText('0771234567')).toBeInTheDocument();
    expect(pending.querySelector('img')).toHaveAttribute('src', '/uploads/ads/one.png?w=96');
    // Checkboxes for pending ads only.
    expect(within(pending).getByRole('checkbox')).toBeInTheDocument();
    expect(within(row('#00002')).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(row('#00003')).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 4 of 4 entries')).toBeInTheDocument();
  });

  it('asks for postingDate descending first and toggles sorting by header', async () => {
    const server = fakeServer();
    await renderPage();
    expect(server.lastList().toString()).toBe('page=1&pageSize=10&sort=postingDate&order=desc&status=all');
    const user = userEvent.setup();
    const dateHeader = screen.getByRole('columnheader', { name: 'Date' });
    expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(dateHeader).getByRole('button'));
    await waitFor(() => expect(server.lastList().get('order')).toBe('asc'));
    expect(server.lastList().get('sort')).toBe('postingDate');
    expect(dateHeader).toHaveAttribute('aria-sort', 'ascending');

    for (const [label, field] of [
      ['Ad ID', 'id'],
      ['Heading', 'heading'],
      ['User', 'username'],
      ['Type', 'adType'],
      ['Status', 'status'],
    ]) {
      await user.click(screen.getByRole('button', { name: label }));
      await waitFor(() => expect(server.lastList().get('sort')).toBe(field));
      expect(server.lastList().get('order')).toBe('asc');
      expect(screen.getByRole('columnheader', { name: label })).toHaveAttribute('aria-sort', 'ascending');
      expect(dateHeader).toHaveAttribute('aria-sort', 'none');
    }
    await user.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(server.lastList().get('order')).toBe('desc'));
    expect(server.lastList().get('sort')).toBe('status');
  });

  it('moves by cursor: Next after the last row shown, Previous before the first, Last page as the last rows', async () => {
    let total = 35;
    const server = fakeServer((p) =>
      makeList(ads, {
        total,
        page: Number(p.get('page')),
        cursors: { start: `start-of-${p.get('page')}`, end: `end-of-${p.get('page')}` },
      }),
    );
    await renderPage();
    const user = userEvent.setup();
    const moves = () => {
      const p = server.lastList();
      return [p.get('page'), p.get('after'), p.get('before'), p.get('last')];
    };
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(moves()).toEqual(['2', 'end-of-1', null, null]));
    expect(await screen.findByText('Showing 11 to 20 of 35 entries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(moves()).toEqual(['4', null, null, '5']));
    expect(await screen.findByText('Showing 31 to 35 of 35 entries')).toBeInTheDocument();
    // One of the last page's ads deleted: the last page is now its last 4 rows.
    total = 34;
    await user.click(within(row('#00003')).getByRole('button', { name: /Actions/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Confirm Delete' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(moves()).toEqual(['4', null, null, '4']));
    expect(await screen.findByText('Showing 31 to 34 of 34 entries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(moves()).toEqual(['3', null, 'start-of-4', null]));
    expect(await screen.findByText('Showing 21 to 30 of 34 entries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(moves()).toEqual(['1', null, null, null]));
    expect(await screen.findByText('Showing 1 to 10 of 34 entries')).toBeInTheDocument();
  });

  it('sends the status, category and district filters and a debounced search, back on page 1', async () => {
    const server = fakeServer((p) =>
      makeList(ads, {
        total: 35,
        page: Number(p.get('page')),
        counts: { total: 35, pending: 9, approved: 9, rejected: 17 },
      }),
    );
    await renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(server.lastList().get('page')).toBe('2'));
    expect(await screen.findByText('Showing 11 to 20 of 35 entries')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'pending');
    await waitFor(() => expect(server.lastList().get('status')).toBe('pending'));
    expect(server.lastList().get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const filters = screen.getByRole('region', { name: 'Filters' });
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Category' }), 'Vehicles');
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'District' }), 'Colombo');
    await waitFor(() => expect(server.lastList().get('district')).toBe('Colombo'));
    expect(server.lastList().get('category')).toBe('Vehicles');

    const before = server.listCalls().length;
    await enterSearch(user, screen.getByRole('searchbox', { name: 'Search advertisements' }), 'Kandy land');
    await waitFor(() => expect(server.lastList().get('q')).toBe('Kandy land'));
    // One request for the whole word, not one per key.
    expect(server.listCalls().length - before).toBe(1);
  });

  it('shows the empty state and Reset Filters clears every filter', async () => {
    const server = fakeServer((p) => (p.get('q') || p.get('status') !== 'all' ? makeList([]) : makeList(ads)));
    await renderPage();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'rejected');
    await enterSearch(user, screen.getByRole('searchbox', { name: 'Search advertisements' }), 'zzz');
    // The search's own answer, not the status's: Reset Filters must be pressed on the final rows.
    await waitFor(() => expect(server.lastList().get('q')).toBe('zzz'));
    expect(await screen.findByText(adMessages.emptyState)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await screen.findByRole('row', { name: /#00001/ });
    expect(server.lastList().toString()).toBe('page=1&pageSize=10&sort=postingDate&order=desc&status=all');
    expect(screen.getByRole('searchbox', { name: 'Search advertisements' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('all');
  });

  it('selects only pending ads and bulk-approves them with one call', async () => {
    const server = fakeServer(undefined, (call) =>
      jsonResponse({ success: true, results: (call.body as { ids: string[] }).ids.map((id) => ({ id, ok: true })) }),
    );
    await renderPage();
    const user = userEvent.setup();
    const approve = screen.getByRole('button', { name: 'Approve' });
    const reject = screen.getByRole('button', { name: 'Reject' });
    expect(approve).toBeDisabled();
    expect(reject).toBeDisabled();

    const selectAll = screen.getByRole('checkbox', { name: 'Select all pending advertisements on this page' });
    await user.click(within(row('#00001')).getByRole('checkbox'));
    expect(selectAll).not.toBeChecked();
    expect(approve).toBeEnabled();
    await user.click(within(row('#00004')).getByRole('checkbox'));
    expect(selectAll).toBeChecked();
    await user.click(selectAll);
    expect(within(row('#00001')).getByRole('checkbox')).not.toBeChecked();
    await user.click(selectAll);
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await user.click(approve);
    const dialog = screen.getByRole('dialog', { name: 'Approve 2 Advertisements' });
    const listsBefore = server.listCalls().length;
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent(adMessages.approvedMany(2, 0));
    const post = server.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/advertisements/bulk-status');
    expect(post.body).toEqual({ status: 'approved', ids: [adId(1), adId(4)] });
    await waitFor(() => expect(server.listCalls().length).toBeGreaterThan(listsBefore));
    expect(approve).toBeDisabled();
  });

  it('bulk-rejects with a reason and reports partial failures', async () => {
    const server = fakeServer(undefined, () =>
      jsonResponse({
        success: true,
        results: [
          { id: adId(1), ok: true },
          { id: adId(4), ok: false, message: adMessages.notPending },
        ],
      }),
    );
    await renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select all pending advertisements on this page' }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject 2 Advertisements' });
    await user.type(within(dialog).getByLabelText('Reason for rejection'), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(adMessages.rejectedMany(1, 1));
    expect(server.calls.find((c) => c.method === 'POST')!.body).toEqual({
      status: 'rejected',
      ids: [adId(1), adId(4)],
      rejectionReason: 'Duplicate',
    });
  });

  it('offers Approve and Reject in the row menu of pending ads only, and approves one', async () => {
    const server = fakeServer();
    await renderPage();
    const user = userEvent.setup();
    await user.click(within(row('#00002')).getByRole('button', { name: 'Actions for advertisement #00002' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['View', 'Delete']);
    await user.keyboard('{Escape}');
    const trigger = within(row('#00001')).getByRole('button', { name: 'Actions for advertisement #00001' });
    await user.click(trigger);
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['View', 'Approve', 'Reject', 'Delete']);
    await user.click(screen.getByRole('menuitem', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Advertisement' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Approve' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent(adMessages.approvedOne);
    expect(server.calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: `/api/advertisements/${adId(1)}/status`,
      body: { status: 'approved' },
    });
  });

  it('shows the server message when a single approval loses a race', async () => {
    fakeServer(undefined, () => jsonResponse({ success: false, message: adMessages.notPending }, 409));
    await renderPage();
    const user = userEvent.setup();
    await user.click(within(row('#00004')).getByRole('button', { name: /Actions/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Approve' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(adMessages.notPending);
  });

  it('deletes after confirmation, and shows the fallback on a failure without message', async () => {
    let fail = false;
    const server = fakeServer(undefined, () => (fail ? jsonResponse({}, 500) : jsonResponse({ success: true })));
    await renderPage();
    const user = userEvent.setup();
    await user.click(within(row('#00003')).getByRole('button', { name: /Actions/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Confirm Delete' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(adMessages.deleted);
    expect(server.calls.find((c) => c.method === 'DELETE')!.path).toBe(`/api/advertisements/${adId(3)}`);

    fail = true;
    await user.click(within(row('#00002')).getByRole('button', { name: /Actions/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(adMessages.deleteFailed);
  });

  it('opens the side panel from a row click or Enter, and forgets it 300 ms after closing', async () => {
    fakeServer();
    await renderPage();
    const user = userEvent.setup();
    await user.click(within(row('#00003')).getByText('Rejected one'));
    const panel = await screen.findByRole('dialog', { name: 'Ad Details/Image Review' });
    expect(panel).toHaveTextContent('Spam');
    // The panel stays for its 300 ms closing animation, then goes. On fake timers, so that however
    // long the click takes, the clock only moves when the test moves it.
    vi.useFakeTimers();
    try {
      fireEvent.click(within(panel).getByRole('button', { name: 'Close panel' }));
      act(() => vi.advanceTimersByTime(SIDE_PANEL_CLOSE_MS - 1));
      expect(screen.getByRole('dialog', { name: 'Ad Details/Image Review' })).toBe(panel);
      act(() => vi.advanceTimersByTime(1));
      // Gone from the page, not only hidden; its unmount hands focus back to the row it was opened
      // from (on a timer of its own), before the focus below.
      expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();
      act(() => vi.runOnlyPendingTimers());
    } finally {
      vi.useRealTimers();
    }

    row('#00001').focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Ad Details/Image Review' })).toHaveTextContent('Pending one');
  });

  it('says Failed to fetch advertisements when the list fails', async () => {
    stubFetch(async () => jsonResponse({ success: false, message: 'Something went wrong' }, 500));
    renderApp({ path: '/app/ads-directory', user: makeUser(), routes });
    expect(await screen.findByRole('alert')).toHaveTextContent(adMessages.fetchFailed);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("asks for a search's total once when the list leaves it open, and pages with it", async () => {
    const server = fakeServer((p) =>
      makeList(ads, { total: p.get('q') ? null : ads.length, page: Number(p.get('page')) }),
    );
    const user = userEvent.setup();
    await renderPage();
    await enterSearch(user, screen.getByRole('searchbox'), 'toyota');
    expect(await screen.findByText('Showing 1 to 10 of 37 entries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(server.lastList().get('page')).toBe('2'));
    expect(await screen.findByText('Showing 11 to 20 of 37 entries')).toBeInTheDocument();
    const counts = server.calls.filter((c) => c.path.startsWith('/api/advertisements/count'));
    expect(counts.map((c) => c.path)).toEqual(['/api/advertisements/count?status=all&q=toyota']);
  });

  it('fetches the next page ahead, so Next shows it at once, and still asks the server again', async () => {
    const second = [makeAd({ _id: adId(11), heading: 'First of page two', status: 'pending' })];
    const paths: string[] = [];
    stubFetch(async (path) => {
      paths.push(path);
      const page = new URL(path, 'http://x').searchParams.get('page');
      if (page !== '2') return jsonResponse(makeList(ads, { total: 11 }));
      // Only the call made ahead answers; the one after the click never does.
      if (paths.filter((p) => p.includes('page=2')).length > 1) return new Promise<Response>(() => {});
      return jsonResponse(makeList(second, { total: 11, page: 2 }));
    });
    const user = userEvent.setup();
    await renderPage();
    await waitFor(() => expect(paths.filter((p) => p.includes('page=2'))).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('row', { name: /#00011 First of page two/ })).toBeInTheDocument();
    expect(paths.filter((p) => p.includes('page=2'))).toHaveLength(2);
  });

  it('fetches a sort ahead when the pointer reaches its header', async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    await renderPage();
    await user.hover(screen.getByRole('button', { name: 'Heading' }));
    await waitFor(() => expect(server.lastList().get('sort')).toBe('heading'));
    expect(server.lastList().get('order')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');
  });
});
