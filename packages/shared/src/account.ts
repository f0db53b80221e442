/**
 * Member accounts on the wire (SPEC §2 Account screens, §3 User session / User profile / Saved address / Signup
 * payload / User detail response / Password reset, §4 Session and Password reset, §5 Signup, Reset password,
 * OTP, Add and Update address, Profile update, §7 account calls, §8 Login, Registration, Forgot password, OTP,
 * Reset password, Profile update, Add and Update address messages). One source for the account screens and the
 * API. Fields a client must not set (role_id, created_by, user_id, id) are accepted and ignored (DESIGN §5.6).
 */
import { z } from 'zod';
import { normaliseStateCode } from './address';
import { addressFieldsSchema, checkStateAndPostcode } from './checkout-form';
import { ACCOUNT_MESSAGES, BUSINESS_META_KEYS, OTP_LENGTH, PASSWORD_MIN_LENGTH } from './account-constants';
import { phoneSchema } from './phone-schema';
import { noControlCharacters } from './text-schemas';

/** An email as people type it: trimmed, checked, lower-cased. */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email(ACCOUNT_MESSAGES.invalidEmail))
  .transform((e) => e.toLowerCase());
const email = emailSchema;

/** SPEC §5 signup password rules, in the SPEC's order and words. */
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(128, 'Password must be 128 characters or fewer')
  .refine((p) => p.length >= PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordTooShort)
  .refine((p) => /[A-Z]/.test(p), ACCOUNT_MESSAGES.passwordUppercase)
  .refine((p) => /[!@#$%^&*]/.test(p), ACCOUNT_MESSAGES.passwordSpecial);

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be 100 characters or fewer')
  .regex(/^[\p{L}\p{N} ]+$/u, ACCOUNT_MESSAGES.nameCharacters);

/** SPEC §5 Signup's messages over the one phone rule (decision 0059): "0412 345 678" is stored "0412345678". */
const phone = phoneSchema({ required: 'Phone number is required', characters: ACCOUNT_MESSAGES.phoneDigits });

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .superRefine(noControlCharacters(label))
    .optional()
    .default('');

/** The optional business details (SPEC §3 `_b_*` user meta). */
export const businessDetailsSchema = z.object({
  _b_name: optionalText('Business name', 120),
  _b_email: z
    .string()
    .trim()
    .max(254, 'Business email is too long')
    .refine((v) => v === '' || z.email().safeParse(v).success, ACCOUNT_MESSAGES.invalidEmail)
    .optional()
    .default(''),
  _b_number: z
    .string()
    .trim()
    .max(20, 'Business number must be 20 characters or fewer')
    .refine((v) => /^[\d ]*$/.test(v), 'Business number must contain only numbers')
    .optional()
    .default(''),
  _b_street_address: optionalText('Business street address', 120),
  _b_area_address: optionalText('Business area address', 120),
});
export type BusinessDetails = z.infer<typeof businessDetailsSchema>;

/** `POST /api/registered` body (SPEC §3 Signup payload; §5 Signup). `terms` is the form's tick box. */
export const signupRequestSchema = businessDetailsSchema.extend({
  name,
  email,
  password: passwordSchema,
  phone,
  terms: z.literal(true, { error: ACCOUNT_MESSAGES.termsRequired }).optional(),
});
export type SignupRequestInput = z.input<typeof signupRequestSchema>;
export type SignupRequest = z.output<typeof signupRequestSchema>;

/** The sign-up form: the same fields, with the terms box required (SPEC §5). */
export const signupFormSchema = signupRequestSchema.extend({
  terms: z.literal(true, { error: ACCOUNT_MESSAGES.termsRequired }),
});

/** `POST /api/login` body. */
export const loginRequestSchema = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(128, 'Password must be 128 characters or fewer'),
});
export type LoginRequest = z.output<typeof loginRequestSchema>;

/** A user as the API answers it (SPEC §3 User profile, without the password). */
export const publicUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role_id: z.number().int(),
  created_by: z.number().int(),
  user_meta: z.array(z.object({ option: z.string(), value: z.string() })),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** `POST /api/login` and `/api/registered` answer (SPEC §4 Session: user, token, subscription). */
