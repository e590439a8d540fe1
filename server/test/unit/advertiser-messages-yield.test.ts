import os from 'node:os';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import { AdvertiserOutbox, MAX_RELAY_DELAY_MS, MAX_YIELD_MS, QUIET_MS } from '../../src/messages/advertiser-outbox';
import { Pacing } from '../../src/messages/pacing';

/**
 * Delivery inside the server waits while decisions are being committed there, but not forever
 * (docs/decisions/0022-advertiser-messages.md). The outbox is not started: nothing here touches
 * the database, only the wait before an attempt.
 */
describe('delivery in the server gives way to decisions', () => {
  beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => void vi.useRealTimers());

  const outbox = () =>
    new AdvertiserOutbox({
      db: undefined as never,
      kind: 'pglite',
      clock: () => new Date(),
      config: loadConfig({}).messages,
      dataDir: os.tmpdir(),
      log: console,
    });

  const track = (p: Promise<void>) => {
    const state = { done: false };
    void p.then(() => (state.done = true));
    return state;
  };

  it('goes at once when no decision was made, and QUIET_MS after the last one', async () => {
    const o = outbox();
    const idle = track(o.yieldToDecisions());
    await vi.advanceTimersByTimeAsync(0);
    expect(idle.done).toBe(true);

    o.afterCommit();
    const after = track(o.yieldToDecisions());
    await vi.advanceTimersByTimeAsync(QUIET_MS / 2);
    o.afterCommit();
    await vi.advanceTimersByTimeAsync(QUIET_MS - 10);
    expect(after.done).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(after.done).toBe(true);
  });

  it('holds back at most MAX_YIELD_MS while decisions keep coming', async () => {
    const o = outbox();
    o.afterCommit();
    const waiting = track(o.yieldToDecisions());
    for (let t = 0; t < MAX_YIELD_MS - QUIET_MS; t += QUIET_MS / 3) {
      await vi.advanceTimersByTimeAsync(QUIET_MS / 3);
      o.afterCommit();
    }
    expect(waiting.done).toBe(false);
    for (let t = 0; t < 2 * QUIET_MS && !waiting.done; t += QUIET_MS / 3) {
      await vi.advanceTimersByTimeAsync(QUIET_MS / 3);
      o.afterCommit();
    }
    expect(waiting.done).toBe(true);
  });
});

describe('a burst of decisions is relayed to delivery once', () => {
  beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => void vi.useRealTimers());

  it('once decisions pause, or MAX_RELAY_DELAY_MS after the first while they keep coming', async () => {
    let relays = 0;
    const pacing = new Pacing(QUIET_MS, () => relays++);
    pacing.decided();
    await vi.advanceTimersByTimeAsync(QUIET_MS / 2);
    pacing.decided();
    await vi.advanceTimersByTimeAsync(QUIET_MS - 10);
    expect(relays).toBe(0);
    await vi.advanceTimersByTimeAsync(20);
    expect(relays).toBe(1);

    // A stream with no pause: one relay per MAX_RELAY_DELAY_MS, not one per decision.
    for (let t = 0; t < 3 * MAX_RELAY_DELAY_MS; t += QUIET_MS / 3) {
      pacing.decided();
      await vi.advanceTimersByTimeAsync(QUIET_MS / 3);
    }
    expect(relays).toBeGreaterThanOrEqual(1 + 2);
    expect(relays).toBeLessThanOrEqual(1 + 3);
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    const after = relays;
    await vi.advanceTimersByTimeAsync(10 * QUIET_MS);
    expect(relays).toBe(after);
  });
});
