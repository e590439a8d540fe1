import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { AdsDirectoryPage } from './ads-directory-page';
import { adId, makeAd, makeList } from './ads-test-data';

const routes = [{ path: '/app/ads-directory', Component: AdsDirectoryPage }];

/** The ads directory's Reported view (docs/decisions/0034-reports.md): its actions are Delete and Dismiss reports. */
describe('the Reported view', () => {
  it('lists what the server answers for view=reported and dismisses an ad’s reports from its row menu', async () => {
    const lists: URLSearchParams[] = [];
    const posts: string[] = [];
    stubFetch(async (path, init) => {
      const url = new URL(path, 'http://x');
      if (url.pathname === '/api/advertisements/list') {
        lists.push(url.searchParams);
        return jsonResponse(makeList([makeAd({ _id: adId(1), heading: 'Cheap phones', status: 'approved' })]));
      }
      if (url.pathname.endsWith('/dismiss-reports')) {
        posts.push(`${init?.method ?? 'POST'} ${url.pathname}`);
        return jsonResponse({ success: true, dismissed: 3 });
      }
      return jsonResponse({ success: false, message: 'Not found' }, 404);
    });
    renderApp({ path: '/app/ads-directory?view=reported', user: makeUser(), routes });
    expect(await screen.findByRole('link', { name: 'Reported' })).toHaveAttribute('aria-current', 'page');
    const row = await screen.findByRole('row', { name: /#00001/ });
    expect(lists.at(-1)!.get('view')).toBe('reported');
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: /Actions for advertisement/ }));
    expect(screen.queryByRole('menuitem', { name: 'Approve' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Dismiss reports' }));
    await waitFor(() => expect(posts).toEqual([`POST /api/advertisements/${adId(1)}/dismiss-reports`]));
    expect(await screen.findByText('3 reports dismissed')).toBeInTheDocument();
  });
});
