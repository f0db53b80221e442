/**
 * Discount codes on the wire (issue 34 §5, decision 0047): the shopper's check at checkout
 * (`POST /api/discount-codes/check`), the place-order field `discount_code`, and the back office's list, create and
 * edit (`/api/admin/discount-codes`). Every refusal and every label is worded here once, for the API, the checkout
 * and the back office. How a code's discount is computed is `CodeDiscount` in `checkout-totals.ts`.
 *
 * Codes are compared upper case (`normalizeDiscountCode`). A percent code's `value` is a whole percent (1-100); an
 * amount code's is dollars off (GST-inclusive) on the wire and cents inside.
 */
import { z } from 'zod';
import { type CodeDiscount } from './checkout-totals';
import { formatCents, parseDecimalToCents } from './money';
import { CHECKOUT_MESSAGES } from './checkout-form';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES, MIN_LINE_QUANTITY, ORDER_MESSAGES } from './order-constants';

export const DISCOUNT_CODE_KINDS = ['percent', 'amount'] as const;
export type DiscountCodeKind = (typeof DISCOUNT_CODE_KINDS)[number];
export const DISCOUNT_CODE_APPLIES_TO = ['all', 'products', 'categories'] as const;
export type DiscountCodeAppliesTo = (typeof DISCOUNT_CODE_APPLIES_TO)[number];

/** Letters, digits and dashes, 3 to 32 of them (what a person can read out and type on a phone). */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{1,30}[A-Z0-9]$/;
/** Most product or category ids a code may be limited to. */
export const MAX_DISCOUNT_CODE_TARGETS = 200;
/** Highest amount off or minimum spend, cents ($100,000). */
export const MAX_DISCOUNT_CODE_CENTS = 10_000_000;

/** The code as stored and compared: trimmed, inner spaces dropped, upper case. */
export function normalizeDiscountCode(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** A code's start or end day as the messages and the back office say it: "1 Dec 2026", in Sydney's time zone. */
export function formatCodeDate(date: Date | string): string {
  return new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Australia/Sydney',
  }).format(typeof date === 'string' ? new Date(date) : date);
}

/** "10% off" / "$5.00 off", for a code's kind and value (cents for amounts). */
export function describeDiscount(kind: DiscountCodeKind, value: number): string {
  return kind === 'percent' ? `${value}% off` : `${formatCents(value)} off`;
}

/** The refusals and confirmations of a code, one wording for the API, the checkout and the back office. */
export const DISCOUNT_CODE_MESSAGES = {
  blank: 'Enter a discount code.',
  format: 'A discount code is 3 to 32 letters, digits or dashes.',
  unknown: (code: string) => `${code} is not a discount code we know. Check the spelling and try again.`,
  inactive: (code: string) => `Discount code ${code} is no longer available.`,
  notStarted: (code: string, from: string) => `Discount code ${code} can be used from ${from}.`,
  ended: (code: string, on: string) => `Discount code ${code} ended on ${on}.`,
  belowMinimum: (code: string, minCents: number, subtotalCents: number) =>
    `Discount code ${code} needs a spend of at least ${formatCents(minCents)}: your items come to ` +
    `${formatCents(subtotalCents)}, add ${formatCents(minCents - subtotalCents)} more to use it.`,
  usedUp: (code: string) => `Discount code ${code} has been used as many times as it can be.`,
  alreadyUsed: (code: string) => `Discount code ${code} can be used once per customer, and you have used it.`,
  otherEmail: (code: string) =>
    `Discount code ${code} was sent to another email address. Use the email it was sent to at checkout.`,
  appliesToNothing: (code: string) => `Discount code ${code} does not apply to any item in your cart.`,
  applied: (code: string, what: string) => `Discount code ${code} applied: ${what}.`,
  appliedTo: (code: string, what: string, lines: number) =>
    `Discount code ${code} applied: ${what} ${lines === 1 ? 'one item' : `${lines} items`} in your cart.`,
  /** The checkout field's Remove confirmation. */
  removed: 'Discount code removed.',
} as const;

