import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InteractiveLoad } from '../../src/lib/interactive-load';

/** An export gives way to the requests in flight (docs/decisions/0018-exports-and-bulk.md). */
describe('InteractiveLoad', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const load = () => new InteractiveLoad(1000, () => Date.now());
  const settled = (p: Promise<void>) => {
    const state = { done: false };
    void p.then(() => (state.done = true));
    return state;
  };

  it('lets background work go on at once when no request is in flight', async () => {
    const l = load();
    const wait = settled(l.idle(50));
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.done).toBe(true);
  });

  it('holds background work until the last request in flight is answered', async () => {
    const l = load();
    const a = {};
    const b = {};
    l.begin(a);
    l.begin(b);
    const wait = settled(l.idle(50));
    l.end(a);
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.done).toBe(false);
    l.end(b);
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.done).toBe(true);
  });

  it('holds it for the longest wait at most, so an export never starves', async () => {
    const l = load();
    l.begin({});
    const wait = settled(l.idle(50));
    await vi.advanceTimersByTimeAsync(49);
    expect(wait.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(wait.done).toBe(true);
  });

  it('waits for a quiet period after the last answer, which every request starts again', async () => {
    const l = load();
    const a = {};
    l.begin(a);
    const wait = settled(l.idle(1000, 5));
    await vi.advanceTimersByTimeAsync(10);
    l.end(a);
    await vi.advanceTimersByTimeAsync(4);
    expect(wait.done).toBe(false);
    // A request that comes and goes within the quiet period: the export still waits.
    const b = {};
    l.begin(b);
    l.end(b);
    await vi.advanceTimersByTimeAsync(4);
    expect(wait.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(wait.done).toBe(true);
  });

  it('holds it for the longest wait at most under a load that never pauses', async () => {
    const l = load();
    let wait: { done: boolean } | undefined;
    // A request every 5 ms, answered in 3: never 5 ms without one.
    for (let t = 0; t < 199; t++) {
      const r = {};
      l.begin(r);
      wait ??= settled(l.idle(1000, 5));
      await vi.advanceTimersByTimeAsync(3);
      l.end(r);
      await vi.advanceTimersByTimeAsync(2);
      expect(wait.done).toBe(false);
    }
    await vi.advanceTimersByTimeAsync(5);
    expect(wait!.done).toBe(true);
  });

  it('goes on at once when the last request was answered longer ago than the quiet period', async () => {
    const l = load();
    const a = {};
    l.begin(a);
    l.end(a);
    await vi.advanceTimersByTimeAsync(5);
    const wait = settled(l.idle(1000, 5));
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.done).toBe(true);
  });

  it('leaves out a response that stays open (an event stream) once it is older than the stale limit', async () => {
    const l = load();
    l.begin({});
    expect(l.busy).toBe(true);
    await vi.advanceTimersByTimeAsync(1001);
    expect(l.busy).toBe(false);
    const wait = settled(l.idle(50));
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.done).toBe(true);
  });
});

describe('registerInteractiveLoad', () => {
  it('counts a request until its response closes, and never an export', async () => {
    const { default: Fastify } = await import('fastify');
    const { PassThrough } = await import('node:stream');
    const { registerInteractiveLoad } = await import('../../src/lib/interactive-load');
    const l = new InteractiveLoad();
    const app = Fastify();
    registerInteractiveLoad(app, l);
    let entered!: () => void;
    const inHandler = new Promise<void>((r) => (entered = r));
    let answer!: () => void;
    app.get('/api/list', async () => {
      entered();
      await new Promise<void>((r) => (answer = r));
      return { ok: true };
    });
    const csv = new PassThrough();
    app.get('/api/export', async (_req, reply) => reply.send(csv));
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      // The header goes out with the first bytes.
      csv.write('h\n');
      const exporting = await fetch(`${url}/api/export`);
      expect(l.busy).toBe(false);
      const listing = fetch(`${url}/api/list`);
      await inHandler;
      expect(l.busy).toBe(true);
      answer();
      expect((await listing).status).toBe(200);
      await l.idle(60_000);
      expect(l.busy).toBe(false);
      csv.end('a\n');
      expect(await exporting.text()).toBe('h\na\n');
    } finally {
      await app.close();
    }
  });
});
