import pg from 'pg';

export const TEMPLATE_DB_NAME = 'store_test_template';

/** The same server's maintenance database, to create and drop test databases from. */
export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

/**
 * A client connected to the server's maintenance database (`adminUrl(url)`). Its 'error' events are taken (issue
 * 43 §4: a pg client's 'error' without a listener ends the process): a dropped connection fails the next query,
 * which rejects where the caller awaits it. The caller ends it.
 */
export async function connectAdmin(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: adminUrl(url) });
  client.on('error', () => {});
  await client.connect();
  return client;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite template dump made by global-setup ('' when running on PostgreSQL). */
    pgliteTemplateFile: string;
  }
}
