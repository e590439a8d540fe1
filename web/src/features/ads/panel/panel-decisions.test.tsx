import { render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { makeStore } from '../../../app/store';
import userEvent from '@testing-library/user-event';
import { adMessages, liveText } from '@backoffice/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { adId, makeAd } from '../ads-test-data';
import { Harness, inAMinute, me, panelHandlers, panelServer, type HarnessProps } from './panel-test-server';
import { STAY_ON_DECIDED_KEY } from './use-stay-on-decided';

const first = makeAd({ _id: adId(1), heading: 'Red bicycle' });
const approved = makeAd({ _id: adId(2), heading: 'Sold sofa', status: 'approved' });
const second = makeAd({ _id: adId(3), heading: 'Blue kettle' });
const third = makeAd({ _id: adId(4), heading: 'Green lamp' });
const ads = [first, approved, second, third];
const kamal = { _id: '22222222-2222-4222-8222-222222222222', name: 'Kamal' };

/** Renders the panel on `ads[0]`, signed in as `me`, with a real store. */
export function renderWorkbench(props: HarnessProps) {
  const store = makeStore({ user: { currentUser: me, loading: false, error: false } });
  const wrap = (p: HarnessProps) => (
    <Provider store={store}>
      <MemoryRouter>
        <Harness {...p} />
      </MemoryRouter>
    </Provider>
  );
  const view = render(wrap(props));
  return { ...view, update: (p: HarnessProps) => view.rerender(wrap(p)) };
}

const panel = () => screen.getByRole('dialog', { name: 'Ad Details/Image Review' });
const heading = (text: string) => within(panel()).getByRole('heading', { name: text });

afterEach(() => {
  window.localStorage.clear();
  panelHandlers.onClose.mockReset();
  panelHandlers.onMessage.mockReset();
});

describe('deciding from the panel', () => {
  it('approves with a, Enter and moves to the next pending ad, claiming it without releasing the decided one', async () => {
    const server = panelServer(ads);
    renderWorkbench({ ads });
    await waitFor(() => expect(server.of('POST', `${first._id}/claim`)).toHaveLength(1));
    const approve = within(panel()).getByRole('button', { name: 'Approve & next' });
    expect(approve).toHaveAttribute('aria-keyshortcuts', 'a');

    const user = userEvent.setup();
    await user.keyboard('a');
    const dialog = screen.getByRole('dialog', { name: 'Approve Advertisement' });
    expect(dialog).toHaveTextContent('Red bicycle (#00001)');
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toHaveFocus();
    await user.keyboard('{Enter}');

    // The next pending ad of the view (the approved one in between is skipped), focused.
    await waitFor(() => expect(heading('Blue kettle')).toHaveFocus());
    expect(server.of('PUT', `${first._id}/status`)[0]!.body).toEqual({ status: 'approved' });
    expect(panelHandlers.onMessage).toHaveBeenCalledWith({ tone: 'success', text: adMessages.approvedOne });
    await waitFor(() => expect(server.of('POST', `${second._id}/claim`)).toHaveLength(1));
    // The server released the decided ad's claim with the decision: nothing to release here.
    expect(server.of('DELETE', `${first._id}/claim`)).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: 'Approve Advertisement' })).not.toBeInTheDocument();

    // Closing explicitly releases the ad now held.
    await user.click(within(panel()).getByRole('button', { name: 'Close panel' }));
    expect(panelHandlers.onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(server.of('DELETE', `${second._id}/claim`)).toHaveLength(1));
  });

  it('rejects with r, a reason and Ctrl+Enter in one dialog, then moves on', async () => {
    const server = panelServer(ads);
    renderWorkbench({ ads });
    await waitFor(() => expect(server.of('POST', '/claim')).toHaveLength(1));
    const user = userEvent.setup();
    await user.keyboard('r');
    const dialog = screen.getByRole('dialog', { name: 'Reject Advertisement' });
    expect(dialog).toHaveTextContent('Red bicycle (#00001)');
    expect(dialog).toHaveTextContent('can no longer change back to pending');
    expect(within(dialog).getByLabelText('Reason for rejection')).toHaveFocus();
    await user.keyboard('Stolen photos{Control>}{Enter}{/Control}');
    await waitFor(() => expect(heading('Blue kettle')).toHaveFocus());
    expect(server.of('PUT', '/status')[0]!.body).toEqual({ status: 'rejected', rejectionReason: 'Stolen photos' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('stays on the decided ad when the setting says so, and remembers the setting', async () => {
    const server = panelServer(ads);
    const { unmount } = renderWorkbench({ ads });
    const user = userEvent.setup();
    await user.click(within(panel()).getByRole('checkbox', { name: 'Stay on this ad after a decision' }));
    expect(window.localStorage.getItem(STAY_ON_DECIDED_KEY)).toBe('true');
    await user.click(within(panel()).getByRole('button', { name: 'Approve' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Approve Advertisement' })).getByRole('button', { name: 'Approve' }),
    );
    await waitFor(() => expect(within(panel()).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument());
    expect(heading('Red bicycle')).toHaveFocus();
    expect(within(panel()).getByText('Approved')).toBeInTheDocument();
    expect(server.of('DELETE', '/claim')).toHaveLength(0);
    unmount();
    renderWorkbench({ ads });
    expect(within(panel()).getByRole('checkbox', { name: 'Stay on this ad after a decision' })).toBeChecked();
  });

  it('opens Delete with Cancel focused; Escape cancels; Delete deletes and closes the panel', async () => {
    const server = panelServer(ads);
    renderWorkbench({ ads });
    const user = userEvent.setup();
    const del = within(panel()).getByRole('button', { name: 'Delete' });
    await user.click(del);
    let dialog = screen.getByRole('dialog', { name: 'Confirm Delete' });
    expect(dialog).toHaveTextContent('Red bicycle (#00001)');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Confirm Delete' })).not.toBeInTheDocument();
    expect(panelHandlers.onClose).not.toHaveBeenCalled();
    expect(del).toHaveFocus();

    await user.click(del);
    dialog = screen.getByRole('dialog', { name: 'Confirm Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(panelHandlers.onClose).toHaveBeenCalledOnce());
    expect(server.of('DELETE', `/advertisements/${first._id}`)).toHaveLength(1);
    expect(panelHandlers.onMessage).toHaveBeenCalledWith({ tone: 'success', text: adMessages.deleted });
  });

  it('says who took the ad over while the panel is open and disables Approve and Reject', async () => {
    const server = panelServer(ads);
    const { update } = renderWorkbench({ ads });
    await waitFor(() => expect(server.of('POST', '/claim')).toHaveLength(1));
    const user = userEvent.setup();
    expect(within(panel()).getByRole('button', { name: 'Approve & next' })).toBeEnabled();

    // The event stream moves the list's claim to Kamal: he took it over.
    update({ ads, live: { [first._id]: { ...first, claim: { by: kamal, expiresAt: inAMinute() } } } });
    const notice = await within(panel()).findByRole('status');
    expect(notice).toHaveTextContent(liveText.beingReviewedBy('Kamal'));
    expect(within(panel()).getByRole('button', { name: liveText.takeOver })).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Approve & next' })).toBeDisabled();
    expect(within(panel()).getByRole('button', { name: 'Reject & next' })).toBeDisabled();
    expect(within(panel()).getByRole('button', { name: 'Delete' })).toBeEnabled();
    await user.keyboard('a');
    await user.keyboard('r');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    // His now: closing the panel releases nothing.
    await user.click(within(panel()).getByRole('button', { name: 'Close panel' }));
    expect(server.of('DELETE', '/claim')).toHaveLength(0);
    expect(server.of('PUT', '/status')).toHaveLength(0);
  });

  it('keeps an open confirmation from deciding once another admin takes the ad over', async () => {
    const server = panelServer(ads);
    const { update } = renderWorkbench({ ads });
    await waitFor(() => expect(server.of('POST', '/claim')).toHaveLength(1));
    const user = userEvent.setup();
    await user.keyboard('r');
    const dialog = screen.getByRole('dialog', { name: 'Reject Advertisement' });
    await user.keyboard('Spam');
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeEnabled();
    update({ ads, live: { [first._id]: { ...first, claim: { by: kamal, expiresAt: inAMinute() } } } });
    expect(await within(dialog).findByRole('status')).toHaveTextContent(liveText.beingReviewedBy('Kamal'));
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeDisabled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    // The reason typed is kept; nothing is sent.
    expect(within(dialog).getByLabelText('Reason for rejection')).toHaveValue('Spam');
    expect(server.of('PUT', '/status')).toHaveLength(0);
  });
});
