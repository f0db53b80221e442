import { guestTrackOrderPath, memberTrackOrderPath, PAGES } from '@store/shared/paths';
import { formatCents, parseDecimalToCents } from '@store/shared/money';
import type { OrderDetail } from '@store/shared/order';
import { amountsOfOrder, breakdownRows, type OrderMoneyFields } from '@store/shared/order-breakdown';
import { ORDER_NUMBER_LABEL } from '@store/shared/order-constants';
import type { OrderConfirmationResponse } from '@store/shared/order-confirmation';
import { orderStatusWords } from '@store/shared/order-status-words';
import { featuredProductImage } from '@store/shared/product-image';
import { deliveryEstimateSentence } from '@store/shared/store-promises';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { usePriceDisplay } from '@/hooks/use-price-display';
import { useStorePromises } from '@/hooks/use-store-promises';
import { MoneyBreakdown } from '@/components/money-breakdown';
import { ProductImage } from '@/components/ui/product-image';
import { cartProductsQueryOptions } from '@/lib/api/get-cart-products';
import { AccountFromOrder } from './account-from-order';
import { orderPricesNote, shownOrderLine, type OrderLineFields } from './order-lines';
import './order-confirmation.css';

export interface ConfirmedOrder {
  /** Public order id, the one guest tracking asks for. */
  id: string;
  invoice_number: string;
  totalCents: number;
  /** The tax invoice, signed for a day for whoever placed the order (decision 0044); absent while unpaid. */
  taxInvoiceUrl?: string;
  /** The order's money as place-order answered it (the stored record); absent: only the total is shown. */
  money?: OrderMoneyFields;
  /** The order's lines as charged. */
  items?: readonly OrderLineFields[];
}

/** A line as the thank-you page shows it: with its product, for the picture (absent in a tab's older copy). */
type ConfirmedLine = OrderLineFields & { product_id?: number | null };

/**
 * The order's items (picture, title, quantity, line total) and money as charged (issue 34 §2, issue 37 §1): the
 * lines as the order pages show them (`shownOrderLine`) and the one breakdown (`breakdownRows`), as this shopper
 * sees prices. Pictures are the products' as the catalog has them now; a product no longer sold shows none.
 */
function ConfirmedMoney({ money, items }: { money: OrderMoneyFields; items: readonly ConfirmedLine[] }) {
  const prices = usePriceDisplay();
  const amounts = amountsOfOrder(money);
  const ids = items.flatMap((i) => (typeof i.product_id === 'number' ? [i.product_id] : []));
  const products = useQuery(cartProductsQueryOptions(ids)).data ?? [];
  const tax = orderPricesNote(amounts, prices.display);
  return (
    <section className="order-confirmation__money" aria-labelledby="order-confirmation-money">
      <h2 id="order-confirmation-money" className="order-confirmation__panel-title">
        Your order
      </h2>
      <ul className="order-confirmation__lines">
        {items.map((item, index) => {
          const product = products.find((p) => p.id === item.product_id);
          const shown = shownOrderLine(item, amounts, prices.display);
          return (
            <li key={index} className="order-confirmation__line">
              <ProductImage
                className="order-confirmation__line-image"
                src={product?.featured_image ?? null}
                image={product ? featuredProductImage(product) : null}
                alt=""
                width={64}
                height={64}
              />
              <p className="order-confirmation__line-title">{item.product_title}</p>
              <p className="order-confirmation__line-quantity">
                Qty {item.quantity} × {shown.unit}
              </p>
              <p className="order-confirmation__line-total">
                <span className="visually-hidden">Item total{tax}: </span>
                {shown.line}
              </p>
            </li>
          );
        })}
      </ul>
      <MoneyBreakdown label="Order totals" rows={breakdownRows(amounts, prices.display)} />
    </section>
  );
}

