/**
 * The sales report on the wire (issue 36 §4, `/admin/reports`): a period of Sydney calendar days (this week from
 * Monday, this month, this quarter, or a custom range), its totals, sales by product (top N), by category and by
 * day, each also a CSV. Its figures are the dashboard's (one function on the server, `salesTotals`): orders are
 * those placed and not cancelled; what was charged and its GST are the stored totals of those whose payment was
 * taken; refunds are the money given back in the period (succeeded refunds, by the day they went, of orders not
 * cancelled); net sales is charged less refunded. Product and category figures are line totals as charged (GST
 * included), before order discounts and delivery.
 */
import { z } from 'zod';

export const REPORT_PERIODS = ['week', 'month', 'quarter', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  week: 'This week',
  month: 'This month',
  quarter: 'This quarter',
  custom: 'Custom range',
};

/** The longest custom range (days): two years of days is still a readable by-day table. */
export const REPORT_MAX_DAYS = 731;
export const REPORT_TOP_DEFAULT = 20;

export const REPORT_MESSAGES = {
  customNeedsDates: 'A custom range needs both from and to dates.',
  toBeforeFrom: 'to must be on or after from.',
  tooLong: `A report covers at most ${REPORT_MAX_DAYS} days.`,
  period: `period must be one of ${REPORT_PERIODS.join(', ')}`,
} as const;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Today's calendar day in Sydney, yyyy-mm-dd. */
export function sydneyDay(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(now);
}

/**
 * The first and last Sydney calendar days (inclusive, yyyy-mm-dd) of `period` as of `today` (Sydney): a week
 * starts on Monday, a quarter in January, April, July or October; each runs to today. Custom: `from`..`to`.
 */
export function reportRange(
  period: ReportPeriod,
  today: string,
  custom: { from?: string | undefined; to?: string | undefined } = {},
): { from: string; to: string } {
  if (period === 'custom') return { from: custom.from ?? today, to: custom.to ?? today };
  const n = dayNumber(today);
  if (period === 'week') {
    const weekday = (new Date(n * DAY_MS).getUTCDay() + 6) % 7; // Monday 0
    return { from: dayOf(n - weekday), to: today };
  }
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = period === 'month' ? month : month - ((month - 1) % 3);
  return { from: `${year}-${String(first).padStart(2, '0')}-01`, to: today };
}

const salesReportQueryObject = z.object({
  period: z.enum(REPORT_PERIODS, { error: REPORT_MESSAGES.period }).default('month'),
  from: z.iso.date('from must be a date such as 2026-11-01').optional(),
  to: z.iso.date('to must be a date such as 2026-11-30').optional(),
  top: z.coerce.number().int('top must be a whole number').min(1).max(1000).default(REPORT_TOP_DEFAULT),
});

/** A custom range needs both dates, in order, at most REPORT_MAX_DAYS long. */
function checkCustomRange(
  q: { period: ReportPeriod; from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (q.period !== 'custom') return;
  if (!q.from || !q.to) {
    ctx.addIssue({
      code: 'custom',
      path: [q.from ? 'to' : 'from'],
      message: REPORT_MESSAGES.customNeedsDates,
    });
    return;
  }
  const days = dayNumber(q.to) - dayNumber(q.from) + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.toBeforeFrom });
  else if (days > REPORT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.tooLong });
}

/** `GET /api/admin/reports/sales` query. */
export const salesReportQuerySchema = salesReportQueryObject.superRefine(checkCustomRange);
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

export const REPORT_SECTIONS = ['totals', 'products', 'categories', 'days'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

/** `GET /api/admin/reports/sales.csv` query: the report's, plus which section. */
export const salesReportCsvQuerySchema = salesReportQueryObject
  .extend({
    section: z.enum(REPORT_SECTIONS, { error: `section must be one of ${REPORT_SECTIONS.join(', ')}` }),
  })
  .superRefine(checkCustomRange);

/** A period's totals; money in dollars. */
export const salesTotalsSchema = z.object({
  /** Orders placed, cancelled ones excluded (the dashboard's "Orders"). */
  orders: z.number().int(),
  /** Of those, the ones whose payment was taken. */
  paid_orders: z.number().int(),
  /** Units in the paid orders. */
  items: z.number().int(),
  /** Σ totals charged (GST included) of the paid orders. */
  charged: z.string(),
  /** Σ the GST those orders include. */
  gst: z.string(),
  /** Money given back in the period. */
  refunded: z.string(),
  /** charged − refunded. */
  net_sales: z.string(),
});
export type SalesTotals = z.infer<typeof salesTotalsSchema>;

export const salesReportSchema = z.object({
  period: z.enum(REPORT_PERIODS),
  from: z.string(),
  to: z.string(),
  totals: salesTotalsSchema,
  products: z.array(
    z.object({
      sku: z.string(),
      title: z.string(),
      quantity: z.number().int(),
      sales: z.string(),
      gst: z.string(),
    }),
  ),
  categories: z.array(
    z.object({ category: z.string(), quantity: z.number().int(), sales: z.string(), gst: z.string() }),
  ),
  days: z.array(
    z.object({
      day: z.string(),
      orders: z.number().int(),
      charged: z.string(),
      gst: z.string(),
      refunded: z.string(),
      net_sales: z.string(),
    }),
  ),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

/** The words of the report's tables and CSV headers, written once. */
export const REPORT_LABELS = {
  orders: 'Orders',
  paidOrders: 'Paid orders',
  items: 'Items sold',
  charged: 'Charged (inc. GST)',
  gst: 'GST included',
  refunded: 'Refunded',
  netSales: 'Net sales (inc. GST)',
  sku: 'SKU',
  title: 'Product',
  quantity: 'Quantity',
  sales: 'Sales (inc. GST)',
  category: 'Category',
  day: 'Day',
  uncategorised: 'Uncategorised',
} as const;
