import { formatCents } from '@store/shared/money';

export interface CartTotalsProps {
  itemCount: number;
  /** Sum of the line totals, cents. */
  subtotalCents: number;
  /**
   * The sidebar's form (SPEC §2 Cart sidebar: 'adds 0 for shipping and tax'): Shipping and Tax rows of $0.00
   * between Subtotal and Total. The cart page shows neither (SPEC §2 Cart page).
   */
  zeroShippingAndTax?: boolean;
}

/** Item count, Subtotal and Total of the cart, in $ with 2 decimals (SPEC §2, §9: no shipping or tax). */
export function CartTotals({ itemCount, subtotalCents, zeroShippingAndTax = false }: CartTotalsProps) {
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
            <dd>{formatCents(0)}</dd>
          </div>
        </>
      )}
      <div className="cart-totals__row cart-totals__row--total">
        <dt>Total</dt>
        <dd>{formatCents(subtotalCents)}</dd>
      </div>
    </dl>
  );
}
