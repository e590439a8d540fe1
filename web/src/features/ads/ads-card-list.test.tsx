import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NARROW_QUERY } from '../../components/ui';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { AdsDirectoryPage } from './ads-directory-page';
import { adId, makeAd, makeList } from './ads-test-data';

const routes = [{ path: '/app/ads-directory', Component: AdsDirectoryPage }];
const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3_600_000).toISOString();
const ads = [
  makeAd({ _id: adId(1), heading: 'Pending one', username: 'kasun', status: 'pending', postingDate: threeDaysAgo }),
  makeAd({ _id: adId(2), heading: 'Approved one', status: 'approved' }),
];

/** A phone's width: only the narrow query matches. */
function phoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === NARROW_QUERY,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('the ads directory on a phone', () => {
  it('shows each ad as a card: heading, user, age, status, thumbnail, checkbox and menu', async () => {
    phoneWidth();
    stubFetch(async (path) =>
      path.startsWith('/api/advertisements/list') ? jsonResponse(makeList(ads)) : jsonResponse({}, 404),
    );
    renderApp({ path: '/app/ads-directory', user: makeUser(), routes });
    await screen.findByRole('listitem', { name: '#00001 Pending one' });
    const list = screen.getByRole('list', { name: 'Advertisements' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);

    const pending = cards[0]!;
    expect(pending).toHaveAccessibleName('#00001 Pending one');
    expect(pending).toHaveTextContent('Pending one');
    expect(pending).toHaveTextContent('kasun · #00001');
    expect(within(pending).getByText('3 d · overdue')).toHaveClass('text-rose-300');
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(pending.querySelector('img')).toHaveAttribute('src', '/uploads/ads/one.png?w=96');
    // Only a pending ad can be selected; the approved one has no age and no checkbox.
    expect(within(cards[1]!).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(cards[1]).not.toHaveTextContent('overdue');

    const user = userEvent.setup();
    await user.click(within(pending).getByRole('checkbox', { name: 'Select advertisement #00001' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(within(pending).getByRole('button', { name: 'Actions for advertisement #00001' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['View', 'Approve', 'Reject', 'Delete']);
    await user.keyboard('{Escape}');
    // Neither the checkbox nor the menu opened the ad; a tap on the card does.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(pending).getByText('Pending one'));
    expect(await screen.findByRole('dialog', { name: 'Ad Details/Image Review' })).toBeInTheDocument();
  });
});
