/**
 * `npm run admin:create -- --email owner@example.com --name "Owner" [--role staff]` (issue 12): creates a staff
 * account (an admin unless `--role staff`) in the configured database and prints its one-time password, which must
 * be changed at first sign-in at /admin/signin. While the store runs on PGlite, the running store creates it
 * (run-command-line.ts, decision 0042). Exit codes: 0 created; 1 not created (the email has an account, the
 * database refused or cannot be reached: said in one sentence); 2 usage error.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { STAFF_ROLES } from '@store/shared/admin';
import { CLI_MESSAGES, CLI_VERBOSE_USAGE } from '@store/shared/cli-messages';
import type { Database } from '../db/client';
import { describeDatabaseError } from '../db/describe-database-error';
import { loadConfig } from '../env';
import { StaffEmailTakenError, createStaff } from '../modules/admin/staff-accounts';
import type { CommandIo } from './control-channel';
import { describeCliFailure } from './describe-cli-failure';
import { openCommandDatabase, runCommandLine } from './run-command-line';
import { isMainModule } from './is-main-module';

export const USAGE = `Usage: npm run admin:create -- --email <email> --name "<name>" [--role admin|staff]

Creates a back-office account and prints a one-time password; sign in at /admin/signin and change it.
  --role             admin (everything, the default) or staff (orders, returns and messages)
${CLI_VERBOSE_USAGE}

While the store runs on its embedded database, the account is created by the running store.`;

const argsSchema = z.object({
  email: z.email({
    error: (issue) =>
      issue.input === undefined
        ? '--email is required, e.g. --email owner@example.com'
        : '--email must be an email address, e.g. owner@example.com',
  }),
  name: z
    .string({ error: '--name is required, e.g. --name "Owner"' })
    .trim()
    .min(1, '--name is required, e.g. --name "Owner"')
    .max(100, '--name must be 100 characters or fewer'),
  role: z.enum(STAFF_ROLES, { error: '--role must be admin or staff' }),
});

export interface AdminCreateIo extends CommandIo {
  /** Tests, and the running store (decision 0042), pass their own database. */
  openDb?: () => Promise<{ db: Database; close(): Promise<void> }>;
}

/** Runs the CLI with `argv`; resolves to the exit code. */
export async function runAdminCreate(argv: string[], io: AdminCreateIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string', default: 'admin' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    io.err(`${parsed.error.issues.map((i) => i.message).join('\n')}\n\n${USAGE}`);
    return 2;
  }
  const open =
    io.openDb ??
    (async () => {
      const config = loadConfig();
      const handle = await openCommandDatabase(config, 'admin:create');
      return { db: handle.db, close: () => handle.close() };
    });
  const target = await open();
  try {
    const { staff, password } = await createStaff(target.db, parsed.data);
    io.out(`Created ${staff.role} ${staff.name} <${staff.email}>.`);
    io.out(`One-time password: ${password}`);
    io.out('Sign in at /admin/signin and change it: it works only for that.');
    return 0;
  } catch (error) {
    const taken =
      error instanceof StaffEmailTakenError ||
      (describeDatabaseError(error)?.sqlstate === '23505' &&
        describeDatabaseError(error)?.table === 'staff_users');
    io.err(
      taken
        ? `Could not create the account: ${CLI_MESSAGES.adminEmailTaken}`
        : describeCliFailure('Could not create the account', error, io.verbose),
    );
    return 1;
  } finally {
    await target.close();
  }
}

if (isMainModule(import.meta.url, 'admin-create.ts')) {
  process.exitCode = await runCommandLine('admin:create', process.argv.slice(2), runAdminCreate);
}
