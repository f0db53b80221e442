/**
 * Trade accounts on the wire (issue 39, decision 0066): the application a business sends, the account its users
 * read, the trade prices call, quick order, on-account terms, ageing and statements, and the back office's calls.
 * One source for the account pages, the checkout, the back office and the API. Money in answers is a decimal
 * string of dollars ("79.95", inc. GST unless the field says ex); money in requests is dollars as typed.
 */
import { z } from 'zod';
import { isValidAbn, normalizeAbn } from './abn';
import { PRICE_RULE_SCOPES } from './trade-pricing';
import { STORE_TIME_ZONE } from './home-content';
import { multiLineText } from './text-schemas';
import { garageVehicleSchema } from './garage';

/** The payment method of an order charged to a trade account: PAYMENT_METHOD_ACCOUNT in order-constants.ts. */

/** The order_meta options (SPEC §3) an order answer carries for trade orders: its PO number and due day. */
export const TRADE_ORDER_META = {
  purchaseOrderNumber: '_purchase_order_number',
  paymentDueDay: '_payment_due_day',
} as const;

/** What order_meta says of a trade order ({option, value} pairs), for the pages that show it. */
export function tradeOrderMeta(meta: readonly { option: string; value: string }[]): {
  purchaseOrderNumber: string | null;
  paymentDueDay: string | null;
} {
  const of = (option: string) => meta.find((m) => m.option === option)?.value ?? null;
  return {
    purchaseOrderNumber: of(TRADE_ORDER_META.purchaseOrderNumber),
    paymentDueDay: of(TRADE_ORDER_META.paymentDueDay),
  };
}

export const TRADE_ACCOUNT_STATUSES = ['pending', 'approved', 'declined', 'suspended'] as const;
export type TradeAccountStatus = (typeof TRADE_ACCOUNT_STATUSES)[number];

export const TRADE_STATUS_WORDS: Readonly<Record<TradeAccountStatus, string>> = {
  pending: 'Application received — we will reply within one business day',
  approved: 'Approved',
  declined: 'Declined',
  suspended: 'On hold',
};

/** Payment terms the back office may give an account, with the words shown everywhere. */
export const TRADE_TERMS = ['7_days', '14_days', '30_days', '30_eom'] as const;
export type TradeTerms = (typeof TRADE_TERMS)[number];
export const TRADE_TERMS_WORDS: Readonly<Record<TradeTerms, string>> = {
  '7_days': '7 days',
  '14_days': '14 days',
  '30_days': '30 days',
  '30_eom': '30 days end of month',
};

export const TRADE_ROLES = ['owner', 'buyer'] as const;
export type TradeRole = (typeof TRADE_ROLES)[number];

/** The store's calendar day (YYYY-MM-DD, Australia/Sydney) of an instant. */
export function storeDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIME_ZONE }).format(at);
}

const DAY_WORDS = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** A store day (YYYY-MM-DD) as people read it: "31 January 2027" (due days on invoices, mails, statements). */
export function dueDayWords(day: string): string {
  return DAY_WORDS.format(new Date(`${day}T00:00:00Z`));
}

/** `day` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The last day (YYYY-MM-DD) of the month after the month of `day`. */
function endOfNextMonth(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  // Day 0 of the month after next is the last day of next month.
  return new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
}

/**
 * The day an invoice dated `invoiceDay` (YYYY-MM-DD, the store's day) falls due under `terms`: 7, 14 or 30 days
 * after it, or for "30 days end of month" the last day of the following month (how Australian trade suppliers read
 * EOM terms: a January invoice is due 28/29 February).
 */
export function dueDay(invoiceDay: string, terms: TradeTerms): string {
  switch (terms) {
    case '7_days':
      return addDays(invoiceDay, 7);
    case '14_days':
      return addDays(invoiceDay, 14);
    case '30_days':
      return addDays(invoiceDay, 30);
    case '30_eom':
      return endOfNextMonth(invoiceDay);
  }
}

