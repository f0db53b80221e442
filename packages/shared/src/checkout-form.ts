/**
 * The checkout form (SPEC §2 Checkout, §5 Validation rules): one zod schema for the browser's form and the
 * server's `POST /api/place-order`, with the SPEC's exact messages. Names and cities also accept the
 * apostrophes, hyphens, full stops and brackets of real Australian names (O'Connor ACT, Kippa-Ring QLD):
 * decision 0010.
 */
import { z } from 'zod';
import { AU_STATES, isPostcodeInState, isPostcodeShape, normaliseStateCode } from './address';
import { normalisePhone, PHONE_TYPED_CHARACTERS } from './phone';
import { phoneSchema } from './phone-schema';
import { multiLineText, noControlCharacters } from './text-schemas';

export const CHECKOUT_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  phoneRequired: 'Phone number is required',
  streetRequired: 'Street address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  postCodeRequired: 'Post code is required',
  alphabeticOnly: 'Only alphabetic characters are allowed',
  numericOnly: 'Only numeric characters and + are allowed',
  cartEmpty: 'Cart is empty. Please add items to the cart before placing an order.',
  subtotalZero: 'Subtotal cannot be zero. Please add items to the cart.',
  formInvalid: 'Please fill in all required fields correctly before proceeding.',
  // Ours: the SPEC names no message for these.
  commentTooLong: 'Comment must be 250 characters or fewer',
  postCodeShape: 'Post code must be 4 digits',
  stateUnknown: 'State must be an Australian state or territory: ACT, NSW, NT, QLD, SA, TAS, VIC or WA',
  tooLong: (label: string, max: number) => `${label} must be ${max} characters or fewer`,
  postCodeNotInState: (postCode: string, state: string) => `Post code ${postCode} is not in ${state}`,
} as const;

export const COMMENT_MAX_LENGTH = 250;

/** Letters of any alphabet, spaces, and the ' - . ( ) of real place and family names (decision 0010). */
const ALPHABETIC = /^[\p{L}\p{M} '’.()-]*$/u;
/** Digits with an optional leading + (SPEC §5). */
const NUMERIC = /^\+?\d*$/;

/**
 * Which live-typing filter a field uses (SPEC §5 "Live typing at checkout"). A phone also takes the spaces,
 * dashes and brackets of a printed number (the one phone rule, decision 0059), with the SPEC's message.
 */
export type LiveFilter = 'alphabetic' | 'numeric' | 'phone';

/**
 * SPEC §5 live typing: returns the message to show when the typed value breaks the field's filter (the
 * form then keeps the previous value), or null when the value may be accepted.
 */
export function liveFilterError(filter: LiveFilter, value: string): string | null {
  if (filter === 'alphabetic') return ALPHABETIC.test(value) ? null : CHECKOUT_MESSAGES.alphabeticOnly;
  if (filter === 'phone') return PHONE_TYPED_CHARACTERS.test(value) ? null : CHECKOUT_MESSAGES.numericOnly;
  return NUMERIC.test(value) ? null : CHECKOUT_MESSAGES.numericOnly;
}

const required = (message: string, max: number, label: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, CHECKOUT_MESSAGES.tooLong(label, max))
    .superRefine(noControlCharacters(label));

const alphabetic = (message: string, max: number, label: string) =>
  required(message, max, label).refine((v) => ALPHABETIC.test(v), CHECKOUT_MESSAGES.alphabeticOnly);

/** A check that stays quiet on an empty value, so a blank field shows only its "is required" message. */
const whenFilled = (test: (v: string) => boolean) => (v: string) => v === '' || test(v);

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, CHECKOUT_MESSAGES.tooLong(label, max))
    .superRefine(noControlCharacters(label))
    .optional()
    .default('');

