import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adMessages, exportText, type AdBulkMatchBody, type AdListResponse } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { AdsDirectoryPage } from './ads-directory-page';
import { adExportUrl } from './ads-export';
import { adId, makeAd, makeList } from './ads-test-data';
import { enterSearch } from '../../test/search';

const routes = [{ path: '/app/ads-directory', Component: AdsDirectoryPage }];

const ads = [
  makeAd({ _id: adId(1), heading: 'Pending one', status: 'pending' }),
  makeAd({ _id: adId(2), heading: 'Approved one', status: 'approved' }),
  makeAd({ _id: adId(4), heading: 'Pending two', status: 'pending' }),
];

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

/**
 * A fake server: the list answers `list(params)`, the count `count(params)`, the bulk-status call
 * by filter `bulk(body)`.
 */
function fakeServer({
  list = () => makeList(ads, { total: 12345 }),
  count = () => 12345,
  bulk = () => jsonResponse({ success: true, ok: 0, failed: 0, remaining: 0 }),
}: {
  list?: (p: URLSearchParams) => AdListResponse;
  count?: (p: URLSearchParams) => number;
  bulk?: (body: AdBulkMatchBody) => Response | Promise<Response>;
} = {}) {
  const calls: Call[] = [];
  const fetchMock = stubFetch(async () => jsonResponse({}));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
    calls.push({ method: request.method, url, body });
    if (url.pathname === '/api/advertisements/list') return jsonResponse(list(url.searchParams));
    if (url.pathname === '/api/advertisements/count') return jsonResponse({ total: count(url.searchParams) });
    if (url.pathname === '/api/advertisements/bulk-status') return bulk(body as AdBulkMatchBody);
    return jsonResponse({ success: false, message: 'Not found' }, 404);
  });
  const bulkBodies = () =>
    calls.filter((c) => c.url.pathname === '/api/advertisements/bulk-status').map((c) => c.body as AdBulkMatchBody);
  const lists = () => calls.filter((c) => c.url.pathname === '/api/advertisements/list');
  return { calls, bulkBodies, lists };
}

