import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { liveText, type Advertisement } from '@backoffice/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { FakeEventSource } from '../../test/fake-event-source';
import { AdsDirectoryPage } from './ads-directory-page';
import { adId, makeAd, makeList } from './ads-test-data';
import { REVIEW_SHORTCUT_GROUPS } from './use-review-keys';

const me = makeUser();
const kamal = { _id: '22222222-2222-4222-8222-222222222222', name: 'Kamal' };

/** The list as the server keeps it: a decision changes the ad's status; every call is recorded. */
function listServer(initial: Advertisement[]) {
  const ads = [...initial];
  const decisions: Array<{ id: string; body: unknown }> = [];
  const fetchMock = stubFetch(async () => jsonResponse({}));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    if (url.pathname === '/api/advertisements/list') return jsonResponse(makeList(ads));
    const id = url.pathname.split('/')[3] ?? '';
    const at = ads.findIndex((ad) => ad._id === id);
    if (request.method === 'PUT' && url.pathname.endsWith('/status') && at >= 0) {
      const body = (await request.json()) as { status: Advertisement['status'] };
      decisions.push({ id, body });
      ads[at] = { ...ads[at]!, status: body.status };
      return jsonResponse({ success: true, advertisement: ads[at] });
    }
    return jsonResponse({ success: true, reasons: [] });
  });
  return { decisions };
}

const routes = [{ path: '/app/ads-directory', Component: AdsDirectoryPage }];
async function renderPage() {
  renderApp({ path: '/app/ads-directory', user: me, routes });
  await screen.findByRole('row', { name: /#00001/ });
}
const row = (id: string) =>
  within(screen.getByRole('table', { name: 'Advertisements' })).getByRole('row', { name: new RegExp(id) });

const three = [1, 2, 3].map((n) => makeAd({ _id: adId(n), heading: `Ad number ${n}` }));

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
  return () => {
    FakeEventSource.instances = [];
  };
});

describe('keyboard review of the list', () => {
  it('reviews an ad with j, a, Enter and goes on from the next row', async () => {
    const server = listServer(three);
    await renderPage();
    const user = userEvent.setup();
    await user.keyboard('j');
    expect(row('#00001')).toHaveFocus();
    await user.keyboard('a');
    const dialog = screen.getByRole('dialog', { name: 'Approve Advertisement' });
    expect(dialog).toHaveTextContent('Ad number 1 (#00001)');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(row('#00002')).toHaveFocus());
    expect(server.decisions).toEqual([{ id: adId(1), body: { status: 'approved' } }]);
    // The next ad: two keys.
    await user.keyboard('a{Enter}');
    await waitFor(() => expect(row('#00003')).toHaveFocus());
    expect(server.decisions.map((d) => d.id)).toEqual([adId(1), adId(2)]);
  });

  it("shows Approve and Reject disabled with the reviewer's name on another admin's claim, before any confirmation", async () => {
    const claimed = { ...three[0]!, claim: { by: kamal, expiresAt: new Date(Date.now() + 60_000).toISOString() } };
    const server = listServer([claimed, three[1]!]);
    await renderPage();
    const user = userEvent.setup();
    await user.click(within(row('#00001')).getByRole('button', { name: 'Actions for advertisement #00001' }));
    const menu = await screen.findByRole('menu');
    for (const name of ['Approve', 'Reject']) {
      const item = within(menu).getByRole('menuitem', { name: new RegExp(`^${name}`) });
      expect(item).toHaveAttribute('aria-disabled', 'true');
      expect(item).toHaveTextContent(liveText.beingReviewedBy('Kamal'));
    }
    await user.click(within(menu).getByRole('menuitem', { name: /^Approve/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'View' })).not.toHaveAttribute('aria-disabled');
    await user.keyboard('{Escape}');

    // Another row's menu is as before.
    await user.click(within(row('#00002')).getByRole('button', { name: 'Actions for advertisement #00002' }));
    const other = await screen.findByRole('menu');
    expect(within(other).getByRole('menuitem', { name: 'Approve' })).not.toHaveAttribute('aria-disabled');
    expect(server.decisions).toHaveLength(0);
  });

  it('lists every shortcut of the list, the panel and the confirmations under ?', async () => {
    listServer(three);
    await renderPage();
    await userEvent.setup().keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: liveText.shortcuts });
    for (const group of REVIEW_SHORTCUT_GROUPS) {
      const section = within(dialog).getByRole('region', { name: group.title });
      for (const { action } of group.shortcuts) expect(section).toHaveTextContent(action);
    }
    expect(within(dialog).getByRole('region', { name: 'Side panel' })).toHaveTextContent('Approve the advertisement');
    expect(within(dialog).getByRole('region', { name: 'Confirmations' })).toHaveTextContent(
      'Reject with the reason typed',
    );
  });

  it('names up to five headings in a bulk confirmation, then "and N more"', async () => {
    const seven = [1, 2, 3, 4, 5, 6, 7].map((n) => makeAd({ _id: adId(n), heading: `Ad number ${n}` }));
    listServer(seven);
    await renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select all pending advertisements on this page' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve 7 Advertisements' });
    const names = within(within(dialog).getByRole('list', { name: 'Advertisements' })).getAllByRole('listitem');
    expect(names.map((li) => li.textContent)).toEqual([
      'Ad number 1 (#00001)',
      'Ad number 2 (#00002)',
      'Ad number 3 (#00003)',
      'Ad number 4 (#00004)',
      'Ad number 5 (#00005)',
      'and 2 more',
    ]);
  });
});
