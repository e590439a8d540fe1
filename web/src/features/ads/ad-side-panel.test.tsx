import { render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { adMessages, type Advertisement, type AdvertiserCard } from '@backoffice/contract';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { initialUserState } from '../auth/user-slice';
import { jsonResponse, makeUser, stubFetch } from '../../test/render';
import { AdSidePanel, type AdSidePanelProps } from './ad-side-panel';
import { adId, makeAd } from './ads-test-data';
import { panelServer } from './panel/panel-test-server';

function renderPanel(ad: Advertisement, props: Partial<AdSidePanelProps> = {}) {
  const handlers = { onClose: vi.fn(), onSaved: vi.fn(), onMessage: vi.fn() };
  render(
    // Signed in as an administrator: the panel offers what the role may do (docs/decisions/0033-roles.md).
    <Provider store={makeStore({ user: { ...initialUserState, currentUser: makeUser() } })}>
      <MemoryRouter>
        <AdSidePanel ad={ad} open message={null} {...handlers} {...props} />
      </MemoryRouter>
    </Provider>,
  );
  return handlers;
}

const ad = makeAd({ images: ['ads/a.png', '/uploads/ads/b.png', 'ads/c.png'] });

describe('AdSidePanel', () => {
  it('shows the details and the images with their /uploads addresses', () => {
    renderPanel(makeAd({ status: 'rejected', rejectionReason: 'Wrong category', phone1: null, images: ad.images }));
    const panel = screen.getByRole('dialog', { name: 'Ad Details/Image Review' });
    expect(panel).toHaveTextContent('Land for sale in Kandy');
    expect(panel).toHaveTextContent('nimal');
    expect(panel).toHaveTextContent('Nov 2026, 22');
    expect(panel).toHaveTextContent('Digital');
    expect(panel).toHaveTextContent('Wrong category');
    expect(within(panel).getByText('Contact').nextSibling).toHaveTextContent('-');
    const images = within(screen.getByRole('list', { name: 'Images' })).getAllByRole('img');
    expect(images.map((i) => i.getAttribute('src'))).toEqual([
      '/uploads/ads/a.png?w=480',
      '/uploads/ads/b.png?w=480',
      '/uploads/ads/c.png?w=480',
    ]);
    expect(images[0]).toHaveAttribute('srcset', '/uploads/ads/a.png?w=96 96w, /uploads/ads/a.png?w=480 480w');
  });

  it('shows the whole ad: title, details with their line breaks, category, district, price, contact, date and pending age', () => {
    const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000 - 60_000).toISOString();
    renderPanel(
      makeAd({
        title: 'Land',
        details: 'Line one\nLine two\n\n<b>not bold</b>',
        category: 'Property',
        district: 'Galle',
        price: 4_500_000,
        postingDate: threeHoursAgo,
      }),
    );
    const panel = screen.getByRole('dialog', { name: 'Ad Details/Image Review' });
    const detail = (label: string) => within(panel).getByText(label, { selector: 'dt' }).nextSibling;
    expect(detail('Title')).toHaveTextContent('Land');
    const details = within(panel).getByRole('region', { name: 'Details' });
    // Plain text: the line breaks are kept, markup is shown as typed; a long text scrolls in its box.
    expect(details.textContent).toBe('Line one\nLine two\n\n<b>not bold</b>');
    expect(details).toHaveClass('whitespace-pre-wrap', 'overflow-y-auto');
    expect(details.querySelector('b')).toBeNull();
    expect(detail('Category')).toHaveTextContent('Property');
    expect(detail('District')).toHaveTextContent('Galle');
    expect(detail('Price')).toHaveTextContent('Rs 4,500,000');
    expect(detail('Contact')).toHaveTextContent('0771234567');
    expect(detail('Date')).toHaveTextContent('Pending 3 h');
  });

  it('leaves the price out when the ad states none, and the age once decided', () => {
    renderPanel(makeAd({ price: null, status: 'approved' }));
    const panel = screen.getByRole('dialog', { name: 'Ad Details/Image Review' });
    expect(within(panel).queryByText('Price')).not.toBeInTheDocument();
    expect(panel).not.toHaveTextContent('Pending');
  });

  it("shows the advertiser's card; each of their latest ads opens in the panel", async () => {
    const other = makeAd({ _id: adId(9), heading: 'Old scooter', status: 'rejected' });
    const card: AdvertiserCard = {
      userId: '33333333-3333-4333-8333-333333333333',
      name: 'Nimal Perera',
      username: 'nimal',
      verified: true,
      joinedAt: '2025-03-14T08:00:00.000Z',
      counts: { approved: 12, pending: 2, rejected: 3 },
      latest: [{ _id: other._id, heading: other.heading, status: other.status, postingDate: other.postingDate }],
    };
    // The card lists a summary; opening it fetches the whole ad.
    panelServer([ad, other], card);
    const onOpenAd = vi.fn();
    renderPanel(ad, { onOpenAd });
    const section = await screen.findByRole('region', { name: 'Advertiser' });
    expect(await within(section).findByText('Nimal Perera')).toBeInTheDocument();
    expect(section).toHaveTextContent('Verified');
    expect(section).toHaveTextContent('Joined 14 Mar 2025');
    expect(section).toHaveTextContent(/Approved\s*12/);
    expect(section).toHaveTextContent(/Pending\s*2/);
    expect(section).toHaveTextContent(/Rejected\s*3/);
    expect(within(section).getByRole('link', { name: 'Open user page' })).toHaveAttribute(
      'href',
      `/app/users/${card.userId}`,
    );
    const item = within(within(section).getByRole('list', { name: 'Latest other ads' })).getByRole('button');
    expect(item).toHaveTextContent('#00009');
    expect(item).toHaveTextContent('Old scooter');
    expect(item).toHaveTextContent('Rejected');
    await userEvent.setup().click(item);
    await waitFor(() => expect(onOpenAd).toHaveBeenCalledWith(other));
  });

  it('says when the ad has no advertiser account', async () => {
    panelServer([ad], null);
    renderPanel(ad);
    expect(await screen.findByText('No advertiser account')).toBeInTheDocument();
  });

  it('hides the rejection reason unless rejected', () => {
    renderPanel(makeAd({ status: 'pending', rejectionReason: 'stale' }));
    expect(screen.queryByText('Rejection reason')).not.toBeInTheDocument();
  });

  it('enables Save and Cancel only after a removal, and Cancel reverts', async () => {
    renderPanel(ad);
    const save = screen.getByRole('button', { name: 'Save' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(save).toBeDisabled();
    expect(cancel).toBeDisabled();
    expect(screen.queryByText('Images modified')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Images modified')).toBeInTheDocument();
    expect(save).toBeEnabled();
    await user.click(cancel);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByText('Images modified')).not.toBeInTheDocument();
    expect(save).toBeDisabled();
  });

  it('saves the remaining entries as they were stored', async () => {
    const saved = { ...ad, images: ['ads/a.png', 'ads/c.png'] };
    const fetchMock = stubFetch(async () => jsonResponse({ success: true, advertisement: saved }));
    const { onSaved, onMessage } = renderPanel(ad);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(onMessage).toHaveBeenCalledWith({ tone: 'success', text: adMessages.imagesUpdated });
    // The panel also reads the ad's history: the save is the one PUT.
    const puts = fetchMock.mock.calls.map((c) => c[0] as Request).filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(1);
    const request = puts[0]!;
    expect(new URL(request.url).pathname).toBe(`/api/advertisements/${ad._id}/images`);
    expect(await request.json()).toEqual({ images: ['ads/a.png', 'ads/c.png'] });
  });

  it('reports a failed save', async () => {
    stubFetch(async () => jsonResponse({ success: false, message: 'Images can only be removed, not added' }, 400));
    const { onSaved, onMessage } = renderPanel(ad);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onMessage).toHaveBeenCalledWith({ tone: 'error', text: adMessages.imagesFailed }));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('closes at once without changes, and asks first with unsaved changes', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { onClose } = renderPanel(ad);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Close panel' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    await user.keyboard('{Escape}');
    expect(confirm).toHaveBeenCalledWith(adMessages.unsavedImages);
    expect(onClose).toHaveBeenCalledTimes(1);
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Close panel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('enlarges an image in a lightbox that Escape closes alone', async () => {
    const { onClose } = renderPanel(ad);
    const user = userEvent.setup();
    const enlarge = screen.getByRole('button', { name: 'Enlarge image 3' });
    await user.click(enlarge);
    const preview = screen.getByRole('dialog', { name: 'Image preview' });
    expect(within(preview).getByRole('img')).toHaveAttribute('src', '/uploads/ads/c.png');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Image preview' })).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(enlarge).toHaveFocus();
  });
});
