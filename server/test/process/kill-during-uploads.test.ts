import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiSignIn, startServer, tempDataDir, type ServerProcess } from '../../../e2e/support/server-process';
import { encodePng } from '../../src/seed/png';
import { TEMP_MIN_AGE_MS } from '../../src/storage/upload-sweep';
import { formParts, multipart, validFields } from '../support/banner-factories';
import { filesUnder } from '../support/uploaded-files';
import { waitFor } from '../support/message-servers';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Issue 17.11: `kill -9` of the server while banner images stream in, several times over one data
 * folder. Files are then aged just past the temporaries' bound (issue 38.2: a quarter of an hour,
 * not the hour other files wait) and the server restarted: once its start-up sweep has run, every
 * file under uploads/ is a whole image that a banner names, every banner's file is there, and every
 * acknowledged upload survived.
 */
describe('kill -9 during banner uploads (embedded database)', () => {
  const dataDir = tempDataDir('bo-kill-uploads-');
  const uploads = path.join(dataDir, 'uploads');
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // Noisy pixels, so each image is some hundreds of KB and a kill often lands mid-write.
  const sent = [1, 2, 3].map((seed) =>
    encodePng(480, 360, (x, y) => [(x * 7919 + y * 104729 * seed) & 255, (x * y * seed) & 255, (x + y * seed) & 255]),
  );
  const sentHashes = new Set(sent.map(sha));
  const acknowledged = new Map<string, string>(); // banner id → image file
  /** Looked at after every acknowledgement: `uploaded` resolves once its condition holds. */
  let onAcknowledged = () => {};
  const uploaded = (check: () => boolean) =>
    new Promise<void>((resolve) => {
      onAcknowledged = () => {
        if (check()) resolve();
      };
      onAcknowledged();
    });

  async function uploader(url: string, cookie: string, alive: () => boolean, n: number): Promise<void> {
    for (let i = n; alive(); i += 4) {
      const { payload, contentType } = multipart(formParts(validFields(), { data: sent[i % sent.length]! }));
      // SIGKILL: a dead server answers nothing, so the only failure allowed is the connection's.
      const answer = await fetch(`${url}/api/banner-ads`, {
        method: 'POST',
        headers: { cookie, origin: url, 'content-type': contentType },
        body: payload,
      })
        .then(async (res) => ({ status: res.status, text: await res.text() }))
        .catch(() => null);
      if (answer === null) return; // the connection died with the server: never acknowledged
      expect(answer.status, answer.text).toBe(201);
      const { bannerAd } = JSON.parse(answer.text) as { bannerAd: { _id: string; image: string } };
      acknowledged.set(bannerAd._id, bannerAd.image);
      onAcknowledged();
    }
  }

  it('leaves no partial, temporary or orphan file once restarted and swept', async () => {
    const env = { SEED_DEMO: 'false' };
    for (let round = 0; round < 6; round++) {
      server = await startServer({ dataDir, env });
      const cookie = await apiSignIn(server.url);
      let alive = true;
      const before = acknowledged.size;
      const writers = [0, 1, 2, 3].map((n) => uploader(server!.url, cookie, () => alive, n));
      const written = Promise.all(writers);
      // Some uploads done, others in flight: pull the plug. A wrong answer before then fails here.
      await Promise.race([
        uploaded(() => acknowledged.size >= before + 4),
        written.then(() => expect.fail('the uploads stopped before the server was killed')),
      ]);
      await server.kill();
      alive = false;
      await written;
    }

    // As if the restart came a little later: every temporary leftover is old enough to sweep.
    const past = new Date(Date.now() - TEMP_MIN_AGE_MS - 60_000);
    for (const file of filesUnder(uploads)) fs.utimesSync(path.join(uploads, file), past, past);

    server = await startServer({ dataDir, env });
    const cookie = await apiSignIn(server.url);
    const res = await fetch(`${server.url}/api/banner-ads`, { headers: { cookie } });
    const banners = (await res.json()) as Array<{ _id: string; image: string }>;
    const named = banners.map((b) => `banner-ads/${b.image}`).sort();
    // Each banner's two thumbnails are published with it (docs/decisions/0019-object-storage-and-thumbnails.md).
    const expected = [...named, ...named.flatMap((k) => [`thumbs/w96/${k}.webp`, `thumbs/w480/${k}.webp`])].sort();
    // The start-up sweep runs in the background and tells no one when it is done: look until it has
    // left only what rows name (no deadline of its own: the test's timeout is the hang guard).
    await waitFor(() => JSON.stringify(filesUnder(uploads)) === JSON.stringify(expected));

    expect(filesUnder(uploads)).toEqual(expected);
    for (const [id, image] of acknowledged) expect(banners).toContainEqual(expect.objectContaining({ _id: id, image }));
    for (const file of named) expect(sentHashes.has(sha(fs.readFileSync(path.join(uploads, file))))).toBe(true);
    expect(acknowledged.size).toBeGreaterThanOrEqual(24);
  });
});
