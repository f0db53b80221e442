/**
 * The best sellers of /best-selling (issue 37 §4, decision 0058; `@store/shared/best-sellers`): one aggregate over
 * the paid order lines of the last 90 days, units sold less units refunded, products still in the shop only. The
 * answer is kept for a few minutes: the ranking moves by the day, not by the order, and the aggregate reads every
 * line of 90 days.
 */
import { sql } from 'drizzle-orm';
import {
  BEST_SELLERS_DAYS,
  BEST_SELLERS_LIMIT,
  BEST_SELLERS_MIN_ORDERS,
  type BestSellersBasis,
} from '@store/shared/best-sellers';
import { REFUND_STATUS_SUCCEEDED } from '@store/shared/admin-orders';
import { PAYMENT_STATUS_COMPLETED, PAYMENT_STATUS_PARTIALLY_REFUNDED } from '@store/shared/order-constants';
import { rowsOf, type Database } from '../../db/client';

/** How long one ranking is kept before it is read again, ms. */
export const BEST_SELLERS_MAX_AGE_MS = 10 * 60_000;

export interface BestSellers {
  /** 'featured' while fewer than BEST_SELLERS_MIN_ORDERS orders were paid in the window. */
  basis: BestSellersBasis;
  /** Product ids, most units first (ties: the newer product first); [] for 'featured'. */
  ids: number[];
  /** Paid orders in the window. */
  paidOrders: number;
}

/**
 * Reads the ranking: orders paid (payment 'completed' or 'partially_refunded') and placed in the last
 * BEST_SELLERS_DAYS days; each line's units less those of succeeded refunds; archived and deleted products left
 * out; at most BEST_SELLERS_LIMIT. One statement, so the count and the ranking agree.
 */
export async function readBestSellers(db: Database): Promise<BestSellers> {
  const rows = rowsOf<{ paid_orders: number; product_id: number | null }>(
    await db.execute(sql`
    WITH paid AS (
      SELECT id FROM orders
      WHERE payment_status IN (${PAYMENT_STATUS_COMPLETED}, ${PAYMENT_STATUS_PARTIALLY_REFUNDED})
        AND created_at >= now() - make_interval(days => ${BEST_SELLERS_DAYS})
    ),
    refunded AS (
      SELECT rl.order_line_item_id, sum(rl.quantity) AS units
      FROM refund_lines rl JOIN refunds r ON r.id = rl.refund_id
      WHERE r.status = ${REFUND_STATUS_SUCCEEDED}
      GROUP BY rl.order_line_item_id
    ),
    sold AS (
      SELECT li.product_id, sum(li.quantity - coalesce(rf.units, 0)) AS units
      FROM order_line_items li
      JOIN paid ON paid.id = li.order_id
      JOIN products p ON p.id = li.product_id AND p.archived_at IS NULL
      LEFT JOIN refunded rf ON rf.order_line_item_id = li.id
      GROUP BY li.product_id
      HAVING sum(li.quantity - coalesce(rf.units, 0)) > 0
      ORDER BY units DESC, li.product_id DESC
      LIMIT ${BEST_SELLERS_LIMIT}
    )
    SELECT (SELECT count(*) FROM paid)::int AS paid_orders, sold.product_id
    FROM (SELECT 1) AS one LEFT JOIN sold ON true
    ORDER BY sold.units DESC NULLS LAST, sold.product_id DESC
  `),
  );
  const paidOrders = Number(rows[0]?.paid_orders ?? 0);
  if (paidOrders < BEST_SELLERS_MIN_ORDERS) return { basis: 'featured', ids: [], paidOrders };
  const ids = rows.flatMap((r) => (r.product_id === null ? [] : [Number(r.product_id)]));
  return { basis: ids.length > 0 ? 'sales' : 'featured', ids, paidOrders };
}

/**
 * `readBestSellers` kept for `maxAgeMs` (one read at a time however many ask); a failed read is not kept.
 * `stamp()` changes whenever the ranking kept changes (for the rendered page's cache).
 */
export function createBestSellers(db: Database, maxAgeMs = BEST_SELLERS_MAX_AGE_MS) {
  let kept: { at: number; value: Promise<BestSellers> } | null = null;
  return {
    read(): Promise<BestSellers> {
      const now = Date.now();
      if (!kept || now - kept.at >= maxAgeMs) {
        const value = readBestSellers(db);
        const entry = { at: now, value };
        kept = entry;
        value.catch(() => {
          if (kept === entry) kept = null;
        });
      }
      return kept.value;
    },
  };
}
