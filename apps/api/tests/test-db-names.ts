export const TEMPLATE_DB_NAME = 'store_test_template';

/** The same server's maintenance database, to create and drop test databases from. */
export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite template dump made by global-setup ('' when running on PostgreSQL). */
    pgliteTemplateFile: string;
  }
}
