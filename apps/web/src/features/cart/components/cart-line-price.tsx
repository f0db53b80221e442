import { PriceTag } from '@/components/ui/price-tag';
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
  return (
    <PriceTag
      as="span"
      className="cart-price"
      currentCents={line.unitPriceCents}
      originalCents={line.listPriceCents}
      label={compact ? null : line.discountLabel}
    />
  );
}
