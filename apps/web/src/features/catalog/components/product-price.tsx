import { shownSaveLabel } from '@store/shared/gst-prices';
import { PriceTag } from '@/components/ui/price-tag';
import { usePriceDisplay } from '@/hooks/use-price-display';
import type { ProductPricing } from '@/lib/product-pricing';
import './product-price.css';

/**
 * "$87.95 inc. GST", or "$74.76 inc. GST ~~$87.95~~ Save 15%" when discounted; 'N/A' without a price (SPEC §2).
 * Prices as this shopper sees them (issue 18: including GST unless a business member chose ex. GST). A trade
 * customer's price (issue 39 §2, merged in by useTradePriced) shows as "Trade price $61.23 ex. GST ~~$72.68~~ Trade":
 * the retail price anyone pays struck through, and the list's name small.
 */
export function ProductPrice({ pricing }: { pricing: ProductPricing }) {
  const prices = usePriceDisplay();
  const { priceCents, saleCents, discountLabel, trade } = pricing;
  if (priceCents === null || saleCents === null) {
    return <p className="product-price product-price--missing">N/A</p>;
  }
  const list = prices.show(priceCents);
  const sale = prices.show(saleCents);
  if (trade) {
    return (
      <PriceTag
        className="product-price"
        currentCents={prices.show(trade.cents)}
        originalCents={sale}
        tax={prices.label}
        trade={{ listName: trade.listName }}
      />
    );
  }
  return (
    <PriceTag
      className="product-price"
      currentCents={discountLabel === null ? list : sale}
      originalCents={discountLabel === null ? null : list}
      label={shownSaveLabel(discountLabel, list, sale)}
      tax={prices.label}
    />
  );
}

/**
 * The line under the product page's price: the SPEC's "Price in AUD; GST is added at checkout" for prices shown
 * ex. GST, and "Price in AUD, including GST" for prices that include it (issue 18: it already is).
 */
export function ProductTaxNote() {
  const prices = usePriceDisplay();
  return (
    <p className="product-detail__tax">
      {prices.display === 'inc_gst' && prices.gstPercent > 0
        ? `Price in AUD, including ${prices.gstPercent}% GST`
        : 'Price in AUD; GST is added at checkout'}
    </p>
  );
}
