import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  duplicateImage,
  IMAGE_THRESHOLD,
  imageBandKeys,
  imageLookupKeys,
  photoDistance,
} from '../../src/signals/duplicate-image';
import { fromSigned64, hamming, imageHashes, toSigned64 } from '../../src/signals/image-hash';

/** A photo with structure: a gradient and a few shapes, placed by `seed`. */
function scene(seed: number, car = false): Promise<Buffer> {
  const n = (k: number) => ((seed * 7919 + k * 104729) % 997) / 997;
  const shapes = Array.from(
    { length: 8 },
    (_, k) =>
      `<circle cx="${Math.round(n(k) * 800)}" cy="${Math.round(n(k + 20) * 600)}" r="${30 + Math.round(n(k + 40) * 120)}" fill="rgb(${Math.round(n(k + 60) * 255)},${Math.round(n(k + 80) * 255)},90)"/>`,
  ).join('');
  // The same car (shape and colour) where another photographer would put it.
  const [x, y, w] = [100 + Math.round(n(5) * 200), 250 + Math.round(n(6) * 100), 350 + Math.round(n(7) * 100)];
  const body = car
    ? `<rect x="${x}" y="${y}" width="${w}" height="120" rx="30" fill="#c00"/><circle cx="${x + 80}" cy="${y + 120}" r="40"/><circle cx="${x + w - 80}" cy="${y + 120}" r="40"/>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><defs><linearGradient id="g"><stop offset="0" stop-color="rgb(${Math.round(n(99) * 255)},40,120)"/><stop offset="1" stop-color="#eee"/></linearGradient></defs><rect width="800" height="600" fill="url(#g)"/>${shapes}${body}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

describe('duplicate_image: the perceptual hash', () => {
  it('keeps a photo within the threshold after JPEG q60, half size, a 10 % crop and a small overlay', async () => {
    const photo = await scene(1);
    const original = await imageHashes(photo);
    expect(original).toHaveLength(26);
    const overlay = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><text x="40" y="560" font-size="32" fill="white">077 123 4567</text></svg>',
    );
    const edits = await Promise.all([
      sharp(photo).jpeg({ quality: 60 }).toBuffer(),
      sharp(photo).resize(400, 300).jpeg().toBuffer(),
      sharp(photo).extract({ left: 60, top: 20, width: 720, height: 540 }).jpeg().toBuffer(),
      sharp(photo)
        .composite([{ input: overlay }])
        .jpeg()
        .toBuffer(),
    ]);
    for (const edited of edits)
      expect(photoDistance(await imageHashes(edited), original)).toBeLessThanOrEqual(IMAGE_THRESHOLD);
  });

  it('puts different photos far apart, even two of the same car', async () => {
    const [a, b, c] = await Promise.all([scene(1), scene(2, true), scene(3, true)]).then((ps) =>
      Promise.all(ps.map((p) => imageHashes(p))),
    );
    expect(photoDistance(a!, b!)).toBeGreaterThan(IMAGE_THRESHOLD + 4);
    expect(photoDistance(b!, c!)).toBeGreaterThan(IMAGE_THRESHOLD);
  });

  it('counts differing bits, and stores a hash in a signed bigint column and back', () => {
    expect(hamming(0b1011n, 0b0010n)).toBe(2);
    expect(hamming(0xffffffffffffffffn, 0n)).toBe(64);
    const hash = 0xfedcba9876543210n;
    expect(toSigned64(hash)).toBeLessThan(0n);
    expect(fromSigned64(toSigned64(hash))).toBe(hash);
  });

  it('answers an unreadable image with an error, for the job to record', async () => {
    await expect(imageHashes(Buffer.from('not an image'))).rejects.toThrow();
  });
});

describe('duplicate_image: banded lookup and who posted it', () => {
  const whole = 0x0123456789abcdefn;
  const near = whole ^ 0b1001n ^ (1n << 40n); // 3 bits apart
  const far = ~whole & 0xffffffffffffffffn;
  const photo = (h: bigint) => [h, ...Array.from({ length: 25 }, (_, i) => h ^ (1n << BigInt(i + 1)) ^ (1n << 63n))];

  it('gives a photo within 3 bits a shared key, by pigeonhole, and keys below 2^19', () => {
    const stored = imageBandKeys(photo(whole));
    for (const k of stored) expect(k >= 0 && k < 2 ** 19).toBe(true);
    expect(imageLookupKeys(photo(near)).some((k) => stored.includes(k))).toBe(true);
    expect(imageLookupKeys(photo(far)).some((k) => stored.includes(k))).toBe(false);
  });

  it('calls the same advertiser (or phone) a duplicate, another advertiser a stolen photo', () => {
    const candidates = [
      { adId: 'mine', image: 0, advertiserId: 'u1', hashes: photo(near) },
      { adId: 'same-phone', image: 2, advertiserId: 'u9', phone: '+94771234567', hashes: photo(whole) },
      { adId: 'theirs', image: 1, advertiserId: 'u2', phone: '+94719999999', hashes: photo(whole) },
      { adId: 'unrelated', image: 0, advertiserId: 'u3', hashes: photo(far) },
    ];
    const signals = duplicateImage.detect({
      advertiserId: 'u1',
      phone: '+94771234567',
      photos: [{ image: 0, hashes: photo(whole) }],
      candidates,
    });
    expect(signals.map((s) => [s.kind, s.evidence.matches.map((m) => m.otherAdId)])).toEqual([
      ['duplicate_image', ['mine', 'same-phone']],
      ['stolen_image', ['theirs']],
    ]);
    expect(
      duplicateImage.detect({
        advertiserId: 'u1',
        photos: [{ image: 0, hashes: photo(whole) }],
        candidates: [candidates[3]!],
      }),
    ).toEqual([]);
  });
});
