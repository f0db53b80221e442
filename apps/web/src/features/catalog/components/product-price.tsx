import { PriceTag } from '@/components/ui/price-tag';
import type { ProductPricing } from '../product-pricing';
import './product-price.css';

/** "$79.95", or "$67.96 ~~$79.95~~ Save 15%" when discounted; 'N/A' without a price (SPEC §2). */
export function ProductPrice({ pricing }: { pricing: ProductPricing }) {
  const { priceCents, saleCents, discountLabel } = pricing;
  if (priceCents === null || saleCents === null) {
    return <p className="product-price product-price--missing">N/A</p>;
  }
  return (
    <PriceTag
      className="product-price"
      currentCents={discountLabel === null ? priceCents : saleCents}
      originalCents={discountLabel === null ? null : priceCents}
      label={discountLabel}
    />
  );
}