/** The fields of one address block; `s_` twins for shipping (SPEC §3 Order payload). */
export const addressFieldsSchema = z.object({
  f_name: alphabetic(CHECKOUT_MESSAGES.firstNameRequired, 60, 'First name'),
  l_name: alphabetic(CHECKOUT_MESSAGES.lastNameRequired, 60, 'Last name'),
  email: required(CHECKOUT_MESSAGES.emailRequired, 254, 'Email').refine(
    whenFilled((v) => z.email().safeParse(v).success),
    CHECKOUT_MESSAGES.emailInvalid,
  ),
  phone: phoneSchema({
    required: CHECKOUT_MESSAGES.phoneRequired,
    characters: CHECKOUT_MESSAGES.numericOnly,
  }),
  street_address: required(CHECKOUT_MESSAGES.streetRequired, 120, 'Street address'),
  city: alphabetic(CHECKOUT_MESSAGES.cityRequired, 60, 'City'),
  state: alphabetic(CHECKOUT_MESSAGES.stateRequired, 40, 'State'),
  post_code: required(CHECKOUT_MESSAGES.postCodeRequired, 4, 'Post code')
    .refine((v) => NUMERIC.test(v), CHECKOUT_MESSAGES.numericOnly)
    .refine(
      whenFilled((p) => !NUMERIC.test(p) || isPostcodeShape(p)),
      CHECKOUT_MESSAGES.postCodeShape,
    ),
  company: optionalText(100, 'Company'),
});
export type AddressFields = z.infer<typeof addressFieldsSchema>;

/** Field names of the shipping block, in form order. */
export const ADDRESS_FIELD_NAMES = [
  'f_name',
  'l_name',
  'email',
  'phone',
  'street_address',
  'city',
  'state',
  'post_code',
  'company',
] as const;
export type AddressFieldName = (typeof ADDRESS_FIELD_NAMES)[number];

/** Live-typing filter per field (SPEC §5); fields not listed are not filtered while typing. */
export const LIVE_FILTERS: Partial<Record<AddressFieldName, LiveFilter>> = {
  f_name: 'alphabetic',
  l_name: 'alphabetic',
  city: 'alphabetic',
  state: 'alphabetic',
  phone: 'phone',
  post_code: 'numeric',
};

const shippingShape = Object.fromEntries(
  ADDRESS_FIELD_NAMES.map((name) => [`s_${name}`, z.string().optional().default('')]),
) as Record<`s_${AddressFieldName}`, z.ZodDefault<z.ZodOptional<z.ZodString>>>;

/** Adds "state must be a state" and "post code must lie in that state" issues at `path` + field. */
export function checkStateAndPostcode(
  a: { state: string; post_code: string },
  ctx: z.RefinementCtx,
  prefix: '' | 's_',
) {
  if (a.state.trim() === '' || a.post_code.trim() === '') return;
  const code = normaliseStateCode(a.state);
  if (!code) {
    ctx.addIssue({ code: 'custom', path: [`${prefix}state`], message: CHECKOUT_MESSAGES.stateUnknown });
    return;
  }
  if (isPostcodeShape(a.post_code) && !isPostcodeInState(a.post_code, code)) {
    ctx.addIssue({
      code: 'custom',
      path: [`${prefix}post_code`],
      message: CHECKOUT_MESSAGES.postCodeNotInState(a.post_code, code),
    });
  }
}

/**
 * SPEC §2 Checkout form: billing fields, the ship-to-different-address tick box with its `s_` twins
 * (validated only when ticked, with the same messages), and the comment (250 characters). States come
 * out as their short code ('New South Wales' -> 'NSW').
 */
export const checkoutFormSchema = addressFieldsSchema
  .extend({
    ...shippingShape,
    ship_to_different_address: z.boolean().optional().default(false),
    comment: multiLineText()
      .trim()
      .max(COMMENT_MAX_LENGTH, CHECKOUT_MESSAGES.commentTooLong)
      .superRefine(noControlCharacters('Comment', 'multi-line'))
      .optional()
      .default(''),
    suburb: optionalText(60, 'Suburb').default('Suburbia'),
  })
  .superRefine((form, ctx) => {
    checkStateAndPostcode(form, ctx, '');
    if (!form.ship_to_different_address) return;
    const shipping = Object.fromEntries(ADDRESS_FIELD_NAMES.map((n) => [n, form[`s_${n}`]]));
    const parsed = addressFieldsSchema.safeParse(shipping);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', path: [`s_${String(issue.path[0])}`], message: issue.message });
      }
      return;
    }
    checkStateAndPostcode(parsed.data, ctx, 's_');
  })
  .transform((form) => {
    const code = (s: string) => normaliseStateCode(s) ?? s.trim();
    return {
      ...form,
      state: code(form.state),
      s_state: form.s_state ? code(form.s_state) : '',
      s_phone: normalisePhone(form.s_phone) ?? form.s_phone.trim(),
    };
  });
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
export type CheckoutForm = z.output<typeof checkoutFormSchema>;

/** The state codes, for a datalist or select. */
export const STATE_CODES = AU_STATES.map((s) => s.code);
