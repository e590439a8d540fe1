import { fireEvent, render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { thumbnailSrcSet, thumbnailUrl, type BannerAd } from '@backoffice/contract';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { initialUserState } from '../auth/user-slice';
import { jsonResponse, makeUser, stubFetch } from '../../test/render';
import { BannersTable } from '../banners/banners-table';
import { UserAvatar } from '../users/user-avatar';
import { AdSidePanel } from './ad-side-panel';
import { AdsTable } from './ads-table';
import { makeAd } from './ads-test-data';

/** Issue 23: with S3_PUBLIC_URL the server answers images and their thumbnails on the image host. */
const HOST = 'https://images.example.lk';
const thumbs = (key: string) => ({ w96: `${HOST}/thumbs/w96/${key}.webp`, w480: `${HOST}/thumbs/w480/${key}.webp` });
const ad = makeAd({
  images: [`${HOST}/ads/a.png`, `${HOST}/ads/b.png`],
  thumbnails: [thumbs('ads/a.png'), thumbs('ads/b.png')],
});

describe('absolute image URLs', () => {
  it('never adds ?w= to an absolute URL: the thumbnails the server answered, else the image itself', () => {
    expect(thumbnailUrl(`${HOST}/ads/a.png`, 96)).toBe(`${HOST}/ads/a.png`);
    expect(thumbnailSrcSet(`${HOST}/ads/a.png`)).toBeUndefined();
    expect(thumbnailUrl(`${HOST}/ads/a.png`, 480, thumbs('ads/a.png'))).toBe(thumbs('ads/a.png').w480);
    expect(thumbnailUrl('/uploads/ads/a.png', 96)).toBe('/uploads/ads/a.png?w=96');
  });

  it('the side panel shows the answered thumbnails, falls back to the original, and saves the images as answered', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ success: true, advertisement: ad }));
    render(
      <Provider store={makeStore({ user: { ...initialUserState, currentUser: makeUser() } })}>
        <AdSidePanel ad={ad} open message={null} onClose={vi.fn()} onSaved={vi.fn()} onMessage={vi.fn()} />
      </Provider>,
    );
    const images = within(screen.getByRole('list', { name: 'Images' })).getAllByRole('img');
    expect(images.map((i) => i.getAttribute('src'))).toEqual([thumbs('ads/a.png').w480, thumbs('ads/b.png').w480]);
    expect(images[0]).toHaveAttribute('srcset', `${thumbs('ads/a.png').w96} 96w, ${thumbs('ads/a.png').w480} 480w`);
    // A new image's thumbnail is not on the image host yet: the original is shown meanwhile.
    fireEvent.error(images[0]!);
    const first = within(screen.getByRole('list', { name: 'Images' })).getAllByRole('img')[0]!;
    expect(first).toHaveAttribute('src', `${HOST}/ads/a.png`);
    expect(first).not.toHaveAttribute('srcset');
    fireEvent.error(first);
    expect(
      within(screen.getByRole('list', { name: 'Images' })).getByRole('img', { name: 'Image Error' }),
    ).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.some((c) => (c[0] as Request).method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.map((c) => c[0] as Request).find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({ images: [`${HOST}/ads/b.png`] });
  });

  it('the ads table shows the 96 px thumbnail answered for the first image', () => {
    render(
      <Provider store={makeStore()}>
        <AdsTable
          ads={[ad]}
          loading={false}
          sort={{ field: 'postingDate', order: 'desc' }}
          onSort={vi.fn()}
          selection={{
            isSelected: () => false,
            toggle: vi.fn(),
            toggleAll: vi.fn(),
          }}
          onOpen={vi.fn()}
          onApprove={vi.fn()}
          onReject={vi.fn()}
          onDelete={vi.fn()}
          onResetFilters={vi.fn()}
        />
      </Provider>,
    );
    const row = screen.getAllByRole('row')[1]!;
    const image = row.querySelector('img')!;
    expect(image).toHaveAttribute('src', thumbs('ads/a.png').w96);
    fireEvent.error(image);
    expect(row.querySelector('img')).toHaveAttribute('src', `${HOST}/ads/a.png`);
  });

  it('the banners table shows the answered thumbnails with their srcset', () => {
    const banner: BannerAd = {
      _id: '7c0c1e2d-3f4a-4b5c-8d6e-7f8091a2b3c4',
      name: 'Avurudu sale',
      description: 'Banner',
      placement: 'Home page',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      status: 'Active',
      image: `${HOST}/banner-ads/b.png`,
      thumbnails: thumbs('banner-ads/b.png'),
      views: 0,
      createdAt: '2026-11-22T12:00:00.000Z',
      updatedAt: '2026-11-22T12:00:00.000Z',
    };
    const noop = vi.fn();
    render(
      <BannersTable
        banners={[banner]}
        loading={false}
        filtered={false}
        onView={noop}
        onEdit={noop}
        onDelete={noop}
        onEnlarge={noop}
        onClearFilters={noop}
        onAdd={noop}
      />,
    );
    const image = screen.getByRole('button', { name: 'Enlarge image of Avurudu sale' }).querySelector('img')!;
    expect(image).toHaveAttribute('src', thumbs('banner-ads/b.png').w96);
    expect(image).toHaveAttribute(
      'srcset',
      `${thumbs('banner-ads/b.png').w96} 96w, ${thumbs('banner-ads/b.png').w480} 480w`,
    );
  });

  it('avatars use the answered thumbnails, then the original, then the initials', () => {
    render(
      <UserAvatar
        user={{
          name: 'Nimal Perera',
          username: 'nimal',
          profilePicture: `${HOST}/profiles/p.png`,
          profilePictureThumbnails: thumbs('profiles/p.png'),
        }}
      />,
    );
    const image = screen.getByRole('img', { name: 'Profile picture of Nimal Perera' });
    expect(image).toHaveAttribute('src', thumbs('profiles/p.png').w96);
    expect(image).toHaveAttribute('srcset', `${thumbs('profiles/p.png').w96} 1x, ${thumbs('profiles/p.png').w480} 2x`);
    fireEvent.error(image);
    const original = screen.getByRole('img', { name: 'Profile picture of Nimal Perera' });
    expect(original).toHaveAttribute('src', `${HOST}/profiles/p.png`);
    fireEvent.error(original);
    expect(screen.getByRole('img', { name: 'No profile picture for Nimal Perera' })).toBeVisible();
  });
});
