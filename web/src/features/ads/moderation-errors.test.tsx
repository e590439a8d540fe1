import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adMessages } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { AdsDirectoryPage } from './ads-directory-page';
import { adId, makeAd, makeList } from './ads-test-data';

/**
 * The failure paths of moderation on the ads directory, with the real store and page: the server's
 * message when it gives one, the catalogue's fallback when it does not.
 */
const routes = [{ path: '/app/ads-directory', Component: AdsDirectoryPage }];

const ads = [
  makeAd({ _id: adId(1), heading: 'Pending one', status: 'pending' }),
  makeAd({ _id: adId(2), heading: 'Approved one', status: 'approved', images: ['ads/a.png', 'ads/b.png'] }),
  makeAd({ _id: adId(4), heading: 'Pending two', status: 'pending' }),
];

/** The list and count answer normally; every other call answers `mutate` (a Response, or a thrown network error). */
function fakeServer(mutate: (method: string, path: string) => Response | Promise<Response>) {
  const fetchMock = stubFetch(async () => jsonResponse({}));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    if (url.pathname === '/api/advertisements/list') return jsonResponse(makeList(ads));
    if (url.pathname === '/api/advertisements/count') return jsonResponse({ total: ads.length });
    if (request.method === 'GET') return jsonResponse({ success: true, entries: [], messages: [] });
    return mutate(request.method, url.pathname);
  });
}

async function renderPage() {
  renderApp({ path: '/app/ads-directory', user: makeUser(), routes });
  await screen.findByRole('row', { name: /#00001/ });
}

// `hidden`: while a modal panel is open the page behind it is hidden from assistive technology.
const table = () => screen.getByRole('table', { name: 'Advertisements', hidden: true });
const row = (id: string) => within(table()).getByRole('row', { name: new RegExp(id), hidden: true });

async function decideOne(id: string, kind: 'Approve' | 'Reject') {
  const user = userEvent.setup();
  await user.click(within(row(id)).getByRole('button', { name: /Actions/ }));
  await user.click(screen.getByRole('menuitem', { name: kind }));
  const dialog = screen.getByRole('dialog');
  if (kind === 'Reject') {
    await user.type(within(dialog).getByLabelText('Reason for rejection'), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
  } else await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
}

async function decideAll(kind: 'Approve' | 'Reject') {
  const user = userEvent.setup();
  await user.click(screen.getByRole('checkbox', { name: 'Select all pending advertisements on this page' }));
  await user.click(screen.getByRole('button', { name: kind }));
  const dialog = screen.getByRole('dialog', { name: `${kind} 2 Advertisements` });
  if (kind === 'Reject') {
    await user.type(within(dialog).getByLabelText('Reason for rejection'), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
  } else await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
}

const noMessage = () => jsonResponse({}, 500);
const serverSays = (message: string) => () => jsonResponse({ success: false, message }, 409);

describe('moderation failures on the ads directory', () => {
  it.each([
    ['Approve', 'the fallback', noMessage, 'Failed to approve advertisement(s)'],
    ['Approve', "the server's message", serverSays('Advertisement not found'), 'Advertisement not found'],
    ['Reject', 'the fallback', noMessage, 'Failed to reject advertisement(s)'],
    ['Reject', "the server's message", serverSays(adMessages.notPending), adMessages.notPending],
  ] as const)('%s one: a failure shows %s', async (kind, _what, answer, expected) => {
    fakeServer(answer);
    await renderPage();
    await decideOne('#00004', kind);
    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['Approve', 'the fallback', noMessage, 'Failed to approve advertisement(s)'],
    ['Approve', "the server's message", serverSays('Too many advertisements'), 'Too many advertisements'],
    ['Reject', 'the fallback', noMessage, 'Failed to reject advertisement(s)'],
    ['Reject', "the server's message", serverSays('Too many advertisements'), 'Too many advertisements'],
  ] as const)('%s the selection: a refused call shows %s', async (kind, _what, answer, expected) => {
    fakeServer(answer);
    await renderPage();
    await decideAll(kind);
    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
  });

  it.each([
    ['Approve', 'Failed to approve 2 advertisement(s)'],
    ['Reject', 'Failed to reject 2 advertisement(s)'],
  ] as const)('%s the selection: when every ad fails, the page says so as an error', async (kind, expected) => {
    fakeServer(() =>
      jsonResponse({
        success: true,
        results: [
          { id: adId(1), ok: false, message: adMessages.notPending },
          { id: adId(4), ok: false, message: adMessages.notPending },
        ],
      }),
    );
    await renderPage();
    await decideAll(kind);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(expected);
    expect(alert.textContent).not.toMatch(/successfully/);
    // Shown as an error (rose), not as a partial success's warning (amber).
    expect(alert).toHaveClass('text-rose-200');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each([
    [
      'an answer',
      () => jsonResponse({ success: false, message: 'Images can only be removed' }, 400),
      'Failed to update advertisement images',
    ],
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch')), 'Failed to update images'],
  ] as const)('a failed image save with %s shows its message in the open panel', async (_what, answer, expected) => {
    fakeServer(answer);
    await renderPage();
    const user = userEvent.setup();
    await user.click(within(row('#00002')).getByText('Approved one'));
    const panel = await screen.findByRole('dialog', { name: 'Ad Details/Image Review' });
    await user.click(within(panel).getByRole('button', { name: 'Remove image 1' }));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(new RegExp(`^${expected}$`));
  });

  /** Opens ad #00001's panel, then deletes the ad `id` from its row menu. */
  async function deleteWithPanelOpen(id: string) {
    fakeServer(() => jsonResponse({ success: true }));
    await renderPage();
    // The modal panel blocks the pointer and hides the page behind it; the page's own rule is what
    // is checked, so the row menu underneath is used directly.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(within(row('#00001')).getByText('Pending one'));
    await screen.findByRole('dialog', { name: 'Ad Details/Image Review' });
    await user.click(within(row(id)).getByRole('button', { name: /Actions/, hidden: true }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete', hidden: true }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Confirm Delete' })).getByRole('button', { name: 'Delete' }),
    );
  }

  it('an open detail panel closes when its ad is deleted', async () => {
    await deleteWithPanelOpen('#00001');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Ad Details/Image Review', hidden: true })).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(adMessages.deleted);
  });

  it('an open detail panel stays when another ad is deleted', async () => {
    await deleteWithPanelOpen('#00004');
    const panel = screen.getByRole('dialog', { name: 'Ad Details/Image Review' });
    expect(await within(panel).findByRole('status')).toHaveTextContent(adMessages.deleted);
    expect(panel).toHaveTextContent('Pending one');
  });
});
