/**
 * The customer's order mails (issue 11): 'received' when an order is placed but its payment is not confirmed
 * yet (3-D Secure, a provider that did not answer), 'confirmed' when its payment is confirmed (at once for
 * most orders, or later by a webhook or reconciliation). Lines, totals with GST and delivery, the invoice
 * number and a link to track the order by its public id. Every amount goes through the shared money helper.
 */
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { priceIncGstCents } from '@store/shared/gst-prices';
import { formatCents } from '@store/shared/money';
import { MailLayout, mailStyles, type MailStore } from './mail-layout';

export interface OrderMailLine {
  title: string;
  sku: string;
  quantity: number;
  unitPriceCents: number;
  lineSubtotalCents: number;
}

export interface OrderMailOrder {
  invoiceNumber: string;
  fName: string;
  subtotalCents: number;
  discountCents: number;
  deliveryChargeCents: number;
  gstCents: number;
  totalCents: number;
  /** The GST percent line prices are shown with (issue 18: including GST); 0 for an order charged no GST. */
  gstPercent: number;
  paymentMethod: string;
  /** Shipping address, one line. */
  shipTo: string;
}

export interface OrderMailProps {
  store: MailStore;
  kind: 'received' | 'confirmed';
  order: OrderMailOrder;
  lines: OrderMailLine[];
  trackUrl: string;
  /** The order's tax invoice PDF (issue 18 §3), once the payment is confirmed: a signed link (decision 0044). */
  taxInvoiceUrl?: string;
  /** How many days the signed link works; after that, Track Order and the order's email. */
  taxInvoiceLinkDays?: number;
}

const cell = { fontSize: '14px', lineHeight: '20px', padding: '6px 0', verticalAlign: 'top' } as const;
const right = { ...cell, textAlign: 'right' } as const;

/** The subject line of an order mail. */
export function orderMailSubject(
  storeName: string,
  kind: OrderMailProps['kind'],
  invoiceNumber: string,
): string {
  return kind === 'confirmed'
    ? `Your ${storeName} order ${invoiceNumber} is confirmed`
    : `We have your ${storeName} order ${invoiceNumber}: payment pending`;
}

/**
 * An order mail. Line prices include GST (issue 18, decision 0035: the single-price rule); the SPEC's breakdown
 * below them is before GST where it says so, then GST and the total charged.
 */
export function OrderMail({
  store,
  kind,
  order,
  lines,
  trackUrl,
  taxInvoiceUrl,
  taxInvoiceLinkDays,
}: OrderMailProps) {
  const g = order.gstPercent;
  const exGst = g > 0 ? ' (ex. GST)' : '';
  const incGst = g > 0 ? ' (inc. GST)' : '';
  const totals: [string, string][] = [
    [`Subtotal${exGst}`, formatCents(order.subtotalCents)],
    ...(order.discountCents > 0
      ? [['Member discounts', `-${formatCents(order.discountCents)}`] as [string, string]]
      : []),
    [`Delivery${exGst}`, order.deliveryChargeCents === 0 ? 'Free' : formatCents(order.deliveryChargeCents)],
    ['GST', formatCents(order.gstCents)],
  ];
  return (
    <MailLayout store={store} preview={orderMailSubject(store.name, kind, order.invoiceNumber)}>
      <Heading as="h1" style={mailStyles.heading}>
        {kind === 'confirmed' ? 'Thank you, your order is confirmed' : 'We have your order'}
      </Heading>
      <Text style={mailStyles.text}>Hello {order.fName},</Text>
      <Text style={mailStyles.text}>
        {kind === 'confirmed'
          ? `We have received your payment for order ${order.invoiceNumber} and are getting it ready.`
          : `Order ${order.invoiceNumber} is placed, but your payment is not confirmed yet. We will email you as soon as it is; nothing is sent until then.`}
      </Text>
      <Section>
        <Row>
          <Column style={{ ...cell, fontWeight: 700 }}>Item</Column>
          <Column style={{ ...right, fontWeight: 700 }}>Qty</Column>
          <Column style={{ ...right, fontWeight: 700 }}>Price{incGst}</Column>
          <Column style={{ ...right, fontWeight: 700 }}>Item total{incGst}</Column>
        </Row>
        {lines.map((line) => (
          <Row key={line.sku}>
            <Column style={cell}>
              {line.title} <span style={{ color: '#4b5563' }}>({line.sku})</span>
            </Column>
            <Column style={right}>{line.quantity}</Column>
            <Column style={right}>{formatCents(priceIncGstCents(line.unitPriceCents, g))}</Column>
            <Column style={right}>
              {formatCents(priceIncGstCents(line.unitPriceCents, g) * line.quantity)}
            </Column>
          </Row>
        ))}
      </Section>
      <Section style={{ marginTop: '8px' }}>
        {totals.map(([label, value]) => (
          <Row key={label}>
            <Column style={cell}>{label}</Column>
            <Column style={right}>{value}</Column>
          </Row>
        ))}
        <Row>
          <Column style={{ ...cell, fontWeight: 700, fontSize: '16px' }}>
            Total (AUD{g > 0 ? ', inc. GST' : ''})
          </Column>
          <Column style={{ ...right, fontWeight: 700, fontSize: '16px' }}>
            {formatCents(order.totalCents)}
          </Column>
        </Row>
      </Section>
      <Text style={mailStyles.text}>Invoice number: {order.invoiceNumber}</Text>
      <Text style={mailStyles.text}>Paying by: {order.paymentMethod === 'Stripe' ? 'Card' : 'PayPal'}</Text>
      <Text style={mailStyles.text}>Delivering to: {order.shipTo}</Text>
      <Button href={trackUrl} style={mailStyles.button}>
        Track your order
      </Button>
      {taxInvoiceUrl ? (
        <Text style={mailStyles.text}>
          <Link href={taxInvoiceUrl}>Download your tax invoice (PDF)</Link>
          {taxInvoiceLinkDays
            ? ` (this link works for ${taxInvoiceLinkDays} days; later, track your order and enter this email address to download it)`
            : null}
        </Text>
      ) : null}
    </MailLayout>
  );
}
