import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import type { AdvertiserCard as Card } from '@backoffice/contract';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store';
import { jsonResponse, stubFetch } from '../../../test/render';
import { adId, makeAd } from '../ads-test-data';
import { AdvertiserCard } from './advertiser-card';

const other = makeAd({ _id: adId(7), heading: 'Blue van', status: 'approved' });
const card: Card = {
  userId: '44444444-4444-4444-8444-444444444444',
  name: 'Sunil',
  username: 'sunil',
  verified: false,
  joinedAt: '2024-07-01T00:00:00.000Z',
  counts: { approved: 0, pending: 1, rejected: 0 },
  latest: [{ _id: other._id, heading: other.heading, status: other.status, postingDate: other.postingDate }],
};

function renderCard(onOpenAd = vi.fn()) {
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <AdvertiserCard adId={adId(1)} onOpenAd={onOpenAd} />
      </MemoryRouter>
    </Provider>,
  );
  return onOpenAd;
}

describe('AdvertiserCard', () => {
  it('says when the advertiser is not verified', async () => {
    stubFetch(async () => jsonResponse({ success: true, advertiser: card }));
    renderCard();
    const section = await screen.findByRole('region', { name: 'Advertiser' });
    expect(await within(section).findByText('Not verified')).toBeInTheDocument();
    expect(section).toHaveTextContent('Joined 1 Jul 2024');
  });

  it('opens one of the advertiser’s other ads in the panel (GET /api/advertisements/{id})', async () => {
    const paths: string[] = [];
    stubFetch(async (path) => {
      paths.push(path);
      if (path.endsWith('/advertiser')) return jsonResponse({ success: true, advertiser: card });
      if (path === `/api/advertisements/${other._id}`) return jsonResponse({ success: true, advertisement: other });
      return jsonResponse({ success: false, message: 'Not Found' }, 404);
    });
    const onOpenAd = renderCard();
    const item = await screen.findByRole('button', { name: /Blue van/ });
    await userEvent.setup().click(item);
    await waitFor(() => expect(onOpenAd).toHaveBeenCalledWith(other));
    expect(paths).toContain(`/api/advertisements/${other._id}`);
  });

  it('says so when the ad cannot be found', async () => {
    stubFetch(async (path) => {
      if (path.endsWith('/advertiser')) return jsonResponse({ success: true, advertiser: card });
      return jsonResponse({ success: false, message: 'Not Found' }, 404);
    });
    const onOpenAd = renderCard();
    await userEvent.setup().click(await screen.findByRole('button', { name: /Blue van/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to open the advertisement');
    expect(onOpenAd).not.toHaveBeenCalled();
  });
});
