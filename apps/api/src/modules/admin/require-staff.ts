/**
 * Who may use the back office (issue 12): every `/api/admin/*` call but sign-in checks the bearer on the server.
 * No token or a dead one → 401; a customer's token → 403; a staff member whose role may not → 403; a staff member
 * who has not yet changed the one-time password → 403 on everything but the password change and `me`; an admin who
 * must set up two-step sign-in (ADMIN_REQUIRE_TOTP=1) → 403 on everything but that setup, `me` and sign-out.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_MESSAGES, type StaffRole } from '@store/shared/admin';
import { bearerToken } from '../accounts/authentication';
import { HttpError } from '../../plugins/error-handling';
import { findStaffSession } from './staff-accounts';
import { totpSetupRequired } from './totp-setup-required';

type StaffSession = NonNullable<Awaited<ReturnType<typeof findStaffSession>>>;
const sessions = new WeakMap<FastifyRequest, StaffSession>();

/** The staff session a guarded request acts for (set by the guard). Throws when called on an unguarded route. */
export function staffOf(request: FastifyRequest): StaffSession {
  const session = sessions.get(request);
  if (!session) throw new Error('staffOf called on a route without requireStaff');
  return session;
}

export interface StaffGuardOptions {
  /** Roles allowed (default both). */
  roles?: readonly StaffRole[];
  /** Open to a staff member who must still change the one-time password (the change itself, `me`). */
  beforePasswordChange?: boolean;
  /** Open to an admin who must still set up two-step sign-in (ADMIN_REQUIRE_TOTP=1): the setup itself. */
  beforeTotpSetup?: boolean;
}

/** A preHandler that admits only staff (see the module comment). */
export function requireStaff(app: FastifyInstance, options: StaffGuardOptions = {}) {
  const roles = options.roles ?? ['admin', 'staff'];
  return async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const session = token ? await findStaffSession(app.db, token) : null;
    if (!session) {
      if (token && (await request.member())) throw new HttpError(403, ADMIN_MESSAGES.notStaff);
      throw new HttpError(401, ADMIN_MESSAGES.signInRequired);
    }
    if (!roles.includes(session.staff.role)) throw new HttpError(403, ADMIN_MESSAGES.forbidden);
    if (session.staff.mustChangePassword && !options.beforePasswordChange) {
      throw new HttpError(403, ADMIN_MESSAGES.changePasswordFirst);
    }
    const mayWaitForTotp = options.beforeTotpSetup || options.beforePasswordChange;
    if (!mayWaitForTotp && totpSetupRequired(session.staff, app.config.adminRequireTotp)) {
      throw new HttpError(403, ADMIN_MESSAGES.totpSetupFirst);
    }
    sessions.set(request, session);
  };
}
