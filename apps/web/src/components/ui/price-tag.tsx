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
  /**
   * Issue 39 §2: the price paid is the trade customer's, from this price list: shown as "Trade price", the list's
   * name small, and `originalCents` (the retail price anyone else pays) struck through as "Retail price".
   */
  trade?: { listName: string } | null;
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
  trade = null,
}: PriceTagProps) {
  const Tag = as;
  const classes = ['price-tag', trade ? 'price-tag--trade' : '', className ?? ''].filter(Boolean).join(' ');
  const taxNote = tax && (
    <>
      {' '}
      <span className="price-tag__tax">{tax}</span>
    </>
  );
  if (trade) {
    return (
      <Tag className={classes}>
        <span className="price-tag__caption">Trade price</span>{' '}
        <span className="price-tag__current price-tag__current--trade">{formatCents(currentCents)}</span>
        {taxNote}
        {originalCents !== null && originalCents > currentCents && (
          <>
            {' '}
            <s className="price-tag__original">
              <span className="visually-hidden">Retail price </span>
              {formatCents(originalCents)}
            </s>
          </>
        )}{' '}
        <span className="price-tag__list">{trade.listName}</span>
      </Tag>
    );
  }
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
