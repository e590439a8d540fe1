import { encodePng } from '../../src/seed/png';

/**
 * Tiny but complete images of the four accepted types. PNG comes from the seed's encoder; the
 * others were encoded by Chromium (canvas.toDataURL, 4×3 pixels) with the colour-profile chunks
 * taken out, and each was checked to decode in Chromium (e2e/banners.test.ts checks again).
 */
export const images = {
  png: () => encodePng(4, 3, (x, y) => [40 * x, 60 * y, 200]),
  jpeg: () =>
    Buffer.from(
      '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAeEAABBAIDAQAAAAAAAAAAAAACAAEDBAUGERIhIv/EABUBAQEAAAAAAAAAAAAAAAAAAAYH/8QAHREAAgIDAAMAAAAAAAAAAAAAAQIDBAAFQTJSYf/aAAwDAQACEQMRAD8Ato2Kx1nVqUtihUllLvyckIkT/ZN67siIpzvLtldlZVZGADv0+xxdQgiNWIlR4jnwZ//Z',
      'base64',
    ),
  /** A 1×1 GIF89a with a graphic control extension. */
  gif: () =>
    Buffer.from('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex'),
  /** Lossy WebP (a single VP8 chunk). */
  webp: () =>
    Buffer.from(
      'UklGRnYAAABXRUJQVlA4IGoAAACwAwCdASoEAAMAAUAmJbACdLoB+AFGAtQD9QMAA/QDrLwZB6IugAD+3j6bU3fv+kb6qntALC/8q/3XdN8/+u2Lrjn+rfPikZio/Dz+HqX7b3b/pz/3zqgm+/N4Tc3G6Ixojcr/IP3+bQAA',
      'base64',
    ),
  /** Lossless WebP (a single VP8L chunk). */
  webpLossless: () => Buffer.from('UklGRiIAAABXRUJQVlA4TBYAAAAvA4AAAA9wIK97XJ/rdf6DB8MQ0f8w', 'base64'),
  /** Extended WebP: VP8X, an alpha chunk and a VP8 bitstream. */
  webpExtended: () =>
    Buffer.from(
      'UklGRqAAAABXRUJQVlA4WAoAAAAQAAAAAwAAAgAAQUxQSA0AAAABDzD/ERHiDg8R/Q8DAFZQOCBsAAAAsAMAnQEqBAADAAFAJiWwAnS6AfgBRgLUA/UDAAP0A6y8GQeN/AAA/tK8CN7YH/Y7l+1H2/AMPb/8q/3XdN8/+u2Lrjn+rfPikZio/Dz+HqX7b3b/pz/3zqgm+/N4Tc3G6Ixojcr/IP3+bQAA',
      'base64',
    ),
};

/** Files that must never be accepted, whatever their name or declared type says. */
export const hostile = {
  svg: () =>
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
    ),
  html: () => Buffer.from('<!doctype html><html><body><script>fetch("/api/users")</script></body></html>'),
  pngHeaderThenScript: () =>
    Buffer.concat([images.png().subarray(0, 8), Buffer.from('<script>alert(document.cookie)</script>')]),
  pngThenScript: () => Buffer.concat([images.png(), Buffer.from('<script>alert(1)</script>')]),
};
