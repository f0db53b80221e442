/**
 * The back office's dashboard on the wire (issue 12 item 6): today's and this month's orders and revenue (GST
 * shown separately) in Sydney's calendar, orders waiting to ship, open returns, unhandled messages and low-stock
 * products. Money is a decimal string of dollars, as everywhere in the API.
 */
import { z } from 'zod';

/**
 * What "low on stock" means (issue 36 §4): at or below the product's own reorder level (default 5), the rule the
 * dashboard, the products list's filter and the daily low-stock mail share (apps/api/src/modules/admin/low-stock.ts).
 */
export const LOW_STOCK_RULE = 'at or below its reorder level';

/**
 * The period card's words (issue 34 §2): what was charged is each order's stored total (GST included, the sum of
 * its breakdown), the GST is the sum of the GST each order includes, and revenue is what was charged less the
 * money given back.
 */
export const DASHBOARD_LABELS = {
  orders: 'Orders',
  charged: 'Charged (inc. GST)',
  gst: 'GST included',
  refunded: 'Refunded',
  netRevenue: 'Revenue less refunds (inc. GST)',
} as const;

const periodSchema = z.object({
  /** Orders placed in the period, cancelled ones excluded. */
  orders: z.number().int(),
  /** Σ total charged (GST included, as stored) of those whose payment was taken. */
  revenue: z.string(),
  /** Σ the GST each of those orders includes (as stored): the GST within `revenue`. */
  gst: z.string(),
  /** Succeeded refunds made in the period (any order's not cancelled). */
  refunded: z.string(),
  /** `revenue` less `refunded`: the money the period kept (may be negative on a day of refunds only). */
  net_revenue: z.string(),
});
export type DashboardPeriod = z.infer<typeof periodSchema>;

export const adminDashboardSchema = z.object({
  /** Sydney's calendar day (`yyyy-mm-dd`) and month (`yyyy-mm`) the figures are for. */
  today: z.string(),
  month: z.string(),
  periods: z.object({ today: periodSchema, month: periodSchema }),
  /** Paid orders not yet shipped (pending or processing), oldest first, at most 10, and how many in all. */
  waiting_to_ship: z.object({
    total: z.number().int(),
    data: z.array(
      z.object({
        public_id: z.string(),
        invoice_number: z.string(),
        created_at: z.string(),
        customer: z.string(),
        total: z.string(),
        status: z.string(),
      }),
    ),
  }),
  open_returns: z.number().int(),
  unhandled_messages: z.number().int(),
  /** Products with stock at or below their reorder level (LOW_STOCK_RULE), fewest first, at most 20, and how many. */
  low_stock: z.object({
    total: z.number().int(),
    data: z.array(
      z.object({
        sku: z.string(),
        title: z.string(),
        stock: z.number().int(),
        reorder_level: z.number().int(),
      }),
    ),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