/** Ageing buckets of what is owed, by days past due (the back office's ageing, the statement's foot). */
export const AGEING_BUCKETS = ['current', '1_30', '31_60', '61_90', '90_plus'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AGEING_WORDS: Readonly<Record<AgeingBucket, string>> = {
  current: 'Current',
  '1_30': '1–30 days',
  '31_60': '31–60 days',
  '61_90': '61–90 days',
  '90_plus': '90+ days',
};

/** Days between two store days (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The bucket of an amount due on `due` as of `today` (both YYYY-MM-DD). */
export function ageingBucket(due: string, today: string): AgeingBucket {
  const late = daysBetween(due, today);
  if (late <= 0) return 'current';
  if (late <= 30) return '1_30';
  if (late <= 60) return '31_60';
  if (late <= 90) return '61_90';
  return '90_plus';
}

/** Messages a person can act on (DESIGN: bad input gets a clear error). */
export const TRADE_MESSAGES = {
  abnInvalid:
    'That ABN is not valid: an ABN is 11 digits, such as 51 824 753 556. Check it against your ABN record.',
  abnNotActive: (name: string) =>
    `The ABR lists this ABN (${name}) as cancelled: apply with your business's active ABN.`,
  abnNotFound: 'The ABR has no business with this ABN: check the 11 digits.',
  abnLookupDown: 'We could not reach the ABR to check your ABN just now; we will check it before we approve.',
  alreadyApplied: 'Your business already has a trade application or account with us.',
  abnTaken: 'A trade account with this ABN already exists: ask its owner to invite you.',
  applied: 'Thanks — your trade application is in. We will email you when it has been reviewed.',
  notTrade: 'This is for approved trade accounts: apply for a trade account from your account page.',
  ownerOnly: "Only the account's owner can change its users.",
  noSuchMember:
    'No customer has that email: ask them to create an account on the store first, then invite them.',
  alreadyMember: 'That customer already belongs to a trade account.',
  cannotRemoveOwner: "The owner can't be removed from their own account.",
  userAdded: (email: string) => `${email} can now order for your business.`,
  userRemoved: 'Removed from your trade account.',
  accountNotApproved:
    'Your trade account is not approved for ordering on account yet: pay by card, or wait for our reply.',
  overLimit: (availableDollars: string, totalDollars: string) =>
    `This order (${totalDollars}) is more than the credit left on your account (${availableDollars}). Pay by card, or pay your open invoices first.`,
  limitReached: (limitDollars: string) =>
    `Your account has used its credit limit of ${limitDollars}: pay your open invoices to order on account again (card still works).`,
  overdue: (dollars: string) =>
    `Your account has ${dollars} overdue: pay the overdue invoices before ordering on account (card still works).`,
  poTooLong: 'Purchase order numbers are up to 40 characters',
  codeNotOnTradePrices:
    'Discount codes apply to retail-priced items only; everything in this order is at your trade price.',
  decided: (status: 'approved' | 'declined') => `Application ${status}.`,
  declineReasonRequired: 'Say why the application is declined: the applicant is mailed the reason.',
  paymentRecorded: 'Payment recorded.',
  paymentTooLarge: 'A payment cannot be more than the account owes.',
  priceListNameTaken: 'Another price list has this name.',
  priceListInUse: 'This price list is assigned to trade accounts: take it off them first.',
} as const;

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`);

/** Dollars as typed ("2500", "2,500.00") → whole cents, 0 … 10,000,000. */
export const dollarsFieldSchema = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label} must be an amount in dollars, such as 2500` })
    .transform((v, ctx) => {
      const s = String(v).replace(/[$,\s]/g, '');
      if (!/^\d{1,8}(\.\d{1,2})?$/.test(s)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be an amount in dollars, such as 2500` });
        return z.NEVER;
      }
      const [whole, frac = ''] = s.split('.');
      return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
    });

export const abnFieldSchema = z
  .string({ error: TRADE_MESSAGES.abnInvalid })
  .trim()
  .refine(isValidAbn, TRADE_MESSAGES.abnInvalid)
  .transform(normalizeAbn);

/** `POST /api/trade/applications`: what a business tells us when it applies. */
export const tradeApplicationRequestSchema = z.object({
  business_name: text(120, 'Business name'),
  abn: abnFieldSchema,
  gst_registered: z.boolean({ error: 'Say whether the business is registered for GST' }),
  street_address: text(200, 'Street address'),
  suburb: text(80, 'Suburb'),
  state: z.enum(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'], {
    error: 'State must be one of ACT, NSW, NT, QLD, SA, TAS, VIC, WA',
  }),
  post_code: z
    .string({ error: 'Postcode must be 4 digits' })
    .trim()
    .regex(/^\d{4}$/, 'Postcode must be 4 digits'),
  contact_name: text(120, 'Contact name'),
  contact_phone: text(30, 'Contact phone'),
  accounts_email: z
    .string({ error: 'Accounts email is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Accounts email must be an email address, such as accounts@example.com.au')),
  expected_monthly_spend: dollarsFieldSchema('Expected monthly spend'),
});
export type TradeApplicationRequest = z.output<typeof tradeApplicationRequestSchema>;
export type TradeApplicationInput = z.input<typeof tradeApplicationRequestSchema>;

/** What the ABR's ABN Lookup said of an ABN (null when no GUID is set or the ABR could not be reached). */
export const abnCheckSchema = z.object({
  entity_name: z.string(),
  active: z.boolean(),
  gst_registered: z.boolean(),
  checked_at: z.string(),
});
export type AbnCheck = z.infer<typeof abnCheckSchema>;

export const tradeUserSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(TRADE_ROLES),
});
export type TradeUser = z.infer<typeof tradeUserSchema>;

/** One open (unpaid or part-paid) invoice of an account. */
export const openInvoiceSchema = z.object({
  order_id: z.string(),
  invoice_number: z.string(),
  purchase_order_number: z.string().nullable(),
  placed_by: z.string(),
  invoice_day: z.string(),
  due_day: z.string(),
  total: z.string(),
  open: z.string(),
  bucket: z.enum(AGEING_BUCKETS),
});
export type OpenInvoice = z.infer<typeof openInvoiceSchema>;

export const ageingSchema = z.object(
  Object.fromEntries(AGEING_BUCKETS.map((b) => [b, z.string()])) as Record<AgeingBucket, z.ZodString>,
);
export type Ageing = z.infer<typeof ageingSchema>;

/** `GET /api/trade/account`: the signed-in member's business, or null. */
export const tradeAccountViewSchema = z.object({
  id: z.number().int(),
  status: z.enum(TRADE_ACCOUNT_STATUSES),
  business_name: z.string(),
  abn: z.string(),
  gst_registered: z.boolean(),
  decline_reason: z.string().nullable(),
  role: z.enum(TRADE_ROLES),
  price_lists: z.array(z.string()),
  terms: z.enum(TRADE_TERMS),
  credit_limit: z.string(),
  balance: z.string(),
  available_credit: z.string(),
  overdue: z.string(),
  /** Whether "On account" is offered now (approved, not over limit, nothing overdue). */
  can_order_on_account: z.boolean(),
  /** Why not, in words, when it is not. */
  on_account_blocked: z.string().nullable(),
  users: z.array(tradeUserSchema),
  open_invoices: z.array(openInvoiceSchema),
  ageing: ageingSchema,
  /** Months with a statement (YYYY-MM), newest first. */
  statement_months: z.array(z.string()),
});
export type TradeAccountView = z.infer<typeof tradeAccountViewSchema>;
export const tradeAccountAnswerSchema = z.object({ data: tradeAccountViewSchema.nullable() });

/** `GET /api/trade/prices?ids=1,2,3`: the signed-in trade customer's prices, for products a list lowers. */
export const tradePriceSchema = z.object({
  id: z.number().int(),
  /** Unit price inc. GST (decimal string), what the cart and checkout will charge. */
  price: z.string(),
  list_name: z.string(),
});
export type TradePriceAnswer = z.infer<typeof tradePriceSchema>;
export const tradePricesAnswerSchema = z.object({ data: z.array(tradePriceSchema) });

/** `POST /api/trade/users`: the owner adds a customer of the store to the business by email. */
export const tradeInviteRequestSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Email must be an email address, such as jo@example.com.au')),
});

/** Quick order (`POST /api/trade/quick-order`): pasted lines of "SKU-or-part-number quantity". */
export const QUICK_ORDER_MAX_LINES = 100;
export const quickOrderRequestSchema = z.object({
  // Pasted from a spreadsheet: tabs and line breaks are the point (the control-character rule keeps them).
  text: multiLineText({
    error: 'Paste or type one part number and quantity per line, such as "BP-1234 2"',
  }).max(20_000, 'Paste at most 100 lines at a time'),
});

/** One pasted line as understood: the product it names, or why not. */
export const quickOrderLineSchema = z.object({
  line: z.number().int(),
  code: z.string(),
  quantity: z.number().int(),
  product_id: z.number().int().nullable(),
  sku: z.string().nullable(),
  title: z.string().nullable(),
  problem: z.string().nullable(),
});
export type QuickOrderLine = z.infer<typeof quickOrderLineSchema>;
export const quickOrderAnswerSchema = z.object({ data: z.array(quickOrderLineSchema) });

/** Splits pasted quick-order text into {line, code, quantity}: "CODE", "CODE 3", "CODE,3", "CODE\t3", "3 x CODE". */
export function parseQuickOrderText(
  input: string,
): { line: number; code: string; quantity: number; problem: string | null }[] {
  const out: { line: number; code: string; quantity: number; problem: string | null }[] = [];
  input.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    let m = /^(\d{1,4})\s*[x×*]\s*(\S.*)$/i.exec(line);
    if (m) {
      out.push(check(i + 1, m[2]!.trim(), Number(m[1])));
      return;
    }
    m = /^(.*?\S)[\s,;\t]+(\d{1,4})$/.exec(line);
    if (m) out.push(check(i + 1, m[1]!.replace(/[,;]$/, '').trim(), Number(m[2])));
    else out.push(check(i + 1, line.replace(/[,;]$/, '').trim(), 1));
  });
  return out;
}

function check(line: number, code: string, quantity: number) {
  const problem =
    quantity < 1 || quantity > 100
      ? `Line ${line}: quantity must be 1 to 100`
      : code.length > 80
        ? `Line ${line}: that is not a part number`
        : null;
  return { line, code, quantity, problem };
}

// ——— Back office ———

export const priceListRuleInputSchema = z
  .object({
    scope: z.enum(PRICE_RULE_SCOPES, {
      error: 'scope must be product, brand, child_category, category or all',
    }),
    target_id: z.number().int().positive().nullable(),
    percent_off: z
      .number({ error: 'percent_off must be a number from 0.01 to 100' })
      .gt(0, 'percent_off must be a number from 0.01 to 100')
      .max(100, 'percent_off must be a number from 0.01 to 100')
      .nullable(),
    fixed_price: dollarsFieldSchema('Fixed price').nullable(),
  })
  .superRefine((r, ctx) => {
    if ((r.percent_off === null) === (r.fixed_price === null))
      ctx.addIssue({ code: 'custom', message: 'Give either a percentage off or a fixed price, not both' });
    if (r.fixed_price !== null && r.scope !== 'product')
      ctx.addIssue({ code: 'custom', message: 'Fixed prices are set per product' });
    if ((r.scope === 'all') !== (r.target_id === null))
      ctx.addIssue({
        code: 'custom',
        message:
          r.scope === 'all'
            ? 'A rule for the whole catalog has no target'
            : 'Choose what the rule applies to',
      });
  });

export const priceListRequestSchema = z.object({
  name: text(60, 'Name'),
  rules: z.array(priceListRuleInputSchema).max(5000, 'A price list holds up to 5,000 rules'),
});

export const priceListRuleSchema = z.object({
  scope: z.enum(PRICE_RULE_SCOPES),
  target_id: z.number().int().nullable(),
  target_name: z.string(),
  percent_off: z.number().nullable(),
  fixed_price: z.string().nullable(),
});
export const priceListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  accounts: z.number().int(),
  rules: z.array(priceListRuleSchema),
});
export type PriceList = z.infer<typeof priceListSchema>;

export const tradeDecisionRequestSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('approve'),
    price_list_ids: z.array(z.number().int().positive()).max(10),
    credit_limit: dollarsFieldSchema('Credit limit'),
    terms: z.enum(TRADE_TERMS, { error: 'Choose the payment terms' }),
  }),
  z.object({
    decision: z.literal('decline'),
    reason: text(500, 'Reason'),
  }),
]);

export const tradeAccountUpdateSchema = z.object({
  status: z.enum(['approved', 'suspended']).optional(),
  price_list_ids: z.array(z.number().int().positive()).max(10).optional(),
  credit_limit: dollarsFieldSchema('Credit limit').optional(),
  terms: z.enum(TRADE_TERMS).optional(),
});

export const tradePaymentRequestSchema = z.object({
  amount: dollarsFieldSchema('Amount').refine((c) => c > 0, 'Amount must be more than $0'),
  reference: text(80, 'Reference'),
  /** The day the money arrived (YYYY-MM-DD); today when absent. */
  received_day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Received must be a date such as 2026-12-01')
    .optional(),
});

/**
 * `GET /api/trade/fleet` (issue 39 §5): the vehicles every user of the business keeps in their garage — the fleet a
 * workshop or fleet buyer shops for — each with who saved it. Read-only here; each user changes their own garage.
 */
export const fleetAnswerSchema = z.object({
  data: z.array(garageVehicleSchema.extend({ saved_by: z.string(), saved_by_user_id: z.number().int() })),
});
export type FleetVehicle = z.infer<typeof fleetAnswerSchema>['data'][number];

// ——— Back office answers (issue 39 §6; added by the back-office work) ———

/** The back office's own words (refusals and confirmations of its calls). */
export const TRADE_ADMIN_MESSAGES = {
  accountNotFound: 'No trade account has this number.',
  priceListNotFound: 'No price list has this number.',
  unknownPriceLists: 'Choose price lists that exist: one of them was deleted meanwhile.',
  alreadyDecided: (status: TradeAccountStatus) =>
    `This application has already been decided (${TRADE_STATUS_WORDS[status].toLowerCase()}): reload it to see the decision.`,
  notDecidedYet: 'Decide the application first: a pending account is approved or declined, not edited.',
  productNotFound: 'No product has this SKU.',
  previewNeedsOne: 'Choose a trade account or a price list to preview.',
  statementMonthInvalid: 'Month must be a month such as 2026-11.',
  statementMailed: (to: string) => `Statement mailed to ${to}.`,
  updated: 'Trade account saved.',
  priceListSaved: (name: string) => `Price list ${name} saved.`,
  priceListDeleted: (name: string) => `Price list ${name} deleted.`,
  unknownTarget: (scope: string, id: number) => `No ${scope.replace('_', ' ')} has id ${id}.`,
} as const;

/** A month (YYYY-MM) a statement is printed for. */
export const statementMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, TRADE_ADMIN_MESSAGES.statementMonthInvalid);

/** The month (YYYY-MM) before the store month of `day` (YYYY-MM-DD): the month a statement sent on the 1st covers. */
export function previousMonth(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** An application as the back office reads it: every field the business gave, the ABR's answer, the owner. */
export const adminTradeApplicationSchema = z.object({
  id: z.number().int(),
  status: z.enum(TRADE_ACCOUNT_STATUSES),
  business_name: z.string(),
  abn: z.string(),
  gst_registered: z.boolean(),
  street_address: z.string(),
  suburb: z.string(),
  state: z.string(),
  post_code: z.string(),
  contact_name: z.string(),
  contact_phone: z.string(),
  accounts_email: z.string(),
  expected_monthly_spend: z.string(),
  abn_check: abnCheckSchema.nullable(),
  owner_name: z.string().nullable(),
  owner_email: z.string().nullable(),
  decline_reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
});
export type AdminTradeApplication = z.infer<typeof adminTradeApplicationSchema>;
export const adminTradeApplicationListSchema = z.object({ data: z.array(adminTradeApplicationSchema) });

/** One row of the back office's accounts list and ageing report. */
export const adminTradeAccountRowSchema = z.object({
  id: z.number().int(),
  business_name: z.string(),
  abn: z.string(),
  status: z.enum(TRADE_ACCOUNT_STATUSES),
  price_lists: z.array(z.string()),
  credit_limit: z.string(),
  terms: z.enum(TRADE_TERMS),
  balance: z.string(),
  overdue: z.string(),
  ageing: ageingSchema,
});
export type AdminTradeAccountRow = z.infer<typeof adminTradeAccountRowSchema>;
export const adminTradeAccountListSchema = z.object({ data: z.array(adminTradeAccountRowSchema) });

/** One ledger entry with the balance after it (oldest first). */
export const adminLedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['invoice', 'payment', 'credit']),
  day: z.string(),
  due_day: z.string().nullable(),
  order_id: z.string().nullable(),
  invoice_number: z.string().nullable(),
  purchase_order_number: z.string().nullable(),
  reference: z.string(),
  amount: z.string(),
  balance: z.string(),
  /** The staff member who recorded a payment or credit; null for invoices (placed by the customer). */
  recorded_by: z.string().nullable(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;

export const adminTradeAccountDetailSchema = z.object({
  account: tradeAccountViewSchema,
  application: adminTradeApplicationSchema,
  price_list_ids: z.array(z.number().int()),
  ledger: z.array(adminLedgerEntrySchema),
});
export type AdminTradeAccountDetail = z.infer<typeof adminTradeAccountDetailSchema>;
export const adminTradeAccountAnswerSchema = z.object({
  data: adminTradeAccountDetailSchema,
  message: z.string(),
});

export const adminAgeingReportSchema = z.object({
  as_of: z.string(),
  totals: ageingSchema,
  total_balance: z.string(),
  accounts: z.array(adminTradeAccountRowSchema),
});
export type AdminAgeingReport = z.infer<typeof adminAgeingReportSchema>;

export const priceListAnswerSchema = z.object({ data: priceListSchema, message: z.string() });
export const priceListListSchema = z.object({ data: z.array(priceListSchema) });

/** `GET /api/admin/price-lists/preview?sku=…&account_id=…|price_list_id=…`. */
export const priceListPreviewQuerySchema = z.object({
  sku: z.string().trim().min(1, TRADE_ADMIN_MESSAGES.productNotFound),
  account_id: z.coerce.number().int().positive().optional(),
  price_list_id: z.coerce.number().int().positive().optional(),
});

const pricePairSchema = z.object({ inc_gst: z.string(), ex_gst: z.string() });
export const priceListPreviewSchema = z.object({
  product: z.object({ id: z.number().int(), sku: z.string(), title: z.string() }),
  shelf_price: pricePairSchema,
  /** The product's own sale price, or null when it is not on sale. */
  sale_price: pricePairSchema.nullable(),
  lists: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      price: pricePairSchema.nullable(),
      /** The rule that gave the list's price, in words, or null when none of its rules applies. */
      rule: z.string().nullable(),
    }),
  ),
  /** What the one precedence rule charges (`tradeUnitPrice`). */
  trade_price: pricePairSchema,
  list_name: z.string().nullable(),
  basis: z.enum(['fixed', 'percent', 'sale', 'retail']),
});
export type PriceListPreview = z.infer<typeof priceListPreviewSchema>;

/** `GET /api/admin/price-lists/targets?scope=…&search=…`: what a rule may apply to, by name. */
export const priceRuleTargetQuerySchema = z.object({
  scope: z.enum(['product', 'brand', 'child_category', 'category']),
  search: z.string().trim().max(80).default(''),
});
export const priceRuleTargetsSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), price: z.string().nullable() })),
});
