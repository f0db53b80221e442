import { PRICE_DISPLAY_LABELS, type PriceDisplay } from '@store/shared/gst-prices';
import { formatCents, parseDecimalToCents } from '@store/shared/money';
import type { OrderItem } from '@store/shared/order';
import { shownLine, type OrderAmounts } from '@store/shared/order-breakdown';
import './order-lines.css';

/** What a line of an order shows: SPEC §3 Order item, money as decimal strings as charged. */
export type OrderLineFields = Pick<OrderItem, 'product_title' | 'quantity' | 'price' | 'qp_subtotal'>;

export interface OrderLinesProps {
  items: readonly OrderLineFields[];
  /** The order's money model (`amountsOfOrder`): GST-inclusive or the SPEC §9 way, and its rate. */
  amounts: Pick<OrderAmounts, 'pricesIncludeGst' | 'gstPercent'>;
  display: PriceDisplay;
}

/** "(inc. GST)", "(ex. GST)" after the price columns' names; none for an order charged no GST. */
export function orderPricesNote(
  amounts: Pick<OrderAmounts, 'pricesIncludeGst' | 'gstPercent'>,
  display: PriceDisplay,
): string {
  if (amounts.gstPercent === 0) return '';
  // An order placed before decision 0046 was priced ex. GST, and is shown as it was charged.
  return ` (${amounts.pricesIncludeGst ? PRICE_DISPLAY_LABELS[display] : PRICE_DISPLAY_LABELS.ex_gst})`;
}

/** A line's unit price and line total as shown (`shownLine`); a figure that is not an amount as received. */
export function shownOrderLine(
  item: OrderLineFields,
  amounts: OrderLinesProps['amounts'],
  display: PriceDisplay,
): { unit: string; line: string; lineCents: number | null } {
  const unit = parseDecimalToCents(item.price);
  const line = parseDecimalToCents(item.qp_subtotal);
  if (unit === null || line === null) {
    return { unit: unit === null ? item.price : formatCents(unit), line: item.qp_subtotal, lineCents: null };
  }
  const shown = shownLine(unit, line, amounts, display);
  return {
    unit: formatCents(shown.unitCents),
    line: formatCents(shown.lineCents),
    lineCents: shown.lineCents,
  };
}

/**
 * An order's items (SPEC §2 Order Items table: Product Name, Quantity, Price, Item Total): the unit price and the
 * line total as charged (`qp_subtotal`, issue 34 §2), as this shopper sees prices (`shownLine`, so the line totals
 * shown add up to the subtotal row under them). A table on wide screens, labelled figures on a phone.
 */
export function OrderLines({ items, amounts, display }: OrderLinesProps) {
  const tax = orderPricesNote(amounts, display);
  return (
    <table className="order-items">
      <thead>
        <tr>
          <th scope="col">Product Name</th>
          <th scope="col" className="order-items__number">
            Quantity
          </th>
          <th scope="col" className="order-items__number">
            Price{tax}
          </th>
          <th scope="col" className="order-items__number">
            Item Total (Discount Included){tax}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => {
          const shown = shownOrderLine(item, amounts, display);
          return (
            <tr key={index}>
              <td className="order-items__name">{item.product_title}</td>
              <td className="order-items__number" data-label="Quantity">
                {item.quantity}
              </td>
              <td className="order-items__number" data-label="Price">
                {shown.unit}
              </td>
              <td className="order-items__number order-items__total" data-label="Item Total">
                {shown.line}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
