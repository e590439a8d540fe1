/**
 * The ceiling of issue 9.1: a bare Fastify route that runs the same SQL as GET /api/advertisements/list
 * (the session look-up included, through the same repository functions and the same cache of
 * ad_summary's rows) with none of our other
 * layers: no helmet, cookie, CSRF, rate-limit or logging plugins, no Zod validation or response
 * schema, no mapping. Run as its own process: `DATABASE_URL=… PORT=… node --import tsx bench/ceiling-server.ts`.
 */
import Fastify from 'fastify';
import type { AdListQuery } from '@backoffice/contract';
import { openPostgres } from '../server/src/db/client';
import { hashToken } from '../server/src/modules/auth/auth-service';
import { findSessionWithUser } from '../server/src/modules/auth/sessions-repository';
import { AdSummaryCache, summarize } from '../server/src/modules/ads/ad-summary-cache';
import { findAdsPage } from '../server/src/modules/ads/ads-repository';

const database = await openPostgres(process.env.DATABASE_URL!);
const app = Fastify({ logger: false });
const summaries = new AdSummaryCache(database.db);

app.get('/api/advertisements/list', async (request, reply) => {
  const token = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  const found = token ? await findSessionWithUser(database.db, hashToken(token)) : undefined;
  if (!found?.user.isAdmin) return reply.code(401).send('{}');
  const p = request.query as Record<string, string | undefined>;
  const q = {
    page: Number(p.page ?? 1),
    pageSize: Number(p.pageSize ?? 10),
    sort: p.sort ?? 'postingDate',
    order: p.order ?? 'desc',
    status: p.status ?? 'all',
    category: p.category,
    district: p.district,
    q: p.q,
    after: p.after,
    before: p.before,
    last: p.last === undefined ? undefined : Number(p.last),
  } as AdListQuery;
  const page = await findAdsPage(database.db, q);
  const summary = summarize(await summaries.rows(page.summaryVersion), q);
  reply.header('content-type', 'application/json');
  return JSON.stringify({ advertisements: page.rows, summary });
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0)),
);
