import type { OrderDetail } from '@store/shared/order';
import { useId } from 'react';
import { shownPriceCents } from '@store/shared/gst-prices';
import { usePriceDisplay } from '@/features/store/hooks/use-price-display';
import { formatOrderDate, formatOrderMoney, formatOrderPrice, paymentMethodLabel } from '../order-fields';
import './order-summary.css';

type Row = [label: string, value: string];

/** The customer's own details; the server sends them only to the signed-in owner, otherwise null. */
function customerRows(order: OrderDetail): Row[] {
  const name = [order.f_name, order.l_name].filter((p): p is string => p !== null && p !== '').join(' ');
  const rows: [string, string | null][] = [
    ['Name', name || null],
    ['Email', order.email],
    ['Phone', order.phone],
  ];
  return rows.filter((r): r is Row => r[1] !== null && r[1] !== '');
}

function Facts({ rows, className }: { rows: Row[]; className: string }) {
  return (
    <dl className={className}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One order as guest tracking and the order details page show it (SPEC §2): invoice number, status, date
 * (dd/mm/yyyy), payment method (card shown as Card) and status; Customer Details only when the server sent
 * them; Shipping Details; the Order Items table, its prices as prices are shown (issue 18: including GST at the
 * store's rate, none for an order charged no GST); Subtotal and Shipping before GST, GST and Total Amount.
 * Statuses are shown as received (SPEC §3).
 */
export function OrderSummary({ order }: { order: OrderDetail }) {
  const titleId = useId();
  const customer = customerRows(order);
  const prices = usePriceDisplay();
  const chargedGst = (parseFloat(order.totalGst) || 0) > 0;
  const show = (cents: number) => shownPriceCents(cents, prices.display, chargedGst ? prices.gstPercent : 0);
  const tax = chargedGst ? ` (${prices.label})` : '';
  const exGst = chargedGst ? ' (ex. GST)' : '';

  return (
    <article className="order-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="order-summary__title">
        Order {order.invoice_number}
      </h2>

      <Facts
        className="order-summary__facts"
        rows={[
          ['Invoice number', order.invoice_number],
          ['Order Status', order.status],
          ['Date', formatOrderDate(order.created_at)],
          ['Payment Method', paymentMethodLabel(order.payment_method)],
          ['Payment Status', order.payment_status],
        ]}
      />

      <div className="order-summary__people">
        {customer.length > 0 && (
          <section className="order-summary__block">
            <h3>Customer Details</h3>
            <Facts className="order-summary__list" rows={customer} />
          </section>
        )}
        <section className="order-summary__block">
          <h3>Shipping Details</h3>
          <Facts
            className="order-summary__list"
            rows={[
              ['Address', order.address],
              ['Street address', order.street_address],
              ['City', order.city],
              ['State', order.state],
              ['Post code', order.post_code],
            ]}
          />
        </section>
      </div>

      <section className="order-summary__block">
        <h3>Order Items</h3>
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
            {order.order_items.map((item) => (
              <tr key={item.id}>
                <td className="order-items__name">{item.product_title}</td>
                <td className="order-items__number" data-label="Quantity">
                  {item.quantity}
                </td>
                <td className="order-items__number" data-label="Price">
                  {formatOrderPrice(item.price, show)}
                </td>
                <td className="order-items__number order-items__total" data-label="Item Total">
                  {formatOrderPrice(item.price, show, item.quantity)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>

        <Facts
          className="order-summary__totals"
          rows={[
            [`Subtotal${exGst}`, formatOrderMoney(order.subTotal)],
            [`Shipping${exGst}`, formatOrderMoney(order.delivery_charges)],
            ['GST', formatOrderMoney(order.totalGst)],
            ['Total Amount', formatOrderMoney(order.total_amount)],
          ]}
        />
      </section>
    </article>
  );
}
