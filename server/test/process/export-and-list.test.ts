import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/client';
import { apiSignIn, startServer, tempDataDir, type ServerProcess } from '../../../e2e/support/server-process';

/**
 * docs/decisions/0018-exports-and-bulk.md: an export must not stop the other requests. The client
 * is another process reading as fast as the server writes, as a browser on a fast link does: then
 * every write of the export completes at once, and on the embedded database nothing in the export
 * waits for the event loop unless the export gives it turns.
 */
// Its tests start servers, each allowed up to 110 s on a busy machine (a hang guard).
describe('a list request while an export streams (embedded database)', () => {
  const dataDir = tempDataDir('bo-export-list-');
  let server: ServerProcess | undefined;
  const TOTAL = 5_000;

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is answered before the export ends', async () => {
    const database = await openPglite(path.join(dataDir, 'db'));
    await database.db.execute(sql`
      insert into advertisements (title, heading, details, username, category, district, posting_date)
      select 'Ad ' || i, 'Heading ' || i, repeat('x', 2000), 'kasun', 'Land sale', 'Colombo',
             timestamptz '2026-01-01' + i * interval '1 minute'
      from generate_series(1, ${TOTAL}) as i`);
    await database.close();
    server = await startServer({ dataDir, env: { SEED_DEMO: 'false', EXPORT_BATCH_SIZE: '100' } });
    const cookie = await apiSignIn(server.url);

    const res = await fetch(`${server.url}/api/advertisements/export`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let list: Promise<number> | undefined;
    let listAnswered = false;
    let bytes = 0;
    let bytesWhenListAnswered = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      bytes += chunk.value.length;
      // Asked once the export is streaming.
      list ??= fetch(`${server.url}/api/advertisements/list?status=pending`, { headers: { cookie } }).then((r) => {
        listAnswered = true;
        bytesWhenListAnswered = bytes;
        return r.status;
      });
    }
    const answeredBeforeEnd = listAnswered;
    expect(await list).toBe(200);
    expect(bytes).toBeGreaterThan(TOTAL * 2000);
    expect({ answeredBeforeEnd, halfwayOrSooner: bytesWhenListAnswered < bytes / 2 }).toEqual({
      answeredBeforeEnd: true,
      halfwayOrSooner: true,
    });
  });
});
