import { formatCents } from '@store/shared/money';
import type { PricedCartLine } from '../hooks/use-priced-cart';

export interface CartLinePriceProps {
  line: PricedCartLine;
  /** The sidebar's smaller form: the price, and the original struck through, without the label. */
  compact?: boolean;
}

/**
 * A line's unit price (SPEC §2 Cart page): the price paid, and when discounted the original price struck
 * through with the discount label ('Save 15%' / 'Save $10', SPEC §4). Amounts in $ with 2 decimals (§9).
 */
export function CartLinePrice({ line, compact = false }: CartLinePriceProps) {
  const { unitPriceCents, listPriceCents, discountLabel } = line;
  if (listPriceCents <= unitPriceCents) {
    return (
      <span className="cart-price">
        <span className="cart-price__current">{formatCents(unitPriceCents)}</span>
      </span>
    );
  }
  return (
    <span className="cart-price">
      <span className="cart-price__current cart-price__current--sale">
        <span className="visually-hidden">Sale price </span>
        {formatCents(unitPriceCents)}
      </span>{' '}
      <s className="cart-price__original">
        <span className="visually-hidden">Original price </span>
        {formatCents(listPriceCents)}
      </s>
      {!compact && discountLabel && (
        <>
          {' '}
          <span className="cart-price__save">{discountLabel}</span>
        </>
      )}
    </span>
  );
}
