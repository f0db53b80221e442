import type { staffUsers } from '../../db/schema';

/**
 * True when the staff member must set up TOTP before anything else: an admin, with ADMIN_REQUIRE_TOTP on, who
 * has not turned it on (issue 12). Its own module: staff accounts present it and staff TOTP revokes sessions
 * through staff accounts, so neither imports the other's file for it.
 */
export function totpSetupRequired(row: typeof staffUsers.$inferSelect, adminRequireTotp: boolean): boolean {
  return adminRequireTotp && row.role === 'admin' && row.totpEnabledAt === null;
}
