import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { AdsDirectoryPage } from './ads-directory-page';
import { adId, makeAd, makeList } from './ads-test-data';

const routes = [{ path: '/app/ads-directory', Component: AdsDirectoryPage }];
const rule = (name: string, mode: string, action: object) => ({ _id: name, name, mode, action, conditions: [] });

/** The list calls the page made, and the rules the queue views come from. */
function fakeServer() {
  const lists: URLSearchParams[] = [];
  stubFetch(async (path) => {
    const url = new URL(path, 'http://x');
    if (url.pathname === '/api/advertisements/list') {
      lists.push(url.searchParams);
      return jsonResponse(
        makeList([
          makeAd({
            _id: adId(1),
            heading: 'Data entry job',
            ruleLabels: ['Fee asked', 'Job scam'],
            signals: [],
            risk: 0,
          }),
          makeAd({ _id: adId(2), heading: 'Plain ad', ruleLabels: [] }),
          makeAd({ _id: adId(3), heading: 'Urgent ad', ruleLabels: ['Fee asked'], prioritised: true, signals: [] }),
        ]),
      );
    }
    if (url.pathname === '/api/moderation-rules')
      return jsonResponse({
        success: true,
        rules: [
          rule('Senior', 'live', { type: 'route', queue: 'Senior review' }),
          rule('Jobs', 'live', { type: 'route', queue: 'Jobs desk' }),
          rule('Again', 'live', { type: 'route', queue: 'Senior review' }),
          rule('Trying', 'shadow', { type: 'route', queue: 'Not yet' }),
          rule('Fee', 'live', { type: 'flag', label: 'Fee asked' }),
        ],
      });
    return jsonResponse({ success: false, message: 'Not found' }, 404);
  });
  return { last: () => Object.fromEntries(lists.at(-1)!) };
}

describe('moderation rules’ effects on the ads directory', () => {
  it('shows the labels live rules gave an ad as chips beside its signals', async () => {
    fakeServer();
    renderApp({ path: '/app/ads-directory', user: makeUser(), routes });
    const row = await screen.findByRole('row', { name: /#00001/ });
    const labels = within(row).getByRole('list', { name: 'Rule labels' });
    expect(
      within(labels)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Fee asked', 'Job scam']);
    expect(within(screen.getByRole('row', { name: /#00002/ })).queryByRole('list', { name: 'Rule labels' })).toBeNull();
  });

  it('marks an ad a live rule prioritised, before its labels', async () => {
    fakeServer();
    renderApp({ path: '/app/ads-directory', user: makeUser(), routes });
    const row = await screen.findByRole('row', { name: /#00003/ });
    const labels = within(row).getByRole('list', { name: 'Rule labels' });
    expect(
      within(labels)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Prioritised', 'Fee asked']);
    expect(within(screen.getByRole('row', { name: /#00001/ })).queryByText('Prioritised')).toBeNull();
  });

  it('offers a view per queue live rules route to, which lists that queue’s pending ads', async () => {
    const server = fakeServer();
    renderApp({ path: '/app/ads-directory', user: makeUser(), routes });
    const views = await screen.findByRole('navigation', { name: 'Views' });
    await waitFor(() =>
      expect(
        within(views)
          .getAllByRole('link')
          .map((l) => l.textContent)
          .slice(-2),
      ).toEqual(['Jobs desk', 'Senior review']),
    );
    expect(within(views).queryByRole('link', { name: 'Not yet' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(views).getByRole('link', { name: 'Senior review' }));
    await waitFor(() => expect(server.last()).toMatchObject({ status: 'pending', queue: 'Senior review' }));
    expect(within(views).getByRole('link', { name: 'Senior review' })).toHaveAttribute('aria-current', 'page');
  });
});
