import { formatCents } from '@store/shared/money';
import './price-tag.css';

export interface PriceTagProps {
  /** The price paid, cents. */
  currentCents: number;
  /** The price before the discount, cents; struck through when above the current price. */
  originalCents?: number | null;
  /** 'Save 15%' / 'Save $10' (SPEC §4), shown after the prices when given. */
  label?: string | null;
  as?: 'p' | 'span';
  className?: string;
}

/**
 * A price as the shop shows it everywhere (SPEC §2, §4, §9): "$79.95", or "$67.96 ~~$79.95~~ Save 15%" when
 * discounted, with the struck price named for screen readers. Product cards, the product page and cart lines
 * size it through their own class.
 */
export function PriceTag({
  currentCents,
  originalCents = null,
  label = null,
  as = 'p',
  className,
}: PriceTagProps) {
  const Tag = as;
  const classes = className ? `price-tag ${className}` : 'price-tag';
  if (originalCents === null || originalCents <= currentCents) {
    return (
      <Tag className={classes}>
        <span className="price-tag__current">{formatCents(currentCents)}</span>
      </Tag>
    );
  }
  return (
    <Tag className={classes}>
      <span className="price-tag__current price-tag__current--sale">
        <span className="visually-hidden">Sale price </span>
        {formatCents(currentCents)}
      </span>{' '}
      <s className="price-tag__original">
        <span className="visually-hidden">Original price </span>
        {formatCents(originalCents)}
      </s>
      {label && (
        <>
          {' '}
          <span className="price-tag__save">{label}</span>
        </>
      )}
    </Tag>
  );
}
