import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { AdHistoryEvent, Advertisement } from '@backoffice/contract';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { jsonResponse, makeUser, stubFetch } from '../../test/render';
import { initialUserState } from '../auth/user-slice';
import { AdSidePanel } from './ad-side-panel';
import { makeAd } from './ads-test-data';

const ad = makeAd({ images: ['ads/a.png', 'ads/b.png'] });
const ruwan = { _id: '11111111-1111-4111-8111-111111111111', name: 'Ruwan Jayasinghe' };

const submitted: AdHistoryEvent = { _id: 'e1', action: 'submitted', actor: null, at: '2026-11-17T04:00:00.000Z' };
const rejected: AdHistoryEvent = {
  _id: 'e2',
  action: 'rejected',
  actor: ruwan,
  at: '2026-11-17T18:29:00.000Z',
  rejectionReason: 'Blurry photos',
};
const imagesRemoved: AdHistoryEvent = {
  _id: 'e3',
  action: 'images_updated',
  actor: ruwan,
  at: '2026-11-18T06:00:00.000Z',
  details: { removed: 1 },
};

/** Answers the history with `history()` and the images save with the ad; records the history calls. */
function server(history: () => AdHistoryEvent[]) {
  const historyCalls: string[] = [];
  stubFetch(async (path, init) => {
    if (path === `/api/advertisements/${ad._id}/history`) {
      historyCalls.push(path);
      return jsonResponse({ success: true, events: history() });
    }
    if (path === `/api/advertisements/${ad._id}/images` || init?.method === 'PUT') {
      return jsonResponse({ success: true, advertisement: { ...ad, images: ['ads/a.png'] } });
    }
    return jsonResponse({ success: false, message: 'Not found' }, 404);
  });
  return historyCalls;
}

function renderPanel(of: Advertisement = ad) {
  render(
    // An administrator: the panel offers image removal only to a role that moderates ads.
    <Provider store={makeStore({ user: { ...initialUserState, currentUser: makeUser() } })}>
      <AdSidePanel ad={of} open message={null} onClose={vi.fn()} onSaved={vi.fn()} onMessage={vi.fn()} />
    </Provider>,
  );
}

const timeline = () => screen.getByRole('list', { name: 'History' });
const entries = () =>
  within(timeline())
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('AdSidePanel history', () => {
  it('shows the ad’s events oldest first: action, who (or the public site), when and the reason', async () => {
    const calls = server(() => [submitted, rejected]);
    renderPanel();
    await screen.findByRole('list', { name: 'History' });
    expect(screen.getByRole('heading', { name: 'History' })).toBeInTheDocument();
    expect(entries()).toEqual([
      'Submitted by Public site17 Nov 2026, 09:30',
      'Rejected by Ruwan Jayasinghe17 Nov 2026, 23:59Blurry photos',
    ]);
    expect(calls).toEqual([`/api/advertisements/${ad._id}/history`]);
  });

  it('says so when the ad has no history yet', async () => {
    server(() => []);
    renderPanel();
    expect(await screen.findByText('No history yet')).toBeInTheDocument();
  });

  it('asks again after the panel saves the images, and shows the new event', async () => {
    let events = [submitted];
    const calls = server(() => events);
    renderPanel();
    await screen.findByRole('list', { name: 'History' });
    expect(entries()).toHaveLength(1);
    events = [submitted, imagesRemoved];
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(entries()).toHaveLength(2));
    expect(entries()[1]).toBe('Images removed by Ruwan Jayasinghe18 Nov 2026, 11:30 · 1 image');
    expect(calls).toHaveLength(2);
  });
});
