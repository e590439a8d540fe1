import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADS_PAGE_SIZE, type Advertisement } from '@backoffice/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../../test/render';
import { FakeEventSource } from '../../../test/fake-event-source';
import { AdsDirectoryPage } from '../ads-directory-page';
import { adId, makeAd, makeList } from '../ads-test-data';

const me = makeUser();
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

/** Two pages of the view: the first ends with its only pending ad, the second is all pending. */
const firstPage = Array.from({ length: ADS_PAGE_SIZE }, (_, i) =>
  makeAd({ _id: adId(i + 1), heading: `Ad number ${i + 1}`, status: i + 1 === ADS_PAGE_SIZE ? 'pending' : 'approved' }),
);
const secondPage = [11, 12, 13].map((n) => makeAd({ _id: adId(n), heading: `Ad number ${n}` }));

/** Pages as the server does (by the `after` cursor or the last rows); records decisions and claims. */
function pagedServer() {
  const ads = [...firstPage, ...secondPage];
  const decided: string[] = [];
  const claimed: string[] = [];
  const fetchMock = stubFetch(async () => jsonResponse({}));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    if (url.pathname === '/api/advertisements/list') {
      // The second page is the last: asked for after the first's end, or as the order's last rows.
      const secondAsked =
        url.searchParams.get('after') === `cursor-${adId(ADS_PAGE_SIZE)}` || url.searchParams.get('last') === '3';
      const rows = (secondAsked ? secondPage : firstPage).map((ad) => ads.find((a) => a._id === ad._id)!);
      return jsonResponse(makeList(rows, { total: ads.length, page: secondAsked ? 2 : 1, pageSize: ADS_PAGE_SIZE }));
    }
    const id = url.pathname.split('/')[3] ?? '';
    const at = ads.findIndex((ad) => ad._id === id);
    if (url.pathname.endsWith('/claim') && request.method === 'POST') {
      claimed.push(id);
      return jsonResponse({ success: true, claim: { by: { _id: me._id, name: me.name }, expiresAt: inAMinute() } });
    }
    if (request.method === 'PUT' && url.pathname.endsWith('/status') && at >= 0) {
      const body = (await request.json()) as { status: Advertisement['status'] };
      decided.push(id);
      ads[at] = { ...ads[at]!, status: body.status };
      return jsonResponse({ success: true, advertisement: ads[at] });
    }
    if (url.pathname.endsWith('/advertiser')) return jsonResponse({ success: true, advertiser: null });
    if (url.pathname.endsWith('/signals')) return jsonResponse({ success: true, risk: null, signals: [] });
    if (url.pathname.endsWith('/duplicates')) return jsonResponse({ success: true, duplicates: [] });
    return jsonResponse({ success: true, reasons: [], entries: [], messages: [] });
  });
  return { decided, claimed };
}

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
  return () => {
    FakeEventSource.instances = [];
  };
});

describe('Approve & next at the end of a page', () => {
  it('goes on to the next page’s first pending ad, and the list turns to that page', async () => {
    const server = pagedServer();
    const { router } = renderApp({
      path: '/app/ads-directory',
      user: me,
      routes: [{ path: '/app/ads-directory', Component: AdsDirectoryPage }],
    });
    const table = await screen.findByRole('table', { name: 'Advertisements' });
    const last = `#${String(ADS_PAGE_SIZE).padStart(5, '0')}`;
    const user = userEvent.setup();
    await user.click(within(table).getByRole('row', { name: new RegExp(last) }));
    const panel = await screen.findByRole('dialog', { name: 'Ad Details/Image Review' });
    // The next page was fetched ahead, so the panel knows where "next" goes.
    const approve = await within(panel).findByRole('button', { name: 'Approve & next' });
    await user.click(approve);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Approve Advertisement' })).getByRole('button', { name: 'Approve' }),
    );

    await waitFor(() =>
      expect(
        within(screen.getByRole('dialog', { name: 'Ad Details/Image Review' })).getByRole('heading', {
          name: 'Ad number 11',
        }),
      ).toHaveFocus(),
    );
    expect(server.decided).toEqual([adId(ADS_PAGE_SIZE)]);
    await waitFor(() => expect(server.claimed).toContain(adId(11)));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2'));
    // Behind the open panel (the rest of the page is hidden from assistive technology while it is open).
    await screen.findByRole('row', { name: /#00011/, hidden: true });
    expect(screen.queryByRole('row', { name: new RegExp(last), hidden: true })).not.toBeInTheDocument();
  });
});
