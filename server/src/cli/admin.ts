import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { AppError } from '../lib/errors';
import { createAdmin, resetPassword } from '../modules/users/admin-accounts';

/** `npm run admin -- create --email E --password P` | `reset-password --email E --password P` (docs/decisions/0015-demo-data-and-admins.md). */
const usage = 'Usage: npm run admin -- create|reset-password --email EMAIL --password PASSWORD [--username NAME]';

async function run() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, password: { type: 'string' }, username: { type: 'string' } },
  });
  const command = positionals[0];
  if (!values.email || !values.password || (command !== 'create' && command !== 'reset-password')) {
    console.error(usage);
    return 2;
  }
  const database = await openConfiguredDatabase(loadConfig());
  try {
    if (command === 'create') {
      const user = await createAdmin(database.db, {
        email: values.email,
        password: values.password,
        username: values.username,
      });
      console.log(`Created administrator ${user.email}`);
    } else {
      const user = await resetPassword(database.db, values.email, values.password);
      console.log(`Password reset for ${user.email}; their sessions were ended`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof AppError || err instanceof ConfigError || err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
