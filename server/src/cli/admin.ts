import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openConfiguredDatabase } from '../db/open';
import { AppError } from '../lib/errors';
import { resetSecondFactorByEmail } from '../modules/auth/account-service';
import { createAdmin, resetPassword } from '../modules/users/admin-accounts';

/**
 * `npm run admin -- create --email E --password P` | `reset-password --email E --password P` |
 * `reset-2fa --email E` (docs/decisions/0015-demo-data-and-admins.md, docs/decisions/0032-two-factor.md).
 */
const usage =
  'Usage: npm run admin -- create|reset-password --email EMAIL --password PASSWORD [--username NAME]\n' +
  '       npm run admin -- reset-2fa --email EMAIL';

/** What to do instead when the embedded database is held by the running server. */
const whileServerRuns =
  "While the server runs, an administrator can do this on the user's page in the back-office (Edit for a password, Reset two-factor sign-in); otherwise stop the server and run this command again.";

async function run() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, password: { type: 'string' }, username: { type: 'string' } },
  });
  const command = positionals[0];
  const withPassword = command === 'create' || command === 'reset-password';
  if (!values.email || (withPassword && !values.password) || (!withPassword && command !== 'reset-2fa')) {
    console.error(usage);
    return 2;
  }
  let database;
  try {
    database = await openConfiguredDatabase(loadConfig());
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new DataDirLockedError(`${err.message} ${whileServerRuns}`);
    throw err;
  }
  try {
    if (command === 'create') {
      const user = await createAdmin(database.db, {
        email: values.email,
        password: values.password!,
        username: values.username,
      });
      console.log(`Created administrator ${user.email}`);
    } else if (command === 'reset-password') {
      const user = await resetPassword(database.db, values.email, values.password!);
      console.log(`Password reset for ${user.email}; their sessions were ended`);
    } else {
      const user = await resetSecondFactorByEmail(database.db, values.email, new Date());
      console.log(`Two-factor sign-in reset for ${user.email}; their sessions were ended`);
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
