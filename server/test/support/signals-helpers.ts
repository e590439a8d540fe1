import { sql } from 'drizzle-orm';
import type { AdSignalsResponse } from '@backoffice/contract';
import type { App } from '../../src/app';
import { rowsOf, type Db } from '../../src/db/client';
import { encodePng } from '../../src/seed/png';
import { waitFor } from './message-servers';
import { ORIGIN } from './test-app';

/** A photo with a pattern of its own per `seed` (its perceptual hash differs from other seeds'). */
export function testPhoto(seed: number): Buffer {
  return encodePng(160, 120, (x, y) => {
    const v = (Math.sin((x + seed * 37) / (7 + (seed % 5))) + Math.cos((y * (seed + 3)) / 11)) * 60 + 128;
    const band = ((x >> 4) + (y >> 3) + seed) % 3 === 0 ? 80 : 0;
    return [Math.max(0, Math.min(255, v + band)), Math.max(0, Math.min(255, 255 - v)), (seed * 53) % 256];
  });
}

/** Resolves once none of these ads is waiting for analysis (their risk is set). */
export async function analysed(app: App, db: Db, ids: string[]): Promise<void> {
  await waitFor(async () => {
    await app.analysisWorker.wake();
    const result = await db.execute(
      sql`select count(*)::int as n from advertisements a where id = any(${`{${ids.join(',')}}`}::uuid[])
        and not exists (select 1 from ad_analysis an where an.ad_id = a.id)`,
    );
    return rowsOf<{ n: number }>(result)[0]!.n === 0;
  });
}

export function signalsClient(app: App, cookie: string) {
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  return {
    signals: async (id: string) => (await get(`/api/advertisements/${id}/signals`)).json<AdSignalsResponse>(),
    duplicates: (id: string) => get(`/api/advertisements/${id}/duplicates`),
    list: (query: string) => get(`/api/advertisements/list?${query}`),
    ad: (id: string) => get(`/api/advertisements/${id}`),
    blocked: () => get('/api/signals/blocked-phones'),
    block: (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/signals/blocked-phones', headers: { cookie, origin: ORIGIN }, payload }),
    unblock: (phone: string) =>
      app.inject({
        method: 'DELETE',
        url: `/api/signals/blocked-phones/${encodeURIComponent(phone)}`,
        headers: { cookie, origin: ORIGIN },
      }),
  };
}
