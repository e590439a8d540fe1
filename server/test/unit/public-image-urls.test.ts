import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { advertisement, bannerAd, publicUser } from '@backoffice/contract';
import { PublicImageUrls } from '../../src/storage/public-image-urls';

const HOST = 'https://images.example.lk';
const urls = new PublicImageUrls(HOST);
/** What the API would send for `data` under `schema` (the inner serializer stands for the zod one). */
const answer = (schema: z.ZodType, data: unknown) => {
  const compile = urls.serializer((() => (d: unknown) => JSON.stringify(d)) as never);
  return JSON.parse(compile({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never)(data)) as unknown;
};

describe('PublicImageUrls', () => {
  it('finds ads, banners and users wherever a response schema holds them, however often', () => {
    const ads = z.array(advertisement);
    const schema = z.object({
      first: ads,
      again: ads.nullable(),
      banner: z.union([bannerAd, z.null()]),
      user: publicUser.optional(),
      other: z.object({ images: z.array(z.string()) }),
    });
    const out = answer(schema, {
      first: [{ images: ['ads/a.png'] }],
      again: [{ images: ['/uploads/ads/b.png'] }],
      banner: { image: 'c.png' },
      user: { profilePicture: null },
      other: { images: ['ads/kept.png'] },
    });
    expect(out).toMatchObject({
      first: [{ images: [`${HOST}/ads/a.png`] }],
      again: [{ images: [`${HOST}/ads/b.png`] }],
      banner: { image: `${HOST}/banner-ads/c.png` },
      user: { profilePicture: null, profilePictureThumbnails: null },
      other: { images: ['ads/kept.png'] },
    });
    expect(answer(schema, { first: [], again: null, banner: null, other: { images: [] } })).toEqual({
      first: [],
      again: null,
      banner: null,
      other: { images: [] },
    });
  });

  it('takes back only URLs on the public host, as keys', () => {
    expect(urls.toStored(`${HOST}/ads/a%20b.png`)).toBe('ads/a b.png');
    expect(urls.toStored('ads/a.png')).toBe('ads/a.png');
    for (const other of [
      'https://evil.example/ads/a.png',
      `${HOST}.evil.example/ads/a.png`,
      `${HOST}/ads/a.png?w=96`,
      `${HOST}/../etc/passwd`,
      `${HOST}/ads/%E0%A4%A.png`,
    ])
      expect(urls.toStored(other)).toBe(other);
  });
});
