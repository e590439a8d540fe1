import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerHostCheck } from '../../src/plugins/edge-guards';
import { registerErrorHandler } from '../../src/plugins/error-handler';
import { healthStatusFor } from '../support/host-status';

/**
 * A proxy on this machine (deploy/nginx) passes the browser's Host, PUBLIC_ORIGIN's loopback address
 * on the proxy's port, to an instance listening on another port: it is answered, while a loopback
 * name on any other port still gets 421 (server/test/process/nginx-pair.test.ts runs the real pair).
 */
describe('the host check behind a proxy on this machine', () => {
  const PROXY_PORT = 8080;
  let app: FastifyInstance;
  let port = 0;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandler(app);
    registerHostCheck(app, {
      publicOrigin: `http://127.0.0.1:${PROXY_PORT}`,
      allowedOrigins: [],
      listenHost: '127.0.0.1',
    });
    app.get('/api/health', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app?.close());

  const statusFor = (host: string) => healthStatusFor(port, host);

  it("answers PUBLIC_ORIGIN's host and port, and loopback names only on its own port", async () => {
    expect(await statusFor(`127.0.0.1:${PROXY_PORT}`)).toBe(200);
    expect(await statusFor(`127.0.0.1:${port}`)).toBe(200);
    expect(await statusFor(`localhost:${PROXY_PORT}`)).toBe(421);
    expect(await statusFor(`127.0.0.1:${PROXY_PORT + 1 === port ? PROXY_PORT + 2 : PROXY_PORT + 1}`)).toBe(421);
  });
});
