import { formatCents } from '@store/shared/money';
import { useId, type ReactNode } from 'react';
import { ProductImage } from '@/components/ui/product-image';
import { usePriceDisplay } from '@/features/store/hooks/use-price-display';
import type { CheckoutData } from '../checkout-storage';
import './payment-layout.css';

export interface PaymentLayoutProps {
  /** The checkout data the page read when it opened. */
  checkout: CheckoutData;
  /** Heading of the payment panel, e.g. 'Pay by card'. */
  paymentTitle: string;
  /** The payment method's own area: the card form and pay button, or the wallet button. */
  children: ReactNode;
}

/** Billing fields in the SPEC's order (SPEC §2 Payment pages). */
function billingRows(order: CheckoutData['order']): [string, string][] {
  return [
    ['Name', [order.f_name, order.l_name].filter(Boolean).join(' ')],
    ['Email', order.email ?? ''],
    ['Phone', order.phone ?? ''],
    ['Street address', order.street_address ?? ''],
    ['Post code', order.post_code ?? ''],
    ['State', order.state ?? ''],
    ['City', order.city ?? ''],
  ];
}

/**
 * The page both payment methods share (SPEC §2 Payment pages): 'Complete Your Payments' with the grand
 * total (GST included), the items priced as prices are shown (issue 18), then the order summary and the payment method's own area, the items and the billing address.
 * Everything shown comes from the saved checkout data, so it is exactly what the shopper confirmed.
 * On a phone the pay panel comes first (it is first in the DOM, so reading and tab order follow);
 * from 960 px the items and address take the wide column and the pay panel sits beside them.
 */
export function PaymentLayout({ checkout, paymentTitle, children }: PaymentLayoutProps) {
  const { order, items, totals } = checkout;
  // Issue 18: items as prices are shown (including GST); the breakdown's parts before GST say so.
  const prices = usePriceDisplay();
  const exGst = prices.gstPercent > 0 ? ' (ex. GST)' : '';
  const payId = useId();
  const itemsId = useId();
  const billingId = useId();
  const summaryId = useId();

  return (
    <div className="container page payment-page">
      <header className="payment-page__head">
        <h1 className="payment-page__title">Complete Your Payments</h1>
        <p className="payment-page__total">
          <span className="payment-page__total-label">Total{prices.gstPercent > 0 ? ' inc. GST' : ''}</span>{' '}
          <strong className="payment-page__total-amount">{formatCents(totals.totalCents)}</strong>
        </p>
      </header>

      <div className="payment-page__grid">
        <div className="payment-page__pay">
          <section className="payment-panel" aria-labelledby={summaryId}>
            <h2 id={summaryId} className="payment-panel__title">
              Order summary
            </h2>
            <dl className="payment-summary">
              <div>
                <dt>Subtotal{exGst}</dt>
                <dd>{formatCents(totals.subtotalCents)}</dd>
              </div>
              {(totals.signupDiscountCents ?? 0) > 0 && (
                <div>
                  <dt>Signup discount</dt>
                  <dd>−{formatCents(totals.signupDiscountCents ?? 0)}</dd>
                </div>
              )}
              {(totals.membershipDiscountCents ?? 0) > 0 && (
                <div>
                  <dt>Membership discount</dt>
                  <dd>−{formatCents(totals.membershipDiscountCents ?? 0)}</dd>
                </div>
              )}
              <div>
                <dt>Shipping cost{exGst}</dt>
                <dd>{formatCents(totals.deliveryChargeCents)}</dd>
              </div>
              <div>
                <dt>GST</dt>
                <dd>{formatCents(totals.gstCents)}</dd>
              </div>
              <div className="payment-summary__total">
                <dt>Total</dt>
                <dd>{formatCents(totals.totalCents)}</dd>
              </div>
            </dl>
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
                {items.map((item) => (
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
                      {formatCents(prices.show(item.unitPriceCents))}
                    </td>
                    <td className="payment-items__number payment-items__quantity">{item.quantity}</td>
                    <td className="payment-items__number payment-items__line-total">
                      {formatCents(prices.show(item.unitPriceCents) * item.quantity)}
                    </td>
                  </tr>
                ))}
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
