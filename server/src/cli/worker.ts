import pino from 'pino';
import { ConfigError, loadConfig } from '../config';
import { openPostgres } from '../db/client';
import { AdvertiserOutbox } from '../messages/advertiser-outbox';

/**
 * `npm run worker`: delivers messages to advertisers apart from the server (which then runs with
 * MESSAGE_WORKER=false). PostgreSQL only: the embedded database belongs to the one server process,
 * which delivers its messages itself.
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error('npm run worker needs DATABASE_URL: with the embedded database the server delivers messages itself.');
    process.exit(2);
  }
  const log = pino({ level: config.logLevel });
  const database = await openPostgres(config.databaseUrl, 2);
  const outbox = new AdvertiserOutbox({
    db: database.db,
    kind: 'postgres',
    databaseUrl: config.databaseUrl,
    clock: () => new Date(),
    config: config.messages,
    dataDir: config.dataDir,
    log,
  });
  await outbox.start(true);
  if (outbox.embeddedDir) console.log(`  Messages to advertisers are written to ${outbox.embeddedDir}.`);
  console.log('  Advertiser message worker running.');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await outbox.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : ['Worker failed to start:', err].join(' '));
  process.exit(1);
});
