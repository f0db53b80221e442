import { formatCents } from '@store/shared/money';
import './price-tag.css';

export interface PriceTagProps {
  /** The price paid, cents. */
  currentCents: number;
  /** The price before the discount, cents; struck through when above the current price. */
  originalCents?: number | null;
  /** 'Save 15%' / 'Save $10' (SPEC §4), shown after the prices when given. */
  label?: string | null;
  /** What the prices include: "inc. GST" / "ex. GST" (issue 18 §1), after the price paid; none when ''. */
  tax?: string;
  as?: 'p' | 'span';
  className?: string;
}

/**
 * A price as the shop shows it everywhere (SPEC §2, §4, §9): "$79.95 inc. GST", or "$67.96 inc. GST ~~$79.95~~
 * Save 15%" when discounted (amounts as shown: the caller turns them GST-inclusive, issue 18), with the struck price named for screen readers. Product cards, the product page and cart lines
 * size it through their own class.
 */
export function PriceTag({
  currentCents,
  originalCents = null,
  label = null,
  tax = '',
  as = 'p',
  className,
}: PriceTagProps) {
  const Tag = as;
  const classes = className ? `price-tag ${className}` : 'price-tag';
  const taxNote = tax && (
    <>
      {' '}
      <span className="price-tag__tax">{tax}</span>
    </>
  );
  if (originalCents === null || originalCents <= currentCents) {
    return (
      <Tag className={classes}>
        <span className="price-tag__current">{formatCents(currentCents)}</span>
        {taxNote}
      </Tag>
    );
  }
  return (
    <Tag className={classes}>
      <span className="price-tag__current price-tag__current--sale">
        <span className="visually-hidden">Sale price </span>
        {formatCents(currentCents)}
      </span>
      {taxNote}{' '}
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