export const authResponseSchema = z.object({
  message: z.string(),
  user: publicUserSchema,
  token: z.string(),
  /** Whether the member's email is on the newsletter list. */
  subscription: z.boolean(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** `POST /api/profile/update` body (SPEC §7): email is not editable; a new password needs the old one. */
export const profileUpdateRequestSchema = businessDetailsSchema
  .extend({
    name,
    phone,
    old_password: z.string().max(128, 'Password must be 128 characters or fewer').optional().default(''),
    password: z
      .string()
      .max(128)
      .optional()
      .default('')
      .pipe(z.union([z.literal(''), passwordSchema])),
  })
  .superRefine((v, ctx) => {
    if (v.password !== '' && v.old_password === '') {
      ctx.addIssue({ code: 'custom', path: ['old_password'], message: ACCOUNT_MESSAGES.oldPasswordRequired });
    }
  });
export type ProfileUpdateRequest = z.output<typeof profileUpdateRequestSchema>;

/**
 * `POST /api/user-addresses/store` and `PUT /api/user-addresses/{id}` body (SPEC §3 Saved address, §5 Add
 * address): the checkout's address rules and messages, plus the required address type; suburb and company are
 * optional. An update may send only what changes: the server merges it into the stored address and checks
 * the whole with this schema. States come out as their short code.
 */
export const addressRequestSchema = addressFieldsSchema
  .extend({
    suburb: z
      .string()
      .trim()
      .max(60, 'Suburb must be 60 characters or fewer')
      .superRefine(noControlCharacters('Suburb'))
      .optional()
      .default(''),
    address_type: z
      .string({ error: ACCOUNT_MESSAGES.addressTypeRequired })
      .trim()
      .min(1, ACCOUNT_MESSAGES.addressTypeRequired)
      .max(30, ACCOUNT_MESSAGES.addressTypeShape)
      .regex(/^[\p{L} ]+$/u, ACCOUNT_MESSAGES.addressTypeShape),
  })
  .superRefine((a, ctx) => checkStateAndPostcode(a, ctx, ''))
  .transform((a) => ({
    ...a,
    state: normaliseStateCode(a.state) ?? a.state.trim(),
    // One locality field (decision 0059): in Australia the suburb is the city, so an address sent without a
    // suburb keeps the SPEC's shape with the city in both.
    suburb: a.suburb === '' ? a.city : a.suburb,
  }));
export type AddressRequestInput = z.input<typeof addressRequestSchema>;
export type AddressRequest = z.output<typeof addressRequestSchema>;

/** A saved address as answered (SPEC §3 Saved address). */
export const savedAddressSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  f_name: z.string(),
  l_name: z.string(),
  email: z.string(),
  phone: z.string(),
  street_address: z.string(),
  city: z.string(),
  state: z.string(),
  suburb: z.string(),
  post_code: z.string(),
  address_type: z.string(),
  company: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** `GET /api/user-addresses` answer (SPEC §7: data.data.shipping_addresses). */
export const userAddressesResponseSchema = z.object({
  data: z.object({ data: z.object({ shipping_addresses: z.array(savedAddressSchema) }) }),
});

/** A membership or signup plan (SPEC §3 User detail response). */
export const planSchema = z.object({
  id: z.number().int(),
  plan_name: z.string(),
  discount_percentage: z.number(),
});
export type Plan = z.infer<typeof planSchema>;

/** `GET /api/user` answer (SPEC §7: data.data with signup_plans, user_membership_plans). */
export const userDetailResponseSchema = z.object({
  data: z.object({
    data: z.object({
      user: publicUserSchema,
      signup_plans: z.array(planSchema),
      user_membership_plans: z.array(planSchema),
    }),
  }),
});

/** `POST /api/check-email` body (SPEC §7). */
export const checkEmailRequestSchema = z.object({ email });
/** `POST /api/confirm-otp` body: the six digits sent by mail. */
export const otpSchema = z
  .string({ error: ACCOUNT_MESSAGES.otpRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.otpRequired)
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), ACCOUNT_MESSAGES.otpShape);
export const confirmOtpRequestSchema = z.object({ email, otp: otpSchema });
/** `POST /api/update-password` body (SPEC §5 Reset password). */
export const updatePasswordRequestSchema = z
  .object({
    email,
    otp: otpSchema,
    password: passwordSchema,
    password_confirmation: z.string({ error: ACCOUNT_MESSAGES.passwordsDoNotMatch }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: ACCOUNT_MESSAGES.passwordsDoNotMatch,
  });

/** `GET /api/user-order?column=user_id&value=` query: only the caller's own orders are ever answered. */
export const userOrdersQuerySchema = z.object({
  column: z.string().max(40).optional(),
  value: z.string().max(40).optional(),
});

/** One row of Order History (SPEC §2 /order-history). Money as decimal strings. */
export const orderHistoryRowSchema = z.object({
  id: z.string(),
  invoice_number: z.string(),
  created_at: z.string(),
  total_amount: z.string(),
  payment_method: z.string(),
  /** How a card-provider payment was made (issue 40), else null. */
  payment_method_type: z.string().nullable().optional(),
  payment_status: z.string(),
  status: z.string(),
});
export const userOrdersResponseSchema = z.object({ data: z.array(orderHistoryRowSchema) });

export { BUSINESS_META_KEYS };