async function renderPage() {
  const view = renderApp({ path: '/app/ads-directory', user: makeUser(), routes });
  await screen.findByRole('row', { name: /#00001/ });
  return view;
}

describe('Export as and Filter on the ads directory', () => {
  it("exports the view the list shows (Overdue, My claims), as the list's filters", () => {
    const href = new URL(
      adExportUrl({ view: 'mine', status: 'pending', sort: 'postingDate', order: 'asc' }),
      'http://x',
    );
    expect(Object.fromEntries(href.searchParams)).toEqual({
      format: 'csv',
      view: 'mine',
      status: 'pending',
      sort: 'postingDate',
      order: 'asc',
    });
  });

  it('offers "Export 12,345 ads as CSV" as a download of the current filters, search and sort', async () => {
    fakeServer({ list: (p) => makeList(ads, { total: p.get('district') ? 321 : 12345 }) });
    await renderPage();
    const user = userEvent.setup();

    const exportButton = screen.getByRole('button', { name: exportText.exportAs });
    expect(exportButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(exportButton);
    let item = screen.getByRole('menuitem', { name: exportText.exportAds('12,345') });
    expect(item).toHaveAttribute('download');
    expect(item).toHaveAttribute(
      'href',
      '/api/advertisements/export?format=csv&status=all&sort=postingDate&order=desc',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(exportButton).toHaveFocus();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'pending');
    await user.click(screen.getByRole('button', { name: /^Filter/ }));
    const filters = screen.getByRole('region', { name: 'Filters' });
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'District' }), 'Colombo');
    await enterSearch(user, screen.getByRole('searchbox', { name: 'Search advertisements' }), 'Kandy land');
    await user.click(screen.getByRole('button', { name: 'Date' }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'ascending'),
    );

    await user.click(exportButton);
    // The search reaches the link once its debounce has passed, as it reaches the list.
    await waitFor(() => {
      item = screen.getByRole('menuitem', { name: exportText.exportAds('321') });
      const href = new URL(item.getAttribute('href')!, 'http://x');
      expect(href.pathname).toBe('/api/advertisements/export');
      expect(Object.fromEntries(href.searchParams)).toEqual({
        format: 'csv',
        status: 'pending',
        district: 'Colombo',
        q: 'Kandy land',
        sort: 'postingDate',
        order: 'asc',
      });
    });
  });

  it('Filter, the one toggle of the Category and District panel, says how many of them are set', async () => {
    fakeServer();
    await renderPage();
    const user = userEvent.setup();
    const filter = screen.getByRole('button', { name: 'Filter' });
    expect(filter).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();

    await user.click(filter);
    expect(filter).toHaveAttribute('aria-expanded', 'true');
    const filters = screen.getByRole('region', { name: 'Filters' });
    expect(filter).toHaveAttribute('aria-controls', filters.id);
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Category' }), 'Land');
    expect(within(filter).getByText(exportText.filtersActive(1))).toBeInTheDocument();
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'District' }), 'Kandy');
    expect(within(filter).getByText(exportText.filtersActive(2))).toBeInTheDocument();
    // One Status, in the toolbar: the panel has none, and Status is not counted on Filter.
    expect(within(filters).queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('combobox', { name: 'Status' })).toHaveLength(1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'approved');
    expect(within(filter).getByText(exportText.filtersActive(2))).toBeInTheDocument();
    // One toggle: no second button opens the panel.
    expect(screen.getAllByRole('button', { expanded: true })).toEqual([filter]);

    await user.click(filter);
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();
    expect(filter).toHaveAttribute('aria-expanded', 'false');
    expect(within(filter).getByText(exportText.filtersActive(2))).toBeInTheDocument();
    await user.click(filter);
    const panel = screen.getByRole('region', { name: 'Filters' });
    for (const name of ['Category', 'District'])
      await user.selectOptions(
        within(panel).getByRole('combobox', { name }),
        within(panel).getByRole('combobox', { name }).querySelector('option')!.value,
      );
    expect(filter).toHaveAccessibleName('Filter');
  });
});

