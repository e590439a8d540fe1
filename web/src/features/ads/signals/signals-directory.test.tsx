import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NARROW_QUERY } from '../../../components/ui';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../../test/render';
import { AdsDirectoryPage } from '../ads-directory-page';
import { adId, makeAd, makeList } from '../ads-test-data';

const routes = [{ path: '/app/ads-directory', Component: AdsDirectoryPage }];
const ads = [
  makeAd({
    _id: adId(1),
    heading: 'Toyota Axio 2012 for Sale',
    signals: ['new_account', 'duplicate_text', 'stolen_image', 'risky_phrase'],
    risk: 72,
  }),
  makeAd({ _id: adId(2), heading: 'Clean ad', signals: [], risk: 0 }),
  makeAd({ _id: adId(3), heading: 'Not analysed', risk: null }),
  makeAd({ _id: adId(4), heading: 'Repost', signals: ['duplicate_text'], risk: 30 }),
];

/** The list calls the page made (pages fetched ahead included). */
function fakeServer() {
  const lists: URLSearchParams[] = [];
  stubFetch(async (path) => {
    const url = new URL(path, 'http://x');
    if (url.pathname === '/api/advertisements/list') {
      lists.push(url.searchParams);
      return jsonResponse(makeList(ads));
    }
    return jsonResponse({ success: false, message: 'Not found' }, 404);
  });
  return { last: () => Object.fromEntries(lists.at(-1)!) };
}

const table = () => screen.getByRole('table', { name: 'Advertisements' });
const row = (id: string) => within(table()).getByRole('row', { name: new RegExp(id) });
const chips = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('trust signals on the ads directory', () => {
  it('shows each row’s signals as short labelled chips, most serious first, and its risk in words', async () => {
    fakeServer();
    renderApp({ path: '/app/ads-directory', user: makeUser(), routes });
    await screen.findByRole('row', { name: /#00001/ });

    const risky = within(row('#00001')).getByRole('list', { name: 'Signals' });
    // One chip on the table's line below 1280 px (three from there), then the rest counted and named for a screen reader.
    expect(chips(risky)).toEqual(['Stolen photo', '+3Risky phrase, Duplicate text, New account']);
    expect(within(risky).getByText('Stolen photo')).toHaveClass('text-rose-300');
    expect(within(row('#00004')).getByText('Duplicate text')).toHaveClass('text-amber-300');
    // The risk as text and colour (the Risk column from 1280 px, under the heading below).
    const risk = within(row('#00001')).getAllByText('Risk 72')[0]!;
    expect(risk).toHaveTextContent('Risk 72 of 100, high');
    expect(risk).toHaveClass('text-rose-300');
    expect(within(row('#00004')).getAllByText('Risk 30')[0]).toHaveClass('text-amber-300');
    // A clean ad has no chips, and its Risk column says it was checked; one not analysed yet carries nothing.
    for (const id of ['#00002', '#00003'])
      expect(within(row(id)).queryByRole('list', { name: 'Signals' })).not.toBeInTheDocument();
    expect(within(row('#00002')).getAllByText('Risk 0')).toHaveLength(1);
    expect(within(row('#00002')).getByText('Risk 0')).toHaveClass('text-emerald-300');
    expect(within(row('#00003')).queryByText(/^Risk/)).not.toBeInTheDocument();
  });

  it('shows the chips on a phone’s cards too', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === NARROW_QUERY,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    fakeServer();
    renderApp({ path: '/app/ads-directory', user: makeUser(), routes });
    const card = await screen.findByRole('listitem', { name: '#00001 Toyota Axio 2012 for Sale' });
    expect(chips(within(card).getByRole('list', { name: 'Signals' }))).toEqual([
      'Stolen photo',
      'Risky phrase',
      '+2Duplicate text, New account',
    ]);
    expect(within(card).getByText('Risk 72')).toBeInTheDocument();
  });

  it('filters by signal and minimum risk and sorts by risk, all in the URL', async () => {
    const server = fakeServer();
    const { router } = renderApp({ path: '/app/ads-directory', user: makeUser(), routes });
    await screen.findByRole('row', { name: /#00001/ });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Filter/ }));
    const filters = screen.getByRole('region', { name: 'Filters' });
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Signal' }), 'Stolen photo');
    await waitFor(() => expect(server.last()).toMatchObject({ signal: 'stolen_image', page: '1' }));
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Minimum risk' }), '60 or more');
    await waitFor(() => expect(server.last()).toMatchObject({ signal: 'stolen_image', minRisk: '60' }));
    expect(router.state.location.search).toBe('?signal=stolen_image&minRisk=60');
    expect(screen.getByRole('button', { name: /^Filter/ })).toHaveTextContent('2 active');

    await user.click(within(table()).getByRole('button', { name: /^Risk/ }));
    await waitFor(() => expect(server.last()).toMatchObject({ sort: 'risk', order: 'asc', minRisk: '60' }));
    expect(router.state.location.search).toBe('?signal=stolen_image&minRisk=60&sort=risk&order=asc');

    // A view is a whole query: Highest risk leaves the signal filter.
    await user.click(screen.getByRole('link', { name: 'Highest risk' }));
    await waitFor(() => expect(server.last()).toMatchObject({ status: 'pending', sort: 'risk', order: 'desc' }));
    expect(server.last()).not.toHaveProperty('signal');
    expect(screen.getByRole('link', { name: 'Highest risk' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the Duplicates view: pending ads with a near-duplicate, riskiest first', async () => {
    const server = fakeServer();
    renderApp({ path: '/app/ads-directory', user: makeUser(), routes });
    await screen.findByRole('row', { name: /#00001/ });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Duplicates' }));
    await waitFor(() =>
      expect(server.last()).toMatchObject({
        status: 'pending',
        signal: 'duplicate_text,duplicate_image,stolen_image',
        sort: 'risk',
        order: 'desc',
      }),
    );
    expect(screen.getByRole('link', { name: 'Duplicates' })).toHaveAttribute('aria-current', 'page');
    // The filter panel names the three kinds.
    await userEvent.setup().click(screen.getByRole('button', { name: /^Filter/ }));
    expect(screen.getByRole('combobox', { name: 'Signal' })).toHaveDisplayValue(
      'Duplicate text or Duplicate photo or Stolen photo',
    );
  });
});
