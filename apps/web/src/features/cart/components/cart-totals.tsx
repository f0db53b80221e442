import { formatCents } from '@store/shared/money';
import { usePriceDisplay } from '@/features/store/hooks/use-price-display';
import type { PricedCartLine } from '../hooks/use-priced-cart';

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

/** A line's total as shown: the unit price shown times the quantity (issue 18: what the shopper can add up). */
export function shownLineTotalCents(line: PricedCartLine, show: (exCents: number) => number): number {
  return show(line.unitPriceCents) * line.quantity;
}

/**
 * Item count, Subtotal and Total of the cart, in $ with 2 decimals (SPEC §2, §9: no shipping or tax), as this
 * shopper sees prices (issue 18): including GST, the Tax row says so instead of adding $0.00.
 */
export function CartTotals({ itemCount, lines, zeroShippingAndTax = false }: CartTotalsProps) {
  const prices = usePriceDisplay();
  const subtotalCents = lines.reduce((sum, l) => sum + shownLineTotalCents(l, prices.show), 0);
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
