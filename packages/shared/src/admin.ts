/**
 * The back office's staff accounts on the wire (issue 12; the SPEC shows no administration, section 6): sign-in,
 * the signed-in staff member, and the first-sign-in password change. One source for the admin screens and the API.
 */
import { z } from 'zod';
import { loginRequestSchema, passwordSchema } from './account';

export const STAFF_ROLES = ['admin', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ADMIN_MESSAGES = {
  signInRequired: 'Please sign in to the back office.',
  forbidden: 'Your account may not do this.',
  notStaff: 'This is a customer account: sign in with a staff account.',
  changePasswordFirst: 'Change the one-time password before using the back office.',
  passwordChanged: 'Password changed.',
  wrongCurrentPassword: 'The current password is incorrect.',
  samePassword: 'Choose a new password, not the one-time password again.',
} as const;

/** `POST /api/admin/login`: email and password, as members sign in. */
export const adminLoginRequestSchema = loginRequestSchema;

/** The signed-in staff member. */
export const staffUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** True until the one-time password from `admin:create` is changed; every other admin call answers 403. */
  must_change_password: z.boolean(),
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
