import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AdListResponse, AdvertiserMessageListResponse } from '@backoffice/contract';
import { apiSignIn, startServer, tempDataDir, type ServerProcess } from '../../../e2e/support/server-process';
import { waitFor } from '../support/message-servers';

/** The first start seeds the demo (a month of moderation, signals, rules): minutes on a busy machine. */
const FIRST_START_MS = 600_000;

/**
 * Issue 19: a decision acknowledged by a server that is then killed with -9 before delivering its
 * message still reaches the advertiser after a restart, exactly once; `npm start`'s data folder
 * shows the message as an .eml file (no SMTP configured).
 */
describe('kill -9 between a decision and its message (embedded database)', () => {
  const dataDir = tempDataDir('bo-outbox-kill-');
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const outboxFiles = () => {
    const dir = path.join(dataDir, 'outbox');
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };

  async function get<T>(url: string, cookie: string): Promise<T> {
    const res = await fetch(url, { headers: { cookie } });
    expect(res.status, url).toBe(200);
    return (await res.json()) as T;
  }

  it('delivers after the restart, once', { timeout: 900_000 }, async () => {
    // First life: decisions are committed but nothing delivers them (as with a separate worker that is down).
    server = await startServer({ dataDir, env: { MESSAGE_WORKER: 'false' }, healthyWithinMs: FIRST_START_MS });
    // The demo's month of moderation delivered its own messages at the seed (0015): they stay as they are.
    const demoFiles = outboxFiles();
    const newFiles = () => outboxFiles().filter((f) => !demoFiles.includes(f));
    let cookie = await apiSignIn(server.url);
    const pending = await get<AdListResponse>(
      `${server.url}/api/advertisements/list?status=pending&pageSize=2`,
      cookie,
    );
    const [a, b] = pending.advertisements;
    const send = (method: string, url: string, body: unknown) =>
      fetch(`${server!.url}${url}`, {
        method,
        headers: { cookie, origin: server!.url, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await send('PUT', `/api/advertisements/${a!._id}/status`, { status: 'approved' })).status).toBe(200);
    const reason = 'The photos do not match the description.';
    const rejected = await send('PUT', `/api/advertisements/${b!._id}/status`, {
      status: 'rejected',
      rejectionReason: reason,
    });
    expect(rejected.status).toBe(200);
    await server.kill();
    expect(newFiles()).toEqual([]);

    // Second life, the default configuration: the drain finds the committed messages.
    server = await startServer({ dataDir, healthyWithinMs: FIRST_START_MS });
    expect(server.output()).toContain(`Messages to advertisers are written to ${path.join(dataDir, 'outbox')}`);
    cookie = await apiSignIn(server.url);
    // The two decided ads' messages (the demo's are older and already sent or failed).
    const list = async () =>
      (
        await Promise.all(
          [a!, b!].map((ad) =>
            get<AdvertiserMessageListResponse>(
              `${server!.url}/api/advertiser-messages?adId=${ad._id}&pageSize=100`,
              cookie,
            ),
          ),
        )
      )
        .flatMap((page) => page.messages)
        .sort((x, y) => Number(x.id) - Number(y.id));
    // Waits for the state; the test's timeout is the only limit (a hang guard, not a speed check).
    const messages = await waitFor(async () => {
      const now = await list();
      return now.every((m) => m.status === 'sent') && now;
    });
    expect(new Set(messages.map((m) => m.adId))).toEqual(new Set([a!._id, b!._id]));
    expect(messages.every((m) => m.attempts === 1)).toBe(true);
    const expected = messages.map((m) => `advertiser-message-${m.id}.${m.channel === 'email' ? 'eml' : 'json'}`).sort();
    expect(newFiles()).toEqual(expected);
    const rejectedMail = messages.find((m) => m.adId === b!._id && m.channel === 'email')!;
    const eml = fs.readFileSync(path.join(dataDir, 'outbox', `advertiser-message-${rejectedMail.id}.eml`), 'utf8');
    expect(eml).toContain(reason);
    expect(eml).toMatch(/^Message-ID: <advertiser-message-\d+@localhost>$/m);

    // Third life: nothing is delivered again.
    const before = newFiles().map((f) => fs.statSync(path.join(dataDir, 'outbox', f)).mtimeMs);
    await server.stop();
    server = await startServer({ dataDir, healthyWithinMs: FIRST_START_MS });
    cookie = await apiSignIn(server.url);
    const again = await list();
    expect(again.map((m) => [m.id, m.status, m.attempts])).toEqual(messages.map((m) => [m.id, 'sent', 1]));
    expect(newFiles().map((f) => fs.statSync(path.join(dataDir, 'outbox', f)).mtimeMs)).toEqual(before);
  });
});
