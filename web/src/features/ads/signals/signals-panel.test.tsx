import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { adMessages } from '@backoffice/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store';
import { jsonResponse } from '../../../test/render';
import { adId, makeAd } from '../ads-test-data';
import { Harness, me, panelHandlers, panelServer } from '../panel/panel-test-server';
import { axio, duplicate, found, kasun, original, repost } from './signals-test-data';

/** The panel's server (panel-test-server.tsx) with an ad's signals, its duplicates and the bulk call. */
function signalsServer(
  bulkOk: (id: string) => boolean = () => true,
  duplicates = [duplicate(original, 'image', 0.97), duplicate(repost, 'text', 0.93)],
) {
  const server = panelServer([axio, repost, original]);
  const bulk: unknown[] = [];
  const rejected = new Set<string>();
  const fetchMock = vi.mocked(globalThis.fetch);
  const inner = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    if (path === `/api/advertisements/${axio._id}/signals`) return jsonResponse(found);
    if (path === `/api/advertisements/${axio._id}/duplicates`) return jsonResponse({ success: true, duplicates });
    if (path.endsWith('/signals'))
      return jsonResponse({ success: true, risk: null, signals: [], analysedAt: null, unreadableImages: [] });
    if (path.endsWith('/duplicates')) return jsonResponse({ success: true, duplicates: [] });
    if (path === '/api/advertisements/bulk-status') {
      const body = (await request.json()) as { ids: string[] };
      bulk.push(body);
      body.ids.filter(bulkOk).forEach((id) => rejected.add(id));
      return jsonResponse({ success: true, results: body.ids.map((id) => ({ id, ok: bulkOk(id) })) });
    }
    const decided = [axio, repost].find((ad) => path === `/api/advertisements/${ad._id}` && rejected.has(ad._id));
    if (decided && request.method === 'GET')
      return jsonResponse({ success: true, advertisement: { ...decided, status: 'rejected' } });
    return inner(input, init);
  });
  return { ...server, bulk };
}

function renderPanel() {
  const store = makeStore({ user: { currentUser: me, loading: false, error: false } });
  return render(
    <Provider store={store}>
      <MemoryRouter>
        <Harness ads={[axio, repost, original]} />
      </MemoryRouter>
    </Provider>,
  );
}

const panel = () => screen.getByRole('dialog', { name: 'Ad Details/Image Review' });
const signalsRegion = () => within(panel()).getByRole('region', { name: /^Signals/ });
const group = () => within(panel()).getByRole('list', { name: 'Duplicates' });
const card = (id: string) => group().querySelector<HTMLElement>(`[data-duplicate-id="${id}"]`)!;

afterEach(() => panelHandlers.onMessage.mockReset());

