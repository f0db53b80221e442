import { formatCents } from '@store/shared/money';
import type { ProductPricing } from '../product-pricing';
import './product-price.css';

/** "$79.95", or "$67.96 ~~$79.95~~ Save 15%" when discounted. */
export function ProductPrice({ pricing }: { pricing: ProductPricing }) {
  const { priceCents, saleCents, discountLabel } = pricing;
  if (priceCents === null || saleCents === null) {
    return <p className="product-price product-price--missing">N/A</p>;
  }
  if (discountLabel === null) {
    return (
      <p className="product-price">
        <span className="product-price__current">{formatCents(priceCents)}</span>
      </p>
    );
  }
  return (
    <p className="product-price">
      <span className="product-price__current product-price__current--sale">
        <span className="visually-hidden">Sale price </span>
        {formatCents(saleCents)}
      </span>{' '}
      <s className="product-price__original">
        <span className="visually-hidden">Original price </span>
        {formatCents(priceCents)}
      </s>{' '}
      <span className="product-price__save">{discountLabel}</span>
    </p>
  );
}
