// First: V8's collection policy must be set before anything else allocates (lib/heap-tuning.ts).
import './lib/heap-tuning';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { openConfiguredDatabase } from './db/open';
import { standInHash } from './lib/passwords';
import { ensureFirstAdmin } from './modules/users/admin-accounts';
import { seedDemoIfEmpty } from './seed/demo';
import { createStorage } from './storage/create-storage';

/** Reads the config, opens the database, serves, and shuts down cleanly on SIGINT/SIGTERM (docs/decisions/0011-database-files-and-instances.md). */
async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const storage = createStorage(config);

  const admin = await ensureFirstAdmin(database.db, {
    email: config.adminEmail,
    password: config.adminPassword,
    allowGenerated: config.seedDemo,
  });
  // Before the app starts its delivery: the demo's messages are the seed's to deliver (docs/decisions/0015-demo-data-and-admins.md).
  const demo = config.seedDemo
    ? await seedDemoIfEmpty(database.db, storage, { dataDir: config.dataDir, messages: config.messages })
    : null;
  const app = await buildApp({ config, database, storage });
  // Made before the first request, so the first unknown email's refusal costs what later ones do.
  await standInHash();
  if (demo) {
    console.log(
      `  Seeded demo data: ${demo.summary.approved + demo.summary.rejected + demo.summary.deleted} decisions of the last 30 days by three demo moderators.\n` +
        `  Demo moderators (password ${demo.password} for each, shown once; change it with npm run admin -- reset-password):\n` +
        demo.moderators.map((m) => `    ${m.email} (${m.name})`).join('\n'),
    );
  }
  if (admin?.password) {
    console.log(
      `\n  First start: created administrator ${admin.email} with password ${admin.password}\n  (shown once; change it with: npm run admin -- reset-password --email ${admin.email} --password NEW)\n`,
    );
  } else if (admin) {
    console.log(`\n  First start: created administrator ${admin.email} (password from ADMIN_PASSWORD)\n`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const purge = setInterval(
    () => app.auth.purge().catch((err) => app.log.warn({ err }, 'session purge failed')),
    10 * 60_000,
  );
  purge.unref();

  if (app.advertiserOutbox.embeddedDir) {
    console.log(
      `  Messages to advertisers are written to ${app.advertiserOutbox.embeddedDir} (set SMTP_URL or SMS_WEBHOOK_URL to send them).`,
    );
  }
  if (!config.messages.worker)
    console.log('  Messages to advertisers are delivered by `npm run worker` (MESSAGE_WORKER=false).');

  await app.listen({ port: config.port, host: config.host });
  // In the background: leftovers of a crash go without delaying the first request.
  app.uploadSweeper.start();
  console.log(
    `  Back-office ready on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${database.kind})`,
  );
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('Failed to start:', err);
  }
  process.exit(1);
});