/** The back office's words for codes (issue 34 §5). */
export const ADMIN_DISCOUNT_CODE_MESSAGES = {
  notFound: 'No discount code with this id.',
  taken: (code: string) => `There is already a discount code ${code}. Choose another code.`,
  percent: 'Percent off must be a whole number from 1 to 100.',
  amount: 'Amount off must be dollars such as 5 or 12.50, more than $0 and at most $100,000.',
  minSpend: 'Minimum spend must be dollars such as 50 or 49.95 (0 for none), at most $100,000.',
  date: 'Dates must be valid dates.',
  endsBeforeStart: 'The end date must be after the start date.',
  usageLimit: 'Usage limit must be a whole number from 1 to 1,000,000, or empty for no limit.',
  usageLimitBelowUses: (used: number) =>
    `This code has been used ${used} time${used === 1 ? '' : 's'}: the usage limit cannot be lower.`,
  targets: 'Choose at least one product or category id for a code limited to them (whole numbers).',
  tooManyTargets: `A code can be limited to at most ${MAX_DISCOUNT_CODE_TARGETS} products or categories.`,
  unknownTargets: (kind: 'products' | 'categories', ids: readonly number[]) =>
    `No ${kind === 'products' ? 'product' : 'category'} with id ${ids.join(', ')}.`,
  created: (code: string) => `Created discount code ${code}.`,
  saved: (code: string) => `Saved discount code ${code}.`,
  deactivated: (code: string) => `Deactivated discount code ${code}: it can no longer be used.`,
  activated: (code: string) => `Activated discount code ${code}.`,
} as const;

const codeText = z
  .string({ error: DISCOUNT_CODE_MESSAGES.blank })
  .transform(normalizeDiscountCode)
  .refine((v) => v.length > 0, DISCOUNT_CODE_MESSAGES.blank)
  .refine((v) => v.length === 0 || DISCOUNT_CODE_PATTERN.test(v), DISCOUNT_CODE_MESSAGES.format);

/** The place-order field `discount_code`: absent, null or '' for none; otherwise a code, normalised. */
export const discountCodeFieldSchema = z
  .union([z.string(), z.null()], { error: DISCOUNT_CODE_MESSAGES.format })
  .optional()
  .transform((v) => (v === undefined || v === null ? null : normalizeDiscountCode(v)))
  .refine((v) => v === null || v === '' || DISCOUNT_CODE_PATTERN.test(v), DISCOUNT_CODE_MESSAGES.format)
  .transform((v) => (v === '' ? null : v));

/** `POST /api/discount-codes/check`: the code, the cart's lines (in checkout's order) and, when known, the email. */
export const discountCodeCheckRequestSchema = z.object({
  code: codeText,
  products: z
    .array(
      z.object({
        id: z
          .number({ error: ORDER_MESSAGES.productId })
          .int(ORDER_MESSAGES.productId)
          .positive(ORDER_MESSAGES.productId),
        quantity: z
          .number({ error: ORDER_MESSAGES.quantity })
          .int(ORDER_MESSAGES.quantity)
          .min(MIN_LINE_QUANTITY, ORDER_MESSAGES.quantity)
          .max(MAX_LINE_QUANTITY, ORDER_MESSAGES.quantity),
      }),
    )
    .min(1, CHECKOUT_MESSAGES.cartEmpty)
    .max(MAX_ORDER_LINES, ORDER_MESSAGES.tooManyLines),
  email: z.string().trim().max(254).optional(),
});
export type DiscountCodeCheckRequest = z.output<typeof discountCodeCheckRequestSchema>;

/** A `CodeDiscount` on the wire (the same shape). */
export const codeDiscountSchema = z.object({
  code: z.string(),
  percent: z.number().nullable(),
  amountCents: z.number().int().nullable(),
  eligibleLines: z.array(z.number().int()).nullable(),
}) satisfies z.ZodType<CodeDiscount>;

/** The check's answer: the discount to give `computeCheckoutTotals` as `code`, and a sentence for the shopper. */
export const discountCodeCheckResponseSchema = z.object({
  data: codeDiscountSchema,
  message: z.string(),
});
export type DiscountCodeCheckResponse = z.infer<typeof discountCodeCheckResponseSchema>;

/** A code as the back office lists and edits it. Money is dollars as decimal strings, dates ISO 8601. */
export const adminDiscountCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(DISCOUNT_CODE_KINDS),
  /** Whole percent, or dollars off ("5.00"). */
  value: z.string(),
  /** "10% off", "$5.00 off". */
  description: z.string(),
  min_spend: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  once_per_customer: z.boolean(),
  applies_to: z.enum(DISCOUNT_CODE_APPLIES_TO),
  target_ids: z.array(z.number().int()),
  /** The one address allowed to use it (a newsletter welcome code), else null. */
  email: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type AdminDiscountCode = z.infer<typeof adminDiscountCodeSchema>;

