import { deliveryChoiceText } from '@store/shared/delivery-rules';
import type { OrderDetail } from '@store/shared/order';
import { amountsOfOrder, breakdownRows } from '@store/shared/order-breakdown';
import { ORDER_NUMBER_LABEL } from '@store/shared/order-constants';
import { orderStatusWords, paymentStatusWords } from '@store/shared/order-status-words';
import { dueDayWords, tradeOrderMeta } from '@store/shared/trade-accounts';
import { useId } from 'react';
import { usePriceDisplay } from '@/hooks/use-price-display';
import { formatOrderDate, paymentMethodLabel } from '@/lib/order-fields';
import { MoneyBreakdown } from '@/components/money-breakdown';
import { OrderLines } from './order-lines';
import { OrderProgress } from './order-progress';
import './order-summary.css';
import { formatPhone } from '@store/shared/phone';

type Row = [label: string, value: string];

/** The customer's own details; the server sends them only to the signed-in owner, otherwise null. */
function customerRows(order: OrderDetail): Row[] {
  const name = [order.f_name, order.l_name].filter((p): p is string => p !== null && p !== '').join(' ');
  const rows: [string, string | null][] = [
    ['Name', name || null],
    ['Email', order.email],
    ['Phone', order.phone === null ? null : formatPhone(order.phone)],
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
 * One order as guest tracking and the order details page show it (SPEC §2): order number, status, date
 * (dd/mm/yyyy), payment method (card shown as Card) and status; Customer Details only when the server sent
 * them; Shipping Details; the Order Items and the order's money as it was charged (issue 34 §2:
 * `amountsOfOrder` of the stored order, `breakdownRows`: subtotal, each discount, delivery, total and GST, as
 * every screen, mail and document shows them), as this shopper sees prices. Statuses are in the shopper's words
 * under the SPEC's headings, with the progress line above (issue 37 §2, `order-status-words.ts`).
 */
export function OrderSummary({ order }: { order: OrderDetail }) {
  const titleId = useId();
  const trade = tradeOrderMeta(order.order_meta);
  const customer = customerRows(order);
  const prices = usePriceDisplay();
  const amounts = amountsOfOrder(order);

  return (
    <article className="order-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="order-summary__title">
        {ORDER_NUMBER_LABEL} {order.invoice_number}
      </h2>

      <OrderProgress order={order} />

      <Facts
        className="order-summary__facts"
        rows={[
          [ORDER_NUMBER_LABEL, order.invoice_number],
          ['Order Status', orderStatusWords(order)],
          ['Date', formatOrderDate(order.created_at)],
          ['Payment Method', paymentMethodLabel(order.payment_method, order.payment_method_type)],
          ['Payment Status', paymentStatusWords(order.payment_status, order.payment_method)],
          // Issue 39: a trade order's purchase order number, and when an order on account is due.
          ...(trade.purchaseOrderNumber
            ? [['Purchase order', trade.purchaseOrderNumber] as [string, string]]
            : []),
          ...(trade.paymentDueDay
            ? [['Payment due', dueDayWords(trade.paymentDueDay)] as [string, string]]
            : []),
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
              // Issue 41: the delivery option as quoted ("Express delivery — Delivered in 1-3 business days").
              ...(order.delivery_option
                ? [
                    [
                      'Delivery',
                      deliveryChoiceText(
                        order.delivery_option,
                        order.delivery_estimate ?? '',
                        order.collect_location ?? null,
                      ),
                    ] as [string, string],
                  ]
                : []),
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
        <OrderLines items={order.order_items} amounts={amounts} display={prices.display} />
        <MoneyBreakdown
          className="order-details__money"
          label="Order totals"
          rows={breakdownRows(amounts, prices.display)}
        />
      </section>
    </article>
  );
}
