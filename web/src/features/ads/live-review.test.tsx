import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  adMessages,
  CLAIM_RENEW_MS,
  CLAIM_TTL_MS,
  liveText,
  type AdListResponse,
  type Advertisement,
} from '@backoffice/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveIndicator } from '../../app/layout/live-indicator';
import { LIVE_REFRESH_DEBOUNCE_MS } from '../../app/live-events';
import { useLiveEvents } from '../../app/use-live-events';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { AdsDirectoryPage } from './ads-directory-page';
import { adId, makeAd, makeList } from './ads-test-data';
import { FakeEventSource } from '../../test/fake-event-source';
import { testDrivenTimers } from '../../test/exact-timers';

const me = makeUser();
const nimal = { _id: '11111111-1111-4111-8111-111111111111', name: 'Nimal' };
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function fakeServer(
  ads: Advertisement[],
  options: {
    list?: (params: URLSearchParams) => AdListResponse;
    claim?: (call: Call) => Response;
  } = {},
) {
  const calls: Call[] = [];
  const fetchMock = stubFetch(async () => jsonResponse({}));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
    const call = { method: request.method, path: url.pathname + url.search, body };
    calls.push(call);
    if (url.pathname === '/api/advertisements/list')
      return jsonResponse(options.list ? options.list(url.searchParams) : makeList(ads));
    if (url.pathname === '/api/rejection-reasons') return jsonResponse({ success: true, reasons: [] });
    if (url.pathname === '/api/advertisements/bulk-status')
      return jsonResponse({ success: true, results: (body as { ids: string[] }).ids.map((id) => ({ id, ok: true })) });
    if (url.pathname.endsWith('/claim')) {
      if (options.claim) return options.claim(call);
      return request.method === 'DELETE'
        ? jsonResponse({ success: true })
        : jsonResponse({ success: true, claim: { by: { _id: me._id, name: me.name }, expiresAt: inAMinute() } });
    }
    return jsonResponse({ success: true, advertisement: ads[0] });
  });
  return {
    calls,
    lists: () => calls.filter((c) => c.path.startsWith('/api/advertisements/list')),
    claims: () => calls.filter((c) => c.path.endsWith('/claim')),
    bulk: () => calls.filter((c) => c.path === '/api/advertisements/bulk-status'),
  };
}

function LivePage() {
  useLiveEvents();
  return (
    <>
      <AdsDirectoryPage />
      <LiveIndicator />
    </>
  );
}
const routes = [{ path: '/app/ads-directory', Component: LivePage }];

async function renderPage() {
  const view = renderApp({ path: '/app/ads-directory', user: me, routes });
  await screen.findByRole('row', { name: /#00001/ });
  return view;
}

const table = () => screen.getByRole('table', { name: 'Advertisements' });
const row = (id: string) => within(table()).getByRole('row', { name: new RegExp(id) });
const search = () => screen.getByRole('searchbox', { name: 'Search advertisements' });

const pageOfAds = [
  makeAd({ _id: adId(1), heading: 'Pending one', status: 'pending' }),
  makeAd({ _id: adId(2), heading: 'Approved one', status: 'approved' }),
  makeAd({ _id: adId(3), heading: 'Pending three', status: 'pending' }),
];

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  FakeEventSource.instances = [];
  vi.useRealTimers();
});