export const adminDiscountCodeListSchema = z.object({
  data: z.array(adminDiscountCodeSchema),
  total: z.number().int(),
});

export const adminDiscountCodeListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  /** Part of a code, any case. */
  search: z.string().trim().max(40).optional(),
  /** 'active' or 'inactive'; absent for both. */
  status: z.enum(['active', 'inactive']).optional(),
});

const M = ADMIN_DISCOUNT_CODE_MESSAGES;
const dateText = z
  .union([z.iso.datetime({ offset: true, error: M.date }), z.null()], { error: M.date })
  .optional()
  .transform((v) => v ?? null);

/**
 * Create (`POST /api/admin/discount-codes`) or edit (`PUT /api/admin/discount-codes/{id}`) a code: every field.
 * `value` is a whole percent for 'percent' and dollars for 'amount'; `min_spend` dollars ("0" for none);
 * dates ISO 8601 with an offset (the form sends the start of the start day and the end of the end day, in the
 * owner's time zone); `target_ids` the product or category ids when `applies_to` is not 'all'.
 */
export const adminDiscountCodeInputSchema = z
  .object({
    code: codeText,
    kind: z.enum(DISCOUNT_CODE_KINDS, { error: "kind must be 'percent' or 'amount'." }),
    value: z.string({ error: M.percent }).trim(),
    min_spend: z
      .string({ error: M.minSpend })
      .trim()
      .default('0')
      .refine((v) => {
        const c = parseDecimalToCents(v === '' ? '0' : v);
        return c !== null && c <= MAX_DISCOUNT_CODE_CENTS;
      }, M.minSpend),
    starts_at: dateText,
    ends_at: dateText,
    usage_limit: z
      .number({ error: M.usageLimit })
      .int(M.usageLimit)
      .min(1, M.usageLimit)
      .max(1_000_000, M.usageLimit)
      .nullable()
      .default(null),
    once_per_customer: z.boolean().default(false),
    applies_to: z.enum(DISCOUNT_CODE_APPLIES_TO).default('all'),
    target_ids: z
      .array(z.number({ error: M.targets }).int(M.targets).positive(M.targets), { error: M.targets })
      .max(MAX_DISCOUNT_CODE_TARGETS, M.tooManyTargets)
      .default([]),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && !/^(100|[1-9]\d?)$/.test(v.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: M.percent });
    }
    if (v.kind === 'amount') {
      const c = /^\d{1,6}(\.\d{1,2})?$/.test(v.value) ? parseDecimalToCents(v.value) : null;
      if (c === null || c <= 0 || c > MAX_DISCOUNT_CODE_CENTS) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: M.amount });
      }
    }
    if (v.starts_at && v.ends_at && Date.parse(v.ends_at) <= Date.parse(v.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: M.endsBeforeStart });
    }
    if (v.applies_to !== 'all' && v.target_ids.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['target_ids'], message: M.targets });
    }
  });
export type AdminDiscountCodeInput = z.output<typeof adminDiscountCodeInputSchema>;
export type AdminDiscountCodeInputBody = z.input<typeof adminDiscountCodeInputSchema>;

/** `PATCH /api/admin/discount-codes/{id}/active`: deactivate (false) or activate again (true). */
export const adminDiscountCodeActiveSchema = z.object({
  active: z.boolean({ error: 'active must be true or false.' }),
});

/** One code's answer (create, edit, (de)activate): the code and a sentence. */
export const adminDiscountCodeAnswerSchema = z.object({ data: adminDiscountCodeSchema, message: z.string() });

/**
 * The stored value of a code from the form's `value` (already checked by the schema): the percent, or cents.
 */
export function storedDiscountValue(kind: DiscountCodeKind, value: string): number {
  if (kind === 'percent') return Number(value);
  const cents = parseDecimalToCents(value);
  if (cents === null) throw new RangeError(`Not an amount: ${value}`);
  return cents;
}

/** The welcome code's words in the newsletter mail (issue 34 §5): what it gives and how to use it. */
export const NEWSLETTER_CODE_PERCENT = 10;
export const newsletterCodeText = (code: string) =>
  `Your code for ${NEWSLETTER_CODE_PERCENT}% off your first order is ${code}. Enter it in "Discount code" at ` +
  `checkout, with this email address; it works once.`;
