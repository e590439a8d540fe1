import v8 from 'node:v8';

/**
 * The server's one V8 setting, made before any other module is evaluated (main.ts imports this
 * file first), so that it holds for every way the server is started.
 *
 * V8 watches, for each place in the code that allocates, how many of its objects survive a
 * young-generation collection; past a threshold it allocates that place's objects straight in the
 * old generation ("allocation-site pretenuring"). A long CSV export reads batch after batch of rows
 * from the same few places, each batch alive for a moment: V8 took them for long-lived, and from
 * then on every row went to the old generation as garbage, which grew by 150 MB between full
 * collections (RSS 205 → 370 MB during a 1,000,000-ad export). Without pretenuring the rows die
 * young and RSS stays within 25 MB of idle; the list's latency is the same with and without
 * (docs/decisions/0018-exports-and-bulk.md, "Memory settings (heap tuning)").
 *
 * The flag is read when V8 collects, so setting it here, before the server has allocated anything
 * of its own, works as it does on the command line (measured both ways); here it cannot be left
 * out of a start command.
 */
export const V8_FLAGS = '--no-allocation-site-pretenuring';

v8.setFlagsFromString(V8_FLAGS);
