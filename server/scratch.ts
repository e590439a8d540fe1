import { buildApp } from './src/app';
import { loadConfig } from './src/config';
import { openPglite } from './src/db/client';
const database = await openPglite(undefined);
const config = loadConfig({ DATA_DIR: '/tmp/secedge/d', LOG_LEVEL: 'silent', WEB_DIST: '/tmp/secedge/nw' });
const app = await buildApp({ config, database, logger: false });
await app.ready();
for (const [m, u, h, p] of [
  ['GET', '/uploads/%c0%ae', {}, undefined],
  ['GET', '/api/ads/%c0%ae', {}, undefined],
  ['GET', '/api/nope', {}, undefined],
  ['POST', '/api/auth/signin', { origin: 'http://localhost', 'content-type': 'application/xml' }, '<a/>'],
  ['POST', '/api/auth/signin', { origin: 'http://localhost', 'content-type': 'application/json' }, '{bad'],
  ['POST', '/api/auth/signin', { origin: 'http://localhost', 'content-type': 'application/json' }, ''],
  ['POST', '/api/auth/signin', { origin: 'http://evil' , 'content-type': 'application/json'}, '{}'],
  ['GET', '/api/health', {}, undefined],
] as const) {
  const r = await app.inject({ method: m, url: u, headers: h as any, payload: p });
  console.log(m, u, r.statusCode, JSON.stringify(r.headers), r.body.slice(0, 200));
}
await app.close(); await database.close();
