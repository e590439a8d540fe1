import { Provider } from 'react-redux';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adMessages } from '@backoffice/contract';
import { afterEach, describe, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { expectEndsExactlyAfter, freezeTime, settleUntil } from '../../test/exact-timers';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { AdsDirectoryPage } from './ads-directory-page';
import { RejectModal } from './moderation-modals';
import { adId, makeAd, makeList } from './ads-test-data';

/** The spec's timers on the ads directory (docs/product.md#business-constants), each to the millisecond. */

const routes = [{ path: '/app/ads-directory', Component: AdsDirectoryPage }];
const ads = [
  makeAd({ _id: adId(1), heading: 'Pending one', status: 'pending' }),
  makeAd({ _id: adId(2), heading: 'Approved one', status: 'approved' }),
];

/** The list answers the two ads; any change answers `mutate`. */
function fakeServer(mutate: () => Response = () => jsonResponse({ success: true, advertisement: ads[0] })) {
  const fetchMock = stubFetch(async () => jsonResponse({}));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL((input as Request).url);
    if (url.pathname === '/api/advertisements/list') return jsonResponse(makeList(ads));
    if (url.pathname === '/api/advertisements/count') return jsonResponse({ total: 2 });
    return mutate();
  });
}

async function renderPage() {
  renderApp({ path: '/app/ads-directory', user: makeUser(), routes });
  await screen.findByRole('row', { name: /#00001/ });
}

const row = (id: string) =>
  within(screen.getByRole('table', { name: 'Advertisements' })).getByRole('row', { name: new RegExp(id) });
const shown = (role: 'status' | 'alert', text: string) => () =>
  screen.queryAllByRole(role).some((e) => e.textContent?.includes(text));

/** Approves ad #00001 from its row menu, the clock standing still from the last click on. */
async function approveFirst() {
  const user = userEvent.setup();
  await user.click(within(row('#00001')).getByRole('button', { name: /Actions/ }));
  await user.click(screen.getByRole('menuitem', { name: 'Approve' }));
  const confirm = within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' });
  freezeTime();
  fireEvent.click(confirm);
}

afterEach(() => vi.useRealTimers());

describe('ads directory timers', () => {
  it('clears a decision’s success banner exactly 5 s after it shows', async () => {
    fakeServer();
    await renderPage();
    await approveFirst();
    const banner = shown('status', adMessages.approvedOne);
    await settleUntil(banner);
    expectEndsExactlyAfter(5000, banner);
  });

  it('clears a decision’s failure banner exactly 5 s after it shows', async () => {
    fakeServer(() => jsonResponse({ success: false, message: adMessages.notPending }, 409));
    await renderPage();
    await approveFirst();
    const banner = shown('alert', adMessages.notPending);
    await settleUntil(banner);
    expectEndsExactlyAfter(5000, banner);
  });

  it('clears the only-pending warning exactly 3 s after it shows', async () => {
    fakeServer();
    await renderPage();
    freezeTime();
    // j twice focuses the approved ad, a asks to approve it.
    for (const key of ['j', 'j', 'a']) fireEvent.keyDown(document.body, { key });
    const warning = shown('alert', adMessages.onlyPendingApproved);
    await settleUntil(warning);
    expectEndsExactlyAfter(3000, warning);
  });

  it('unmounts the side panel exactly 300 ms after Close', async () => {
    fakeServer();
    await renderPage();
    await userEvent.setup().click(within(row('#00001')).getByText('Pending one'));
    const panel = await screen.findByRole('dialog', { name: 'Ad Details/Image Review' });
    freezeTime();
    fireEvent.click(within(panel).getByRole('button', { name: 'Close panel' }));
    // Hidden ones count: while it slides out the panel is still on the page.
    expectEndsExactlyAfter(300, () => screen.queryByRole('dialog', { hidden: true }) !== null);
  });
});

describe('reject modal timer', () => {
  it('clears “Please provide a reason for rejection” exactly 3 s after it shows', async () => {
    stubFetch(async () => jsonResponse({ success: true, reasons: [] }));
    render(
      <Provider store={makeStore()}>
        <RejectModal count={1} busy={false} onCancel={() => {}} onConfirm={() => {}} />
      </Provider>,
    );
    const reason = screen.getByLabelText('Reason for rejection');
    await userEvent.setup().type(reason, '  ');
    freezeTime();
    fireEvent.keyDown(reason, { key: 'Enter', ctrlKey: true });
    const message = shown('alert', adMessages.reasonRequired);
    await settleUntil(message);
    expectEndsExactlyAfter(3000, message);
  });
});
