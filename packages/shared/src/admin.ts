/**
 * The back office's staff accounts on the wire (issue 12; the SPEC shows no administration, section 6): sign-in,
 * the signed-in staff member, and the first-sign-in password change. One source for the admin screens and the API.
 */
import { z } from 'zod';
import { emailSchema, loginRequestSchema, passwordSchema } from './account';
import { noControlCharacters } from './text-schemas';

export const STAFF_ROLES = ['admin', 'staff'] as const;

/**
 * The session-storage key of the back office's session `{ token, user, timestamp }` (decision 0017), apart from
 * the shopper's (SESSION_STORAGE_KEYS.session): the web app keeps it there; journeys sign staff in by writing it.
 */
export const ADMIN_SESSION_STORAGE_KEY = 'adminSession';
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ADMIN_MESSAGES = {
  signInRequired: 'Please sign in to the back office.',
  forbidden: 'Your account may not do this.',
  notStaff: 'This is a customer account: sign in with a staff account.',
  changePasswordFirst: 'Change the one-time password before using the back office.',
  passwordChanged: 'Password changed.',
  wrongCurrentPassword: 'The current password is incorrect.',
  samePassword: 'Choose a new password, not the one-time password again.',
  totpRequired: 'Enter the 6-digit code from your authenticator app.',
  totpWrong: 'The code is incorrect or has expired. Enter the code your authenticator app shows now.',
  totpSetupFirst: 'Set up two-step sign-in before using the back office: admins must use it on this store.',
  totpEnabled: 'Two-step sign-in is on. You will be asked for a code each time you sign in.',
  totpDisabled: 'Two-step sign-in is off.',
  totpAlreadyOn: 'Two-step sign-in is already on.',
  totpNotStarted: 'Start the setup first: scan the new QR code, then enter its code.',
  totpCannotDisable: 'Admins must use two-step sign-in on this store, so it cannot be turned off.',
  staffEmailTaken: 'There is already a staff account with this email.',
  staffNotFound: 'No staff account with this id.',
  cannotDisableSelf: 'You cannot disable your own account: ask another admin.',
  lastAdmin:
    'This is the only active admin: make another admin first, so someone can still manage the store.',
} as const;

/** A TOTP code as typed: six digits, spaces allowed between them ('123 456'). */
export const totpCodeSchema = z
  .string({ error: ADMIN_MESSAGES.totpRequired })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'The code is the 6 digits your authenticator app shows.'));

/**
 * `POST /api/admin/login`: email and password, as members sign in, and the TOTP `code` for a staff member who
 * has two-step sign-in on (without it the answer is 401 with `code: 'totp_required'`).
 */
export const adminLoginRequestSchema = loginRequestSchema.extend({ code: totpCodeSchema.optional() });

/** The signed-in staff member. */
export const staffUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** True until the one-time password from `admin:create` is changed; every other admin call answers 403. */
  must_change_password: z.boolean(),
  /** Two-step sign-in (TOTP) is on for this account. */
  totp_enabled: z.boolean(),
  /** This account must use two-step sign-in (an admin under ADMIN_REQUIRE_TOTP=1): it cannot be turned off. */
  totp_required: z.boolean(),
  /** `totp_required` and not yet on: the setup comes before anything else. */
  totp_setup_required: z.boolean(),
  /** A disabled account cannot sign in (its sessions ended when it was disabled). */
  disabled: z.boolean(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/** `POST /api/admin/login` answer. */
export const adminLoginResponseSchema = z.object({ token: z.string(), user: staffUserSchema });

/** `POST /api/admin/password`: the current password and a new one under the members' rules (SPEC §5). */
export const adminPasswordChangeSchema = z.object({
  current_password: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(128, 'Password must be 128 characters or fewer'),
  new_password: passwordSchema,
});

/** One row of an entity's audit trail, shown on the back office's order and product pages (issue 12). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** 'order.status', 'order.refund', 'return.approve', 'product.update', 'catalog.import' … */
  action: z.string(),
  /** The staff member's name, or 'Command line'. */
  staff_name: z.string(),
  /** The fields that changed, before and after (money in integer cents); null for a creation. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** ISO 8601. */
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `POST /api/admin/totp/setup` answer: a new secret to scan (not yet in use until confirmed with a code). */
export const totpSetupResponseSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** `otpauth://totp/...`, for the QR code. */
  otpauth_uri: z.string(),
});

/** `POST /api/admin/totp/enable` and `/disable`: a current code. */
export const totpCodeRequestSchema = z.object({ code: totpCodeSchema });

/** `POST /api/admin/staff` (admins): a new staff account; the answer carries its one-time password, once. */
export const staffCreateRequestSchema = z.object({
  email: emailSchema,
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be 100 characters or fewer')
    .superRefine(noControlCharacters('name')),
  role: z.enum(STAFF_ROLES, { error: 'Role must be admin or staff' }),
});
export type StaffCreateRequest = z.output<typeof staffCreateRequestSchema>;

/** `POST /api/admin/staff/{id}/status` (admins): disable an account (ending its sessions) or enable it again. */
export const staffStatusRequestSchema = z.object({
  disabled: z.boolean({ error: 'disabled must be true or false' }),
});
