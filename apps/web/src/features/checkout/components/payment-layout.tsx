import { formatCents } from '@store/shared/money';
import { breakdownRows } from '@store/shared/order-breakdown';
import { useId, type ReactNode } from 'react';
import { ProductImage } from '@/components/ui/product-image';
import { MoneyBreakdown } from '@/components/money-breakdown';
import { usePriceDisplay } from '@/hooks/use-price-display';
import type { CheckoutData } from '../checkout-storage';
import './payment-layout.css';
import { formatPhone } from '@store/shared/phone';

export interface PaymentLayoutProps {
  /** The checkout data the page read when it opened. */
  checkout: CheckoutData;
  /** Heading of the payment panel, e.g. 'Choose how to pay'. */
  paymentTitle: string;
  /** The payment method's own area: the card form and pay button, or the wallet button. */
  children: ReactNode;
}

/** Billing fields in the SPEC's order (SPEC §2 Payment pages). */
function billingRows(order: CheckoutData['order']): [string, string][] {
  return [
    ['Name', [order.f_name, order.l_name].filter(Boolean).join(' ')],
    ['Email', order.email ?? ''],
    ['Phone', formatPhone(order.phone ?? '')],
    ['Street address', order.street_address ?? ''],
    ['Post code', order.post_code ?? ''],
    ['State', order.state ?? ''],
    ['City', order.city ?? ''],
  ];
}

/**
 * The page both payment methods share (SPEC §2 Payment pages): 'Complete Your Payments' with the grand
 * total (GST included), the order summary (the checkout's breakdown rows, issue 34 §2) and the payment method's
 * own area, the items priced as this shopper sees prices, and the billing address.
 * Everything shown comes from the saved checkout data, so it is exactly what the shopper confirmed.
 * On a phone the pay panel comes first (it is first in the DOM, so reading and tab order follow);
 * from 960 px the items and address take the wide column and the pay panel sits beside them.
 */
export function PaymentLayout({ checkout, paymentTitle, children }: PaymentLayoutProps) {
  const { order, items, amounts } = checkout;
  const prices = usePriceDisplay();
  const payId = useId();
  const itemsId = useId();
  const billingId = useId();
  const summaryId = useId();

  return (
    <div className="container page payment-page">
      <header className="payment-page__head">
        <h1 className="payment-page__title">Complete Your Payments</h1>
        <p className="payment-page__total">
          <span className="payment-page__total-label">Total{amounts.gstPercent > 0 ? ' inc. GST' : ''}</span>{' '}
          <strong className="payment-page__total-amount">{formatCents(amounts.totalCents)}</strong>
        </p>
      </header>

      <div className="payment-page__grid">
        <div className="payment-page__pay">
          <section className="payment-panel" aria-labelledby={summaryId}>
            <h2 id={summaryId} className="payment-panel__title">
              Order summary
            </h2>
            <MoneyBreakdown rows={breakdownRows(amounts, prices.display)} />
          </section>

          <section className="payment-panel payment-panel--method" aria-labelledby={payId}>
            <h2 id={payId} className="payment-panel__title">
              {paymentTitle}
            </h2>
            {children}
          </section>
        </div>

        <div className="payment-page__details">
          <section className="payment-panel" aria-labelledby={itemsId}>
            <h2 id={itemsId} className="payment-panel__title">
              Items in your order
            </h2>
            <table className="payment-items">
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Image</span>
                  </th>
                  <th scope="col">Product</th>
                  <th scope="col" className="payment-items__number">
                    Price
                  </th>
                  <th scope="col" className="payment-items__number">
                    <span aria-hidden="true">Qty</span>
                    <span className="visually-hidden">Quantity</span>
                  </th>
                  <th scope="col" className="payment-items__number">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => {
                  const shown = prices.showLine(
                    item.unitPriceCents,
                    item.lineCents ?? item.unitPriceCents * item.quantity,
                  );
                  return (
                    <tr key={item.id}>
                      <td className="payment-items__image">
                        <ProductImage
                          src={item.featured_image}
                          image={item.image}
                          alt={item.title}
                          width={64}
                          height={64}
                        />
                      </td>
                      <td className="payment-items__title">{item.title}</td>
                      <td className="payment-items__number payment-items__price">
                        {formatCents(shown.unitCents)}
                      </td>
                      <td className="payment-items__number payment-items__quantity">{item.quantity}</td>
                      <td className="payment-items__number payment-items__line-total">
                        {formatCents(shown.lineCents)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>

          <section className="payment-panel" aria-labelledby={billingId}>
            <h2 id={billingId} className="payment-panel__title">
              Billing address
            </h2>
            <dl className="payment-billing">
              {billingRows(order).map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value || '—'}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
      </div>
    </div>
  );
}