describe('keyboard review', () => {
  it('moves the row focus with j/k, opens with v and Enter, selects with x, and asks before approving or rejecting', async () => {
    fakeServer(pageOfAds);
    await renderPage();
    const user = userEvent.setup();
    await user.keyboard('j');
    expect(row('#00001')).toHaveFocus();
    await user.keyboard('jj');
    expect(row('#00003')).toHaveFocus();
    await user.keyboard('j'); // stays on the last row
    expect(row('#00003')).toHaveFocus();
    await user.keyboard('k');
    expect(row('#00002')).toHaveFocus();

    // x on an approved row selects nothing; on a pending one it toggles.
    await user.keyboard('x');
    expect(screen.queryByText('1 selected')).not.toBeInTheDocument();
    await user.keyboard('kx');
    expect(within(row('#00001')).getByRole('checkbox')).toBeChecked();
    await user.keyboard('x');
    expect(within(row('#00001')).getByRole('checkbox')).not.toBeChecked();

    await user.keyboard('v');
    const panel = await screen.findByRole('dialog', { name: 'Ad Details/Image Review' });
    expect(within(panel).getByText('Pending one')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    row('#00003').focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Ad Details/Image Review' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.keyboard('a');
    const approve = screen.getByRole('dialog', { name: 'Approve Advertisement' });
    await user.click(within(approve).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('r');
    const reject = screen.getByRole('dialog', { name: 'Reject Advertisement' });
    expect(within(reject).getByRole('button', { name: 'Reject' })).toBeDisabled();
    await user.click(within(reject).getByRole('button', { name: 'Cancel' }));

    // On an approved row, a says why nothing happens.
    await user.keyboard('k');
    expect(row('#00002')).toHaveFocus();
    await user.keyboard('a');
    expect(await screen.findByText(adMessages.onlyPendingApproved)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('pages with n/p, focuses the search with /, and lists the shortcuts with ?', async () => {
    const server = fakeServer(pageOfAds, {
      list: (p) => makeList(pageOfAds, { total: 25, page: Number(p.get('page') ?? 1) }),
    });
    await renderPage();
    const user = userEvent.setup();
    await user.keyboard('n');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'));
    await user.keyboard('n');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page'));
    await user.keyboard('n'); // the last page
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    await user.keyboard('p');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'));
    expect(server.lists().some((c) => c.path.includes('page=3'))).toBe(true);

    await user.keyboard('/');
    expect(search()).toHaveFocus();
    expect(search()).toHaveValue('');

    await user.click(document.body);
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: liveText.shortcuts });
    expect(within(help).getByText('Approve it')).toBeInTheDocument();
    // The button opens the same list without the keyboard.
    await user.click(within(help).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: liveText.shortcuts }));
    expect(await screen.findByRole('dialog', { name: liveText.shortcuts })).toBeInTheDocument();
  });

  it('fires nothing while typing in the search box or while a dialog is open', async () => {
    const server = fakeServer(pageOfAds, {
      list: (p) => makeList(pageOfAds, { total: 25, page: Number(p.get('page') ?? 1) }),
    });
    await renderPage();
    const user = userEvent.setup();
    await user.keyboard('j');
    expect(row('#00001')).toHaveFocus();

    // A dialog open: the shortcuts wait. (Counted once the next page, fetched ahead, was asked for.)
    await waitFor(() => expect(server.lists().some((c) => c.path.includes('page=2'))).toBe(true));
    await user.click(screen.getByRole('button', { name: liveText.shortcuts }));
    await screen.findByRole('dialog', { name: liveText.shortcuts });
    const before = server.lists().length;
    await user.keyboard('jxnar?');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    // The page behind a modal dialog is hidden from assistive technology; it is read all the same.
    const behind = { hidden: true };
    const table = screen.getByRole('table', { name: 'Advertisements', ...behind });
    const first = within(table).getByRole('row', { name: /#00001/, ...behind });
    expect(within(first).getByRole('checkbox', behind)).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Page 1', ...behind })).toHaveAttribute('aria-current', 'page');
    expect(server.lists().length).toBe(before);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Typing in the search box: the keys are text. (After the dialog's count: a loaded machine may
    // pause long enough between these keys for their text to be searched.)
    await user.click(search());
    await user.keyboard('jkxvarnp/?');
    expect(search()).toHaveValue('jkxvarnp/?');
    expect(search()).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(row('#00001')).getByRole('checkbox')).not.toBeChecked();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('claims', () => {
  it('badges a row another admin reviews and disables its checkbox', async () => {
    fakeServer([
      makeAd({ _id: adId(1), status: 'pending', claim: { by: nimal, expiresAt: inAMinute() } }),
      makeAd({
        _id: adId(3),
        status: 'pending',
        claim: { by: { _id: me._id, name: 'Ada Admin' }, expiresAt: inAMinute() },
      }),
      makeAd({
        _id: adId(4),
        status: 'pending',
        claim: { by: nimal, expiresAt: new Date(Date.now() - 1000).toISOString() },
      }),
    ]);
    await renderPage();
    expect(within(row('#00001')).getByText(liveText.beingReviewedBy('Nimal'))).toBeInTheDocument();
    expect(within(row('#00001')).getByRole('checkbox')).toBeDisabled();
    // The admin's own claim and an expired one are no obstacle.
    expect(within(row('#00003')).queryByText(/Being reviewed/)).not.toBeInTheDocument();
    await waitFor(() => expect(within(row('#00003')).getByRole('checkbox')).toBeEnabled());
    expect(within(row('#00004')).queryByText(/Being reviewed/)).not.toBeInTheDocument();
    expect(within(row('#00004')).getByRole('checkbox')).toBeEnabled();
    // x skips the held row too.
    const user = userEvent.setup();
    await user.keyboard('jx');
    expect(within(row('#00001')).getByRole('checkbox')).not.toBeChecked();
  });

  it('select-all skips the rows another admin reviews, and a row claimed after it was ticked leaves the selection', async () => {
    const server = fakeServer([
      makeAd({ _id: adId(1), status: 'pending', claim: { by: nimal, expiresAt: inAMinute() } }),
      makeAd({ _id: adId(2), status: 'pending' }),
      makeAd({ _id: adId(3), status: 'pending' }),
    ]);
    await renderPage();
    const stream = FakeEventSource.instances[0]!;
    act(() => stream.open());
    const user = userEvent.setup();
    const selectAll = screen.getByRole('checkbox', { name: 'Select all pending advertisements on this page' });
    expect(selectAll).toHaveAttribute('title', 'Skips the ad another admin is reviewing');
    await user.click(selectAll);
    expect(selectAll).toBeChecked();
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    const held = within(row('#00001')).getByRole('checkbox');
    expect(held).not.toBeChecked();
    expect(held).toHaveAttribute('title', liveText.beingReviewedBy('Nimal'));

    act(() =>
      stream.send({
        type: 'claimed',
        id: adId(3),
        claim: { by: nimal, expiresAt: inAMinute() },
        by: nimal,
        at: new Date().toISOString(),
        counts: { total: 3, pending: 3, approved: 0, rejected: 0 },
      }),
    );
    await waitFor(() => expect(within(row('#00003')).getByRole('checkbox')).toBeDisabled());
    expect(within(row('#00003')).getByRole('checkbox')).not.toBeChecked();
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(selectAll).toHaveAttribute('title', 'Skips 2 ads another admin is reviewing');

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.bulk()).toHaveLength(1));
    expect(server.bulk()[0]!.body).toEqual({ status: 'approved', ids: [adId(2)] });
  });

  it('claims a pending ad while its panel is open, renews it every minute and releases it on close', async () => {
    testDrivenTimers(['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval']);
    const server = fakeServer(pageOfAds);
    await renderPage();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(row('#00001'));
    await waitFor(() => expect(server.claims()).toHaveLength(1));
    expect(server.claims()[0]).toMatchObject({ method: 'POST', path: `/api/advertisements/${adId(1)}/claim` });

    await act(async () => vi.advanceTimersByTime(CLAIM_RENEW_MS - 1000));
    expect(server.claims()).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(server.claims()).toHaveLength(2));
    expect(server.claims()[1]!.method).toBe('POST');
    await act(async () => vi.advanceTimersByTime(CLAIM_RENEW_MS));
    await waitFor(() => expect(server.claims()).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: 'Close panel' }));
    await waitFor(() => expect(server.claims().at(-1)!.method).toBe('DELETE'));
    const count = server.claims().length;
    await act(async () => vi.advanceTimersByTime(CLAIM_RENEW_MS * 2));
    expect(server.claims()).toHaveLength(count);

    // An approved ad is not claimed.
    await user.click(row('#00002'));
    await screen.findByRole('dialog', { name: 'Ad Details/Image Review' });
    await act(async () => vi.advanceTimersByTime(CLAIM_RENEW_MS));
    expect(server.claims()).toHaveLength(count);
  });

  it('shows at once that another admin took over my claim: stops renewing, keeps it on close, and a/r say why', async () => {
    testDrivenTimers(['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval']);
    const server = fakeServer(pageOfAds);
    await renderPage();
    const stream = FakeEventSource.instances[0]!;
    act(() => stream.open());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(row('#00001'));
    const panel = await screen.findByRole('dialog', { name: 'Ad Details/Image Review' });
    await waitFor(() => expect(server.claims()).toHaveLength(1));
    // My own claim, as the stream announces it, changes nothing.
    act(() =>
      stream.send({
        type: 'claimed',
        id: adId(1),
        claim: { by: { _id: me._id, name: 'Ada Admin' }, expiresAt: inAMinute() },
        by: { _id: me._id, name: 'Ada Admin' },
        at: new Date().toISOString(),
        counts: { total: 3, pending: 2, approved: 1, rejected: 0 },
      }),
    );
    expect(within(panel).queryByText(/Being reviewed/)).not.toBeInTheDocument();

    act(() =>
      stream.send({
        type: 'claimed',
        id: adId(1),
        claim: { by: nimal, expiresAt: new Date(Date.now() + CLAIM_TTL_MS).toISOString() },
        by: nimal,
        at: new Date().toISOString(),
        counts: { total: 3, pending: 2, approved: 1, rejected: 0 },
      }),
    );
    expect(await within(panel).findByText(liveText.beingReviewedBy('Nimal'))).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: liveText.takeOver })).toBeEnabled();
    // No renewal (it would only be refused) and no release of what is now Nimal's.
    await act(async () => vi.advanceTimersByTime(CLAIM_RENEW_MS * 2));
    expect(server.claims()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Close panel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.claims()).toHaveLength(1);

    // The row says who holds it, and the keyboard's approve and reject say so instead of asking.
    expect(within(row('#00001')).getByText(liveText.beingReviewedBy('Nimal'))).toBeInTheDocument();
    row('#00001').focus();
    const said = () =>
      screen.queryAllByRole('alert').filter((s) => s.textContent?.includes(liveText.beingReviewedBy('Nimal')));
    expect(said()).toHaveLength(0);
    await user.keyboard('a');
    await waitFor(() => expect(said()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.keyboard('r');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says who reviews the ad on 409 and takes it over after a confirmation', async () => {
    const server = fakeServer(pageOfAds, {
      claim: (call) =>
        (call.body as { takeOver?: boolean }).takeOver
          ? jsonResponse({ success: true, claim: { by: { _id: me._id, name: me.name }, expiresAt: inAMinute() } })
          : jsonResponse({ success: false, message: liveText.beingReviewedBy('Nimal') }, 409),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await renderPage();
    const user = userEvent.setup();
    await user.click(row('#00001'));
    const panel = await screen.findByRole('dialog', { name: 'Ad Details/Image Review' });
    expect(await within(panel).findByText(liveText.beingReviewedBy('Nimal'))).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: liveText.takeOver }));
    expect(confirm).toHaveBeenLastCalledWith(liveText.takeOverConfirm('Nimal'));
    expect(server.claims()).toHaveLength(1);
    await user.click(within(panel).getByRole('button', { name: liveText.takeOver }));
    await waitFor(() => expect(within(panel).queryByText(liveText.beingReviewedBy('Nimal'))).not.toBeInTheDocument());
    expect(server.claims().at(-1)!.body).toEqual({ takeOver: true });
  });
});

