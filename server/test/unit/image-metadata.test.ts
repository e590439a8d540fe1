import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { carriesMetadata, storableImage } from '../../src/storage/image-metadata';
import { checkUploadedImage } from '../../src/storage/image-sniff';
import { images } from '../support/banner-images';

/** The 1×1 test GIF's frame (graphic control extension, image descriptor, image data). */
const gifFrame = () => images.gif().subarray(19, -1);

/** The test GIF with `extra` blocks placed before its trailer. */
const gifWith = (...extra: Buffer[]) => {
  const gif = images.gif();
  return Buffer.concat([gif.subarray(0, -1), ...extra, Buffer.from([0x3b])]);
};
const comment = (text: string) =>
  Buffer.concat([Buffer.from([0x21, 0xfe, text.length]), Buffer.from(text), Buffer.from([0])]);

/** The test JPEG with one segment inserted after SOI. */
const jpegWith = (marker: number, body: Buffer) => {
  const jpeg = images.jpeg();
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, body, jpeg.subarray(2)]);
};
const jfif = (thumb: number) =>
  Buffer.concat([
    Buffer.from('JFIF\0'),
    Buffer.from([1, 1, 0, 0, 1, 0, 1, thumb, thumb]),
    Buffer.alloc(thumb * thumb * 3),
  ]);

describe('metadata of uploaded originals (issue 38.10)', () => {
  it('finds nothing in the bare test images of every accepted type', () => {
    for (const [name, data] of Object.entries(images)) {
      const check = checkUploadedImage(data());
      expect(check.ok, name).toBe(true);
      if (check.ok) expect(carriesMetadata(data(), check.type), name).toBe(false);
    }
  });

  it.each([
    ['a JPEG comment (COM)', jpegWith(0xfe, Buffer.from('Colombo'))],
    ['a JPEG APP1 (EXIF)', jpegWith(0xe1, Buffer.from('Exif\0\0MM'))],
    ['a JPEG APP13 (IPTC)', jpegWith(0xed, Buffer.from('Photoshop 3.0\0'))],
    ['a JFIF header with a thumbnail', jpegWith(0xe0, jfif(2))],
    ['a GIF comment', gifWith(comment('6.9271 N'))],
    ['a GIF XMP extension', gifWith(Buffer.from([0x21, 0xff, 11, ...Buffer.from('XMP DataXMP'), 1, 0x20, 0]))],
  ])('finds %s', (_, data) => {
    const check = checkUploadedImage(data);
    expect(check.ok).toBe(true);
    if (check.ok) expect(carriesMetadata(data, check.type)).toBe(true);
  });

  it('keeps a JFIF header without a thumbnail and the loop count of an animation', () => {
    expect(carriesMetadata(jpegWith(0xe0, jfif(0)), 'image/jpeg')).toBe(false);
    const loop = Buffer.from([0x21, 0xff, 11, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0]);
    const gif = images.gif();
    expect(carriesMetadata(Buffer.concat([gif.subarray(0, 19), loop, gif.subarray(19)]), 'image/gif')).toBe(false);
  });

  it('finds PNG XMP (an iTXt chunk)', async () => {
    const png = await sharp(images.png())
      .png()
      .withMetadata()
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"/>')
      .toBuffer();
    expect(carriesMetadata(png, 'image/png')).toBe(true);
    expect(carriesMetadata(images.png(), 'image/png')).toBe(false);
  });

  it('refuses as too large an animation whose frames together exceed the pixel limit, before decoding them', async () => {
    // A 2,000 × 2,000 screen (4 megapixels, within the limit) with eleven frames: 44 megapixels.
    const gif = gifWith(...Array.from({ length: 10 }, gifFrame), comment('x'));
    gif.writeUInt16LE(2000, 6);
    gif.writeUInt16LE(2000, 8);
    const check = checkUploadedImage(gif);
    expect(check.ok).toBe(true);
    expect(await storableImage(gif, 'image/gif')).toEqual({ ok: false, problem: 'dimensions' });
  });
});
