import { describe, expect, it } from 'vitest';
import { adImageUrl, bannerImageUrl, isAbsoluteUrl, profilePictureUrl, thumbnailUrl } from '../src';

describe('image URLs (docs/decisions/0019-object-storage-and-thumbnails.md)', () => {
  it('keeps http(s) URLs on another host as they are', () => {
    for (const url of ['https://cdn.example/ads/a.png', 'http://cdn.example/a.png', '//cdn.example/a.png']) {
      expect(isAbsoluteUrl(url)).toBe(true);
      expect(adImageUrl(url)).toBe(url);
    }
  });

  it('serves any other scheme as a path of this server, never as it is', () => {
    for (const path of ['javascript:__xss=5', 'data:image/png;base64,AAAA', 'JaVaScRiPt:alert(1)', 'vbscript:x']) {
      expect(isAbsoluteUrl(path)).toBe(false);
      expect(adImageUrl(path)).toBe(`/uploads/${path}`);
      expect(thumbnailUrl(adImageUrl(path), 96)).toBe(`/uploads/${path}?w=96`);
    }
    expect(bannerImageUrl('javascript:x')).toMatch(/^\/uploads\//);
    expect(profilePictureUrl('javascript:x')).toMatch(/^\/uploads\//);
  });
});