/** A parcel with a tick: the order is in. Decorative; the heading says it in words. */
function ConfirmationImage() {
  return (
    <svg
      className="order-confirmation__image"
      viewBox="0 0 160 120"
      width="160"
      height="120"
      aria-hidden="true"
      focusable="false"
    >
      <ellipse cx="80" cy="108" rx="54" ry="7" fill="#e2e6ec" />
      <path d="M34 44 80 26l46 18v50L80 112 34 94z" fill="#f6d7b8" />
      <path d="M34 44 80 62v50L34 94z" fill="#e9b888" />
      <path d="M80 62l46-18v50L80 112z" fill="#f1c79d" />
      <path d="M34 44 80 26l46 18-46 18z" fill="#fbe6cf" />
      <path d="M57 35l46 18v14l-10 4V57L47 39z" fill="#c9874b" opacity="0.55" />
      <circle cx="118" cy="34" r="26" fill="#1f8a4c" />
      <circle cx="118" cy="34" r="26" fill="none" stroke="#fff" strokeWidth="4" />
      <path
        d="M106 34.5l8 8 16-17"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export interface OrderConfirmationProps {
  /** The order this tab placed (session storage), or null. */
  order: ConfirmedOrder | null;
  /** The order as the server answers it now (decision 0056), once it has; the page then shows its figures. */
  confirmation?: OrderConfirmationResponse | undefined;
  /** The order's pass, for "Create an account with this order". */
  pass?: string | undefined;
  /** Runs once a new account is signed in (the garage's merge, as sign-in does). */
  afterSignIn?: (queryClient: QueryClient) => Promise<void>;
  /** A new account was made from the order: read it again. */
  onAccountCreated?: () => void;
}

/** The tab's copy of the order in the server's shape where they overlap, for the parts both can show. */
function linesOf(
  order: ConfirmedOrder,
  server: OrderDetail | undefined,
): readonly ConfirmedLine[] | undefined {
  return server?.order_items ?? order.items;
}

/**
 * The thank-you page's content (SPEC §2 /thank-you: a confirmation image after an order; issue 37 §1). With the
 * order just placed: its number, status in words and total; "We've emailed a confirmation to …"; the store's
 * delivery estimate; its items with pictures and the breakdown of what was charged; the delivery address; a link
 * that tracks it; and for a guest, "Create an account with this order" (or sign in, when the email has an
 * account). The server's answer (`confirmation`) fills in what the tab does not keep (address, email, status), so
 * a reload shows the same page. Without an order (a later visit, another tab): a plain thank-you with the ways on.
 */
export function OrderConfirmation({
  order,
  confirmation,
  pass,
  afterSignIn = () => Promise.resolve(),
  onAccountCreated = () => undefined,
}: OrderConfirmationProps) {
  const promises = useStorePromises();
  const server = confirmation?.data;
  const money = server ?? order?.money;
  const items = order ? linesOf(order, server) : undefined;
  const totalCents = (server && parseDecimalToCents(server.total_amount)) ?? order?.totalCents ?? null;
  const name = server ? [server.f_name, server.l_name].filter(Boolean).join(' ') : '';
  const trackPath = !order
    ? PAGES.guestTrackOrder.path
    : confirmation?.account === 'owner'
      ? memberTrackOrderPath(order.id)
      : guestTrackOrderPath(order.id);
  return (
    <div className="container page order-confirmation">
      <ConfirmationImage />
      <h1 className="order-confirmation__title">Thank you for your order!</h1>
      {order ? (
        <>
          <p className="order-confirmation__lead">
            {server?.email ? (
              <>
                We&apos;ve emailed a confirmation to <strong>{server.email}</strong>.{' '}
              </>
            ) : (
              'We have received your order. '
            )}
            {/* Issue 34 §6: the order number (with the order's email) is what finds an order on Track Order. */}
            Keep your order number: with your email address, it tracks your order any time.
          </p>
          <dl className="order-confirmation__facts">
            <div>
              <dt>{ORDER_NUMBER_LABEL}</dt>
              <dd>{order.invoice_number}</dd>
            </div>
            {server && (
              <div>
                <dt>Status</dt>
                <dd>{orderStatusWords(server)}</dd>
              </div>
            )}
            {totalCents !== null && (
              <div>
                <dt>Total (inc. GST)</dt>
                <dd>{formatCents(totalCents)}</dd>
              </div>
            )}
          </dl>
          {server?.delivery_option_name && server.delivery_estimate ? (
            // Issue 41: the option chosen and its estimate as quoted when the order was placed.
            <p className="order-confirmation__estimate">
              <strong>{server.delivery_option_name}:</strong> {server.delivery_estimate}
            </p>
          ) : (
            promises && (
              <p className="order-confirmation__estimate">
                <strong>Expected delivery:</strong> {deliveryEstimateSentence(promises)}
              </p>
            )
          )}
          {money && items && <ConfirmedMoney money={money} items={items} />}
          {server?.collect_location && (
            <section className="order-confirmation__panel" aria-labelledby="order-confirmation-address">
              <h2 id="order-confirmation-address" className="order-confirmation__panel-title">
                Collect from
              </h2>
              <address className="order-confirmation__address">
                {server.collect_location.name}
                <br />
                {server.collect_location.address}
                {server.collect_location.hours && (
                  <>
                    <br />
                    {server.collect_location.hours}
                  </>
                )}
              </address>
            </section>
          )}
          {server && !server.collect_location && (
            <section className="order-confirmation__panel" aria-labelledby="order-confirmation-address">
              <h2 id="order-confirmation-address" className="order-confirmation__panel-title">
                Delivering to
              </h2>
              <address className="order-confirmation__address">
                {name && (
                  <>
                    {name}
                    <br />
                  </>
                )}
                {server.street_address}
                <br />
                {[server.city, server.state, server.post_code].filter(Boolean).join(' ')}
              </address>
            </section>
          )}
          {server?.email && confirmation && (
            <AccountFromOrder
              orderId={order.id}
              pass={pass}
              email={server.email}
              account={confirmation.account}
              afterSignIn={afterSignIn}
              onCreated={onAccountCreated}
            />
          )}
        </>
      ) : (
        <p className="order-confirmation__lead">
          Your order is with us. You can track it any time with the order number and email address from your
          confirmation.
        </p>
      )}
      <div className="order-confirmation__actions">
        <Link className="button" to={trackPath}>
          Track your order
        </Link>
        {order?.taxInvoiceUrl && (
          // Issue 18 §3: the order's tax invoice (PDF), issued once its payment is received.
          <a className="button order-confirmation__secondary" href={order.taxInvoiceUrl} download>
            Download tax invoice
          </a>
        )}
        <Link className="button order-confirmation__secondary" to="/">
          Continue shopping
        </Link>
      </div>
    </div>
  );
}
