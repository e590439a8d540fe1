import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '../../components/ui';
import { freezeTime } from '../../test/exact-timers';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { enterSearch } from '../../test/search';
import { AdsDirectoryPage } from './ads-directory-page';
import { adId, makeAd, makeList } from './ads-test-data';

const routes = [{ path: '/app/ads-directory', Component: AdsDirectoryPage }];
const ads = [
  makeAd({ _id: adId(1), heading: 'Pending one', status: 'pending' }),
  makeAd({ _id: adId(2), heading: 'Approved one', status: 'approved' }),
];

/** The list calls the page made (without the next pages it fetched ahead). */
function fakeServer() {
  const lists: URLSearchParams[] = [];
  stubFetch(async (path) => {
    const url = new URL(path, 'http://x');
    if (url.pathname === '/api/advertisements/list') {
      lists.push(url.searchParams);
      return jsonResponse(makeList(ads, { total: 35, page: Number(url.searchParams.get('page')) }));
    }
    return jsonResponse({ success: false, message: 'Not found' }, 404);
  });
  const shown = () => lists.filter((p, i) => i === 0 || !isAhead(p, lists[i - 1]!));
  return { last: () => shown().at(-1)! };
}
const isAhead = (p: URLSearchParams, before: URLSearchParams) =>
  Number(p.get('page')) === Number(before.get('page')) + 1 && p.get('after') !== null;

