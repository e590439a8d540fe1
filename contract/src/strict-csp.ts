// The core's config alone: importing `z` would bring all of zod onto every screen's first load.
import { config } from 'zod/v4/core';

/**
 * For pages under a Content-Security-Policy without 'unsafe-eval': Zod otherwise probes for
 * `new Function` to compile fast object parsers, and the browser reports that probe as a CSP
 * violation on every screen even though Zod catches the failure. The interpreted parsers check the
 * same rules. Servers keep the compiled ones.
 */
export function parseWithoutEval(): void {
  config({ jitless: true });
}
