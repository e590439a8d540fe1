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
