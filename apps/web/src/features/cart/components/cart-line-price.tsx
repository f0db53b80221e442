import { shownSaveLabel } from '@store/shared/gst-prices';
import { PriceTag } from '@/components/ui/price-tag';
import { usePriceDisplay } from '@/hooks/use-price-display';
import type { PricedCartLine } from '@/hooks/use-priced-cart';

export interface CartLinePriceProps {
  line: PricedCartLine;
  /** The sidebar's smaller form: the price, and the original struck through, without the label. */
  compact?: boolean;
}

/**
 * A line's unit price (SPEC §2 Cart page): the price paid, and when discounted the original price struck
 * through with the discount label ('Save 15%' / 'Save $10', SPEC §4). Amounts in $ with 2 decimals (§9), as this
 * shopper sees them (issue 18: including GST unless a business member chose ex. GST). A trade customer's line
 * (issue 39) reads "Trade price", its list's name small, with the retail price struck through.
 */
export function CartLinePrice({ line, compact = false }: CartLinePriceProps) {
  const prices = usePriceDisplay();
  const unit = prices.show(line.unitPriceCents);
  const list = prices.show(line.listPriceCents);
  return (
    <PriceTag
      as="span"
      className="cart-price"
      currentCents={unit}
      originalCents={list}
      label={compact ? null : shownSaveLabel(line.discountLabel, list, unit)}
      tax={compact ? '' : prices.label}
      trade={line.tradeListName === null ? null : { listName: line.tradeListName }}
    />
  );
}