describe('the side panel’s signals', () => {
  it('lists every signal with its evidence: marked text, accounts, usual price, unreadable image', async () => {
    signalsServer();
    renderPanel();
    const region = await waitFor(() => {
      const r = signalsRegion();
      expect(r).toHaveTextContent('Risk 84 of 100, high');
      return r;
    });
    // Most serious first; each a chip with its word.
    const chips = [...region.querySelectorAll('[data-signal]')].map((li) => li.firstElementChild!.textContent);
    expect(chips).toEqual([
      'Stolen photo',
      'Risky phrase',
      'Phone reused',
      'Price outlier',
      'Duplicate text',
      'Contact in text',
      'New account',
    ]);
    // The contact and the phrase are marked in the ad's own text.
    const marks = [...region.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(expect.arrayContaining(['077 123 4567', 'Advance payment']));
    expect(region).toHaveTextContent('phone number 077 123 4567 (+94771234567)');
    expect(region).toHaveTextContent('Advance payment Advance payment · English');
    expect(region).toHaveTextContent(
      'Rs 500,000 is far below the usual price in Vehicles: about Rs 4,500,000, usually Rs 3,000,000 – Rs 6,500,000 (from 120 priced ads)',
    );
    const accounts = within(region).getByRole('list', { name: 'Accounts using +94771234567' });
    expect(within(accounts).getByRole('link', { name: 'kasun' })).toHaveAttribute('href', `/app/users/${kasun}`);
    expect(region).toHaveTextContent('+94771234567 (the contact number) is also used by 2 other accounts');
    expect(region).toHaveTextContent('Near-duplicate text of #00002 (93 % alike)');
    expect(region).toHaveTextContent('Image 1 is image 2 of #00003, posted by another advertiser.');
    expect(region).toHaveTextContent('The advertiser’s first ad. The account was 5 h old when it was posted.');
    expect(within(region).getByRole('list', { name: 'Unreadable images' })).toHaveTextContent(
      'Image 2 could not be read: its photo was not checked',
    );
  });

  it('says an ad not analysed yet is not checked', async () => {
    signalsServer();
    const store = makeStore({ user: { currentUser: me, loading: false, error: false } });
    render(
      <Provider store={store}>
        <MemoryRouter>
          <Harness ads={[repost]} />
        </MemoryRouter>
      </Provider>,
    );
    await waitFor(() => expect(signalsRegion()).toHaveTextContent('Not checked yet'));
    expect(within(panel()).queryByRole('list', { name: 'Duplicates' })).not.toBeInTheDocument();
  });
});

describe('the duplicates group', () => {
  it('shows the ad beside its duplicates with their photos, and opens one in the panel', async () => {
    const server = signalsServer();
    renderPanel();
    await waitFor(() => expect(group().children).toHaveLength(3));
    expect(card(axio._id)).toHaveTextContent('This ad');
    expect(card(repost._id)).toHaveTextContent('93 % same text');
    expect(card(original._id)).toHaveTextContent('Same photo');
    // The matched photos come first on both sides.
    expect(within(card(original._id)).getAllByRole('img')[0]).toHaveAccessibleName('Image 2 of Axio 2012 sale');
    expect(within(card(axio._id)).getAllByRole('img')[0]).toHaveAccessibleName('Image 1 of Toyota Axio 2012 for Sale');
    // Only pending ads can be ticked.
    expect(within(card(original._id)).queryByRole('checkbox')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(card(original._id)).getByRole('button', { name: 'Open advertisement #00003' }));
    await waitFor(() => expect(within(panel()).getByRole('heading', { name: 'Axio 2012 sale' })).toBeInTheDocument());
    expect(server.of('GET', `/advertisements/${original._id}`)).toHaveLength(1);
  });

  it('shows text reposts first, then photo matches, at most eight, counting the rest', async () => {
    const many = Array.from({ length: 10 }, (_, i) =>
      duplicate(makeAd({ _id: adId(10 + i), heading: `Photo match ${i}` }), 'image', 1),
    );
    signalsServer(undefined, [...many, duplicate(repost, 'text', 0.6)]);
    renderPanel();
    await waitFor(() => expect(group().children).toHaveLength(9));
    const order = [...group().querySelectorAll<HTMLElement>('[data-duplicate-id]')].map((c) => c.dataset.duplicateId);
    expect(order.slice(0, 3)).toEqual([axio._id, repost._id, adId(10)]);
    expect(within(panel()).getByRole('heading', { name: 'Duplicates (11)' })).toBeInTheDocument();
    expect(panel()).toHaveTextContent('and 3 more not shown');
  });

  it('rejects the ticked reposts in one bulk action, naming them, with the per-item outcome', async () => {
    const server = signalsServer((id) => id !== axio._id);
    renderPanel();
    await waitFor(() => expect(group().children).toHaveLength(3));
    const reject = within(panel()).getByRole('button', { name: 'Reject selected' });
    expect(reject).toBeDisabled();

    const user = userEvent.setup();
    await user.click(within(card(repost._id)).getByRole('checkbox', { name: 'Select advertisement #00002' }));
    await user.click(within(card(axio._id)).getByRole('checkbox', { name: 'Select advertisement #00001' }));
    await user.click(within(panel()).getByRole('button', { name: 'Reject 2 selected' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject 2 Advertisements' });
    expect(within(dialog).getByRole('list', { name: 'Advertisements' })).toHaveTextContent(
      'Toyota Axio 2012 for Sale (#00001)Toyota Axio 2012 for Sale (#00002)',
    );
    expect(dialog).toHaveTextContent(
      'Are you sure you want to reject these 2 advertisements? This is a permanent action',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Reason for rejection' })).toHaveFocus();
    await user.keyboard('Repost of an earlier ad{Control>}{Enter}{/Control}');

    await waitFor(() =>
      expect(panelHandlers.onMessage).toHaveBeenCalledWith({ tone: 'warning', text: adMessages.rejectedMany(1, 1) }),
    );
    expect(server.bulk).toEqual([
      { status: 'rejected', ids: [axio._id, repost._id], rejectionReason: 'Repost of an earlier ad' },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Reject 2 Advertisements' })).not.toBeInTheDocument();
  });

  it('shows this ad decided once the bulk action rejected it', async () => {
    signalsServer();
    renderPanel();
    await waitFor(() => expect(group().children).toHaveLength(3));
    const user = userEvent.setup();
    await user.click(within(card(axio._id)).getByRole('checkbox', { name: 'Select advertisement #00001' }));
    await user.click(within(panel()).getByRole('button', { name: 'Reject 1 selected' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for rejection' }), 'Repost');
    await user.click(
      within(screen.getByRole('dialog', { name: 'Reject Advertisement' })).getByRole('button', { name: 'Reject' }),
    );
    await waitFor(() =>
      expect(panelHandlers.onMessage).toHaveBeenCalledWith({ tone: 'success', text: adMessages.rejectedMany(1, 0) }),
    );
    // The panel follows: this ad is rejected, its checkbox and the footer's decisions are gone.
    await waitFor(() => expect(within(card(axio._id)).queryByRole('checkbox')).not.toBeInTheDocument());
    expect(within(card(axio._id)).getByText('Rejected')).toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
  });
});
