import { formatCents } from '@store/shared/money';
import { type PriceView, usePriceDisplay } from '@/hooks/use-price-display';
import type { PricedCartLine } from '@/hooks/use-priced-cart';

export interface CartTotalsProps {
  itemCount: number;
  /** The cart's lines: their totals as shown add up to the subtotal. */
  lines: readonly PricedCartLine[];
  /**
   * The sidebar's form (SPEC §2 Cart sidebar: 'adds 0 for shipping and tax'): Shipping and Tax rows between
   * Subtotal and Total. The cart page shows neither (SPEC §2 Cart page).
   */
  zeroShippingAndTax?: boolean;
}

/**
 * A line's total as shown (issue 34 §1): unit price × quantity inc. GST, the checkout's own line total
 * (`computeCheckoutTotals`), or for "ex. GST" that line total less its GST.
 */
export function shownLineTotalCents(line: PricedCartLine, prices: Pick<PriceView, 'showLine'>): number {
  return prices.showLine(line.unitPriceCents, line.lineSubtotalCents).lineCents;
}

/** The cart's subtotal as shown: its lines as shown, added up (for inc. GST, the checkout's subtotal). */
export function shownSubtotalCents(
  lines: readonly PricedCartLine[],
  prices: Pick<PriceView, 'showLine'>,
): number {
  return lines.reduce((sum, l) => sum + shownLineTotalCents(l, prices), 0);
}

/**
 * Item count, Subtotal and Total of the cart, in $ with 2 decimals (SPEC §2, §9: no shipping), as this shopper
 * sees prices (issue 18, 34): the lines shown add up to the subtotal; including GST, the Tax row says so instead
 * of adding $0.00.
 */
export function CartTotals({ itemCount, lines, zeroShippingAndTax = false }: CartTotalsProps) {
  const prices = usePriceDisplay();
  const subtotalCents = shownSubtotalCents(lines, prices);
  const includesGst = prices.display === 'inc_gst' && prices.gstPercent > 0;
  return (
    <dl className="cart-totals">
      <div className="cart-totals__row">
        <dt>Item count</dt>
        <dd>{itemCount}</dd>
      </div>
      <div className="cart-totals__row">
        <dt>Subtotal</dt>
        <dd>{formatCents(subtotalCents)}</dd>
      </div>
      {zeroShippingAndTax && (
        <>
          <div className="cart-totals__row">
            <dt>Shipping</dt>
            <dd>{formatCents(0)}</dd>
          </div>
          <div className="cart-totals__row">
            <dt>Tax</dt>
            <dd>{includesGst ? 'GST included' : formatCents(0)}</dd>
          </div>
        </>
      )}
      <div className="cart-totals__row cart-totals__row--total">
        <dt>Total{prices.label && <span className="cart-totals__tax"> ({prices.label})</span>}</dt>
        <dd>{formatCents(subtotalCents)}</dd>
      </div>
    </dl>
  );
}
