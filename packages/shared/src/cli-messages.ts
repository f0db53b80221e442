/**
 * What the store's command lines (`npm run admin:create`, `catalog:import`, `vehicles:import`, `fitment:import`,
 * `payments:reconcile`) say when they cannot do their work (issue 43 §3, decision 0042): a sentence a person can act
 * on, never SQL, the values bound to it, hashes or stack traces.
 */

/** The usage line every writing command shares. */
export const CLI_VERBOSE_USAGE =
  '  --verbose          on failure, also print the database error code and statement (never the values)';

export const CLI_MESSAGES = {
  /** Printed on stderr when a command is sent to the running store instead of opening its database. */
  sentToStore: (pid: number) =>
    `The store is running on this data folder (pid ${pid}): the command runs inside it.`,
  waitingForStore: (pid: number) =>
    `The store (pid ${pid}) is starting on this data folder: waiting for it to take commands…`,
  storeNotAnswering: (pid: number, socketPath: string) =>
    `The store is running on this data folder (pid ${pid}) but does not answer on ${socketPath}: stop it first ` +
    '(Ctrl+C where it runs), then run this again, or do this in the back office at /admin.',
  storeClosedConnection:
    'The store stopped answering before the command finished: look at the store’s log, then run this again ' +
    '(a command that had not finished changed nothing).',
  storeRefusedRequest: (reason: string) => `The store refused the command: ${reason}`,
  databaseUnavailable:
    'the database could not be reached: check DATABASE_URL, and that PostgreSQL is running and accepts connections.',
  duplicateKey: (constraint: string | undefined) =>
    `the database already holds a record with the same key${constraint ? ` (${constraint})` : ''}. ` +
    'Run it again; if it fails again, run it with --verbose and report what it prints.',
  diskFull: 'the disk is full: free some space, then run it again.',
  schemaOutOfDate:
    'the database’s tables are not those this version expects: start the store once (it applies its migrations), ' +
    'then run this again.',
  clashed: 'it clashed with another change made at the same moment: run it again.',
  databaseRefused: (sqlstate: string) =>
    `the database refused it (SQLSTATE ${sqlstate}): run it again with --verbose for the error code and statement.`,
  unexpected: (name: string) =>
    `an unexpected error (${name}) stopped it: run it again with --verbose for details.`,
  adminEmailTaken: 'an account with this email already exists.',
} as const;