describe('Select all matching on the ads directory', () => {
  const selectPage = async (user: ReturnType<typeof userEvent.setup>) =>
    user.click(screen.getByRole('checkbox', { name: /select all/i }));

  it('is offered only once every pending ad of the page is selected, with the pending count of the filters', async () => {
    const server = fakeServer({ count: (p) => (p.get('status') === 'pending' ? 4210 : 12345) });
    await renderPage();
    const user = userEvent.setup();
    const offer = exportText.selectAllMatching('4,210');
    await user.click(within(screen.getByRole('row', { name: /#00001/ })).getByRole('checkbox'));
    expect(screen.queryByRole('button', { name: offer })).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('row', { name: /#00004/ })).getByRole('checkbox'));
    await user.click(await screen.findByRole('button', { name: offer }));
    const counts = server.calls.filter((c) => c.url.pathname === '/api/advertisements/count');
    expect(Object.fromEntries(counts.at(-1)!.url.searchParams)).toEqual({ status: 'pending' });

    expect(screen.getByText(exportText.allMatchingSelected('4,210'))).toBeInTheDocument();
    expect(screen.getByText('4210 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: exportText.clearSelection }));
    expect(screen.queryByText(exportText.allMatchingSelected('4,210'))).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /select all/i })).not.toBeChecked();
    expect(server.bulkBodies()).toEqual([]);
  });

  it('approves every matching ad in batches of at most 1,000 until none remain, then reports', async () => {
    let remaining = 2500;
    const server = fakeServer({
      count: () => 2500,
      bulk: (body) => {
        const ok = Math.min(body.max, remaining);
        remaining -= ok;
        return jsonResponse({ success: true, ok, failed: 0, remaining });
      },
    });
    await renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Filter/ }));
    await user.selectOptions(
      within(screen.getByRole('region', { name: 'Filters' })).getByRole('combobox', { name: 'Category' }),
      'Land',
    );
    await waitFor(() => expect(server.lists().at(-1)!.url.searchParams.get('category')).toBe('Land'));
    await selectPage(user);
    const offer = await screen.findByRole('button', { name: exportText.selectAllMatching('2,500') });
    const chosenAfter = Date.now();
    await user.click(offer);
    const chosenBefore = Date.now();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve 2500 Advertisements' });
    const listsBefore = server.lists().length;
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText(adMessages.approvedMany(2500, 0))).toBeInTheDocument();
    const bodies = server.bulkBodies();
    expect(bodies.map((b) => b.max)).toEqual([1000, 1000, 500]);
    for (const b of bodies) {
      expect(b).toMatchObject({ status: 'approved', match: { status: 'pending', category: 'Land' } });
      // One selection moment for every batch.
      expect(b.before).toBe(bodies[0]!.before);
    }
    // The moment of choosing, not of confirming.
    expect(Date.parse(bodies[0]!.before!)).toBeGreaterThanOrEqual(chosenAfter);
    expect(Date.parse(bodies[0]!.before!)).toBeLessThanOrEqual(chosenBefore);
    // The list is asked for again once, after the last batch.
    await waitFor(() => expect(server.lists().length).toBeGreaterThan(listsBefore));
    expect(screen.getByRole('checkbox', { name: /select all/i })).not.toBeChecked();
  });

  it('counts ads moderated elsewhere as failed, stops when a batch decides nothing, and says so', async () => {
    const answers = [
      { ok: 1000, failed: 3, remaining: 1197 },
      { ok: 0, failed: 0, remaining: 1197 },
    ];
    const server = fakeServer({
      count: () => 2200,
      bulk: () => jsonResponse({ success: true, ...answers.shift()! }),
    });
    await renderPage();
    const user = userEvent.setup();
    await selectPage(user);
    await user.click(await screen.findByRole('button', { name: exportText.selectAllMatching('2,200') }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for rejection' }), 'Duplicate');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText(adMessages.rejectedMany(1000, 1200))).toBeInTheDocument();
    expect(server.bulkBodies()).toHaveLength(2);
    expect(server.bulkBodies()[0]).toMatchObject({ status: 'rejected', rejectionReason: 'Duplicate', max: 1000 });
  });

  it('shows the progress while batches run', async () => {
    const pending: ((r: Response) => void)[] = [];
    fakeServer({ count: () => 1500, bulk: () => new Promise<Response>((resolve) => pending.push(resolve)) });
    await renderPage();
    const user = userEvent.setup();
    await selectPage(user);
    await user.click(await screen.findByRole('button', { name: exportText.selectAllMatching('1,500') }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));

    const bar = await screen.findByRole('progressbar', { name: 'Approving advertisements' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '1500');
    await waitFor(() => expect(pending).toHaveLength(1));
    pending.shift()!(jsonResponse({ success: true, ok: 1000, failed: 0, remaining: 500 }));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '1000'));
    expect(screen.getByText('Approving 1,000 of 1,500')).toBeInTheDocument();
    await waitFor(() => expect(pending).toHaveLength(1));
    pending.shift()!(jsonResponse({ success: true, ok: 500, failed: 0, remaining: 0 }));
    expect(await screen.findByText(adMessages.approvedMany(1500, 0))).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('reports the server refusing the first batch with its message', async () => {
    fakeServer({
      count: () => 40,
      bulk: () => jsonResponse({ success: false, message: 'Not allowed' }, 403),
    });
    await renderPage();
    const user = userEvent.setup();
    await selectPage(user);
    await user.click(await screen.findByRole('button', { name: exportText.selectAllMatching('40') }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Not allowed')).toBeInTheDocument();
  });

  it('is not offered when every matching pending ad is already on the page', async () => {
    const server = fakeServer({ count: () => 2 });
    await renderPage();
    const user = userEvent.setup();
    await selectPage(user);
    await waitFor(() => expect(server.calls.some((c) => c.url.pathname === '/api/advertisements/count')).toBe(true));
    expect(screen.queryByRole('button', { name: /Select all .* pending ads/ })).not.toBeInTheDocument();
  });
});
