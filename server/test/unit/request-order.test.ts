import Fastify from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestOrder } from '../../src/db/request-order';
import { registerRequestOrder } from '../../src/plugins/request-order';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('RequestOrder (the embedded database serves statements in request order)', () => {
  it('runs the statement of an earlier request before those a later request queued first', async () => {
    const order = new RequestOrder();
    const ran: string[] = [];
    let open!: () => void;
    const holding = order.run(() => new Promise<void>((resolve) => (open = resolve)));
    const early = order.ticket();
    const late = order.ticket();
    const b = order.context.run(late, () => order.run(async () => void ran.push('late')));
    const a = order.context.run(early, () => order.run(async () => void ran.push('early')));
    const outside = order.run(async () => void ran.push('outside'));
    const a2 = order.context.run(early, () => order.run(async () => void ran.push('early 2')));
    expect(order.waiting).toBe(4);
    await tick();
    open();
    await Promise.all([holding, a, b, outside, a2]);
    expect(ran).toEqual(['early', 'early 2', 'late', 'outside']);
  });

  it('lets the event loop run between two statements (to accept connections and read requests)', async () => {
    const order = new RequestOrder();
    const ran: string[] = [];
    const statements = [1, 2, 3].map((i) => order.run(async () => void ran.push(`statement ${i}`)));
    setImmediate(() => ran.push('event loop'));
    await Promise.all(statements);
    expect(ran).toEqual(['statement 1', 'event loop', 'statement 2', 'statement 3']);
  });

  it('goes on after a statement fails', async () => {
    const order = new RequestOrder();
    await expect(order.run(() => Promise.reject(new Error('syntax error')))).rejects.toThrow('syntax error');
    expect(await order.run(async () => 'next')).toBe('next');
  });

  it('never runs two at once, and always starts the earliest request waiting', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        async (requests) => {
          const order = new RequestOrder();
          const waiting = new Map<symbol, number>();
          let running = 0;
          const violations: string[] = [];
          const statement = async (ticket: number, gaps: number) => {
            const me = Symbol();
            waiting.set(me, ticket);
            await order.run(async () => {
              waiting.delete(me);
              running++;
              if (running > 1) violations.push('two at once');
              const earliest = Math.min(...waiting.values());
              if (earliest < ticket) violations.push(`request ${ticket} ran before ${earliest}`);
              for (let i = 0; i < gaps; i++) await tick();
              running--;
            });
          };
          await Promise.all(
            requests.map(async (statements, i) => {
              for (let k = 0; k < i; k++) await tick();
              const ticket = order.ticket();
              await order.context.run(ticket, async () => {
                for (const gaps of statements) {
                  await statement(ticket, gaps);
                  await tick();
                }
              });
            }),
          );
          expect(violations).toEqual([]);
          expect(order.waiting).toBe(0);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('registerRequestOrder (each request runs in its own number)', () => {
  const order = new RequestOrder();
  const app = Fastify();
  registerRequestOrder(app, order);
  const seen = (label: string) => ({ label, ticket: order.context.getStore() ?? null });
  app.addHook('onRequest', async (request) => {
    await tick();
    (request as unknown as { seenOnRequest: unknown }).seenOnRequest = seen('onRequest');
  });
  app.get('/read', async (request) => [
    (request as unknown as { seenOnRequest: unknown }).seenOnRequest,
    seen('handler'),
  ]);
  app.post('/write', async (request) => {
    await tick();
    return [(request as unknown as { seenOnRequest: unknown }).seenOnRequest, seen('handler'), request.body];
  });
  let url = '';
  beforeAll(async () => {
    url = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.close());

  it('keeps the number through the hooks, the body being read and the handler', async () => {
    const read = await (await fetch(`${url}/read`)).json();
    const body = { text: 'x'.repeat(200_000) };
    const write = await (
      await fetch(`${url}/write`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json();
    expect(read).toEqual([
      { label: 'onRequest', ticket: 0 },
      { label: 'handler', ticket: 0 },
    ]);
    expect(write).toEqual([{ label: 'onRequest', ticket: 1 }, { label: 'handler', ticket: 1 }, body]);
  });
});