async function open(path: string) {
  const view = renderApp({ path, user: makeUser(), routes });
  await screen.findByRole('row', { name: /#00001/ });
  return view;
}

const views = () => screen.getByRole('navigation', { name: 'Views' });
const current = () => within(views()).getByRole('link', { current: 'page' });
const query = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('the ads directory’s views and its URL', () => {
  it('offers All, Pending oldest first, Overdue, My claims, Reported, Highest risk and Duplicates as links', async () => {
    fakeServer();
    await open('/app/ads-directory');
    const links = within(views()).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['All', '/app/ads-directory'],
      ['Pending, oldest first', '/app/ads-directory?status=pending&sort=postingDate&order=asc'],
      ['Overdue', '/app/ads-directory?view=overdue'],
      ['My claims', '/app/ads-directory?view=mine'],
      ['Reported', '/app/ads-directory?view=reported'],
      ['Highest risk', '/app/ads-directory?status=pending&sort=risk&order=desc'],
      [
        'Duplicates',
        '/app/ads-directory?status=pending&signal=duplicate_text,duplicate_image,stolen_image&sort=risk&order=desc',
      ],
    ]);
    expect(current()).toHaveTextContent('All');
  });

  it('opens a pasted link as it says: queue, filters, search, sort and page', async () => {
    const server = fakeServer();
    await open('/app/ads-directory?view=overdue&category=Land&q=aqua&sort=heading&order=desc&page=2');
    expect(Object.fromEntries(server.last())).toEqual({
      view: 'overdue',
      status: 'pending',
      category: 'Land',
      q: 'aqua',
      sort: 'heading',
      order: 'desc',
      page: '2',
      pageSize: '10',
    });
    expect(current()).toHaveTextContent('Overdue');
    expect(screen.getByRole('searchbox', { name: 'Search advertisements' })).toHaveValue('aqua');
    expect(screen.getByRole('columnheader', { name: 'Heading' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('button', { name: /^Filter/ })).toHaveTextContent('1 active');
    expect(await screen.findByText('Showing 11 to 20 of 35 entries')).toBeInTheDocument();
  });

  it('keeps each change in the URL: a reload shows the same rows, Back the previous view', async () => {
    const server = fakeServer();
    const first = await open('/app/ads-directory');
    const user = userEvent.setup();

    await user.click(within(views()).getByRole('link', { name: 'My claims' }));
    await waitFor(() => expect(server.last().get('view')).toBe('mine'));
    expect(current()).toHaveTextContent('My claims');
    expect(server.last().get('order')).toBe('asc');

    await user.click(within(views()).getByRole('link', { name: 'Pending, oldest first' }));
    await waitFor(() => expect(server.last().get('view')).toBeNull());
    expect(server.last().get('status')).toBe('pending');
    expect(current()).toHaveTextContent('Pending, oldest first');

    // Back: the previous view again.
    await act(() => first.router.navigate(-1));
    await waitFor(() => expect(server.last().get('view')).toBe('mine'));
    expect(current()).toHaveTextContent('My claims');
    await act(() => first.router.navigate(1));
    await waitFor(() => expect(server.last().get('status')).toBe('pending'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'rejected');
    await user.click(screen.getByRole('button', { name: /^Filter/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'District' }), 'Kandy');
    await user.click(screen.getByRole('button', { name: 'User' }));
    await enterSearch(user, screen.getByRole('searchbox', { name: 'Search advertisements' }), 'Toyota');
    await waitFor(() => expect(server.last().get('q')).toBe('Toyota'));
    expect(query(first.router).q).toBe('Toyota');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(query(first.router).page).toBe('2'));
    expect(query(first.router)).toEqual({
      status: 'rejected',
      district: 'Kandy',
      q: 'Toyota',
      sort: 'username',
      order: 'asc',
      page: '2',
    });
    // No view matches a status of Rejected.
    expect(within(views()).queryByRole('link', { current: 'page' })).not.toBeInTheDocument();

    // The reload: a new store and router on the same address.
    const address = first.router.state.location.pathname + first.router.state.location.search;
    first.unmount();
    await open(address);
    expect(Object.fromEntries(server.last())).toMatchObject({
      status: 'rejected',
      district: 'Kandy',
      q: 'Toyota',
      sort: 'username',
      order: 'asc',
      page: '2',
    });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('rejected');
    expect(screen.getByRole('searchbox', { name: 'Search advertisements' })).toHaveValue('Toyota');
    expect(screen.getByRole('columnheader', { name: 'User' })).toHaveAttribute('aria-sort', 'ascending');
    expect(await screen.findByText('Showing 11 to 20 of 35 entries')).toBeInTheDocument();
  });

  it('a status leaves the queue; category, district and search narrow it', async () => {
    const server = fakeServer();
    const { router } = await open('/app/ads-directory?view=overdue');
    const user = userEvent.setup();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');
    await user.click(screen.getByRole('button', { name: /^Filter/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Land');
    await waitFor(() => expect(server.last().get('category')).toBe('Land'));
    expect(query(router)).toEqual({ view: 'overdue', category: 'Land' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'approved');
    await waitFor(() => expect(server.last().get('status')).toBe('approved'));
    expect(server.last().get('view')).toBeNull();
    // The queue's oldest-first order went with it.
    expect(query(router)).toEqual({ status: 'approved', category: 'Land' });
  });

  it('offers no "select all matching" in a queue: the server would match more than the queue', async () => {
    fakeServer();
    await open('/app/ads-directory?view=overdue');
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select all pending advertisements on this page' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /matching this filter/ })).not.toBeInTheDocument();
  });
});

describe('the search box and its URL', () => {
  afterEach(() => void vi.useRealTimers());
  it('keeps what was typed after the pause that put the search in the URL (a slow machine)', async () => {
    fakeServer();
    const { router } = await open('/app/ads-directory');
    const box = screen.getByPlaceholderText(/Search by heading/);
    freezeTime(['setTimeout', 'clearTimeout']);
    act(() => void fireEvent.change(box, { target: { value: 'jk' } }));
    // The pause ends and the person types on before the page has caught up with the new URL.
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
      fireEvent.change(box, { target: { value: 'jkx' } });
    });
    expect(query(router).q).toBe('jk');
    expect(box).toHaveValue('jkx');
    act(() => void vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(query(router).q).toBe('jkx');
    expect(box).toHaveValue('jkx');
  });

  it("keeps a search typed while a view is still rendering, and applies it to that view (the last CI's e2e failure)", async () => {
    fakeServer();
    const { router } = await open('/app/ads-directory');
    const box = screen.getByPlaceholderText(/Search by heading/);
    freezeTime(['setTimeout', 'clearTimeout']);
    // Typed, and before its pause ends the page renders a view's link that brings no search.
    act(() => void fireEvent.change(box, { target: { value: 'Toyota' } }));
    await act(() => router.navigate('/app/ads-directory?view=reported'));
    expect(box).toHaveValue('Toyota');
    act(() => void vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(query(router)).toEqual({ view: 'reported', q: 'Toyota' });
    expect(box).toHaveValue('Toyota');
    // With no search waiting, a navigation's own search fills the box as before.
    await act(() => router.navigate('/app/ads-directory?q=Axio'));
    expect(box).toHaveValue('Axio');
  });
});