describe('live events', () => {
  it('updates a row and the count cards in place, with no refetch', async () => {
    const server = fakeServer(pageOfAds);
    await renderPage();
    expect(FakeEventSource.instances).toHaveLength(1);
    const stream = FakeEventSource.instances[0]!;
    expect(stream.url).toBe('/api/events');
    act(() => stream.open());
    const listsBefore = server.lists().length;
    // The refetch debounce runs on a clock the test moves (below).
    testDrivenTimers(['setTimeout', 'clearTimeout']);

    act(() =>
      stream.send({
        type: 'moderated',
        id: adId(1),
        status: 'approved',
        by: nimal,
        at: new Date().toISOString(),
        counts: { total: 3, pending: 1, approved: 2, rejected: 0 },
      }),
    );
    // The store tells the screen on its next tick.
    expect(await within(row('#00001')).findByText('Approved')).toBeInTheDocument();
    expect(within(row('#00001')).getByText(liveText.decidedBy('approved', 'Nimal'))).toBeInTheDocument();
    expect(within(row('#00001')).queryByRole('checkbox')).not.toBeInTheDocument();
    const counts = screen.getByRole('region', { name: 'Advertisement counts' });
    expect(within(counts).getByText('Pending').nextSibling).toHaveTextContent('1');
    expect(within(counts).getByText('Approved').nextSibling).toHaveTextContent('2');

    act(() =>
      stream.send({
        type: 'claimed',
        id: adId(3),
        claim: { by: nimal, expiresAt: inAMinute() },
        by: nimal,
        at: new Date().toISOString(),
        counts: { total: 3, pending: 1, approved: 2, rejected: 0 },
      }),
    );
    expect(await within(row('#00003')).findByText(liveText.beingReviewedBy('Nimal'))).toBeInTheDocument();
    expect(within(row('#00003')).getByRole('checkbox')).toBeDisabled();
    act(() =>
      stream.send({
        type: 'released',
        id: adId(3),
        claim: null,
        by: nimal,
        at: new Date().toISOString(),
        counts: { total: 3, pending: 1, approved: 2, rejected: 0 },
      }),
    );
    await waitFor(() => expect(within(row('#00003')).getByRole('checkbox')).toBeEnabled());

    // The bell's feed may be asked again after the debounce; the list never is.
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_DEBOUNCE_MS * 2));
    expect(server.lists()).toHaveLength(listsBefore);
  });

  it('shows a quiet note while reconnecting and closes the stream when the page goes', async () => {
    fakeServer(pageOfAds);
    const view = await renderPage();
    const stream = FakeEventSource.instances[0]!;
    act(() => stream.open());
    expect(screen.queryByText(liveText.reconnecting)).not.toBeInTheDocument();
    act(() => {
      stream.readyState = FakeEventSource.CONNECTING;
      stream.dispatch('error', new Event('error'));
    });
    expect(screen.getByText(liveText.reconnecting)).toBeInTheDocument();
    // EventSource retries by itself: no second stream.
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => stream.open());
    expect(screen.queryByText(liveText.reconnecting)).not.toBeInTheDocument();
    view.unmount();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });
});
