/**
 * The customer's order mails (issue 11): 'received' when an order is placed but its payment is not confirmed
 * yet (3-D Secure, a provider that did not answer), 'confirmed' when its payment is confirmed (at once for
 * most orders, or later by a webhook or reconciliation). Lines, totals with GST and delivery, the order
 * number and a link to track the order by its public id. Every figure comes from the stored order, laid out by the
 * shared breakdown (issue 34 §2), so the mail adds up exactly as the checkout, the order page and the tax invoice do.
 * Issue 37 §3: one column that reads on a 390 px phone (each item's name, then "2 × $115.45" under it and its total
 * on the right; never four figures side by side), the order's status in the shopper's words, the shop's colours.
 */
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { ORDER_NUMBER_LABEL, PAYMENT_METHOD_ACCOUNT } from '@store/shared/order-constants';
import { dueDayWords } from '@store/shared/trade-accounts';
import { paymentMethodName } from '@store/shared/payment-method-rules';
import { orderStatusWords } from '@store/shared/order-status-words';
import { BRAND_COLOURS as C } from '@store/shared/brand-colours';
import { breakdownRows, shownLine, type OrderAmounts } from '@store/shared/order-breakdown';
import { formatCents } from '@store/shared/money';
import { deliveryEstimateSentence, returnsSentence } from '@store/shared/store-promises';
import { MailLayout, mailStyles, type MailStore } from './mail-layout';

export interface OrderMailLine {
  title: string;
  sku: string;
  quantity: number;
  unitPriceCents: number;
  lineSubtotalCents: number;
}

export interface OrderMailOrder {
  /** The order number (`INV-001001`), the one people use (issue 34 §6). */
  invoiceNumber: string;
  fName: string;
  /** The order's money as stored (`orderAmountsOfRow`): the mail shows these figures and no others. */
  amounts: OrderAmounts;
  paymentMethod: string;
  /** Issue 40: how the card provider was paid ('afterpay_clearpay', 'apple_pay', …; null: a card), for its name. */
  paymentMethodType?: string | null;
  /** Issue 39: the buyer's purchase order number, and the day an order on account is due (YYYY-MM-DD). */
  purchaseOrderNumber?: string | null;
  paymentDueDay?: string | null;
  /** Shipping address, one line. */
  shipTo: string;
  /**
   * Issue 41: the delivery option on one line (`deliveryChoiceText`): "Express delivery — Delivered in 1-3 business
   * days", "Click & collect — Guildford warehouse, 3 Example Rd, Guildford NSW 2161"; absent on older orders.
   */
  deliveryText?: string;
  /** Issue 41: true for click & collect (no "Delivering to" line). */
  collect?: boolean;
  /** The stored statuses (SPEC §4), shown in the shopper's words (`orderStatusWords`, issue 37 §2). */
  status: string;
  paymentStatus: string;
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

const cell = { fontSize: '14px', lineHeight: '20px', padding: '10px 0', verticalAlign: 'top' } as const;
const right = { ...cell, textAlign: 'right', whiteSpace: 'nowrap', paddingLeft: '12px' } as const;
const ruled = { borderBottom: `1px solid ${C.line}` } as const;
const small = { fontSize: '13px', lineHeight: '18px', color: C.inkMuted, margin: '2px 0 0' } as const;
const label = { ...cell, padding: '4px 0' } as const;
const figure = { ...right, padding: '4px 0 4px 12px' } as const;

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
 * An order mail: the lines as charged (GST-inclusive for every order since decision 0046; ex. GST for older ones,
 * as they were charged), then the breakdown's rows (subtotal, discounts, delivery, total, GST included) from
 * `breakdownRows`, the same rows every page and document shows.
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
  const a = order.amounts;
  const gstNote = a.gstPercent > 0 ? (a.pricesIncludeGst ? ' (inc. GST)' : ' (ex. GST)') : '';
  const rows = breakdownRows(a, 'inc_gst');
  const status = orderStatusWords({
    status: order.status,
    payment_status: order.paymentStatus,
    payment_method: order.paymentMethod,
  });
  const onAccount = order.paymentMethod === PAYMENT_METHOD_ACCOUNT;
  const due = order.paymentDueDay ? dueDayWords(order.paymentDueDay) : null;
  return (
    <MailLayout store={store} preview={orderMailSubject(store.name, kind, order.invoiceNumber)}>
      <Heading as="h1" style={mailStyles.heading}>
        {kind === 'confirmed' ? 'Thank you, your order is confirmed' : 'We have your order'}
      </Heading>
      <Text style={mailStyles.text}>Hello {order.fName},</Text>
      <Text style={mailStyles.text}>
        {kind === 'confirmed' && onAccount
          ? `Order ${order.invoiceNumber} is confirmed and charged to your trade account${due ? `, due by ${due}` : ''}. We are getting it ready.`
          : kind === 'confirmed'
            ? `We have received your payment for order ${order.invoiceNumber} and are getting it ready.`
            : `Order ${order.invoiceNumber} is placed, but your payment is not confirmed yet. We will email you as soon as it is; nothing is sent until then.`}
      </Text>
      <Text style={mailStyles.text}>
        {ORDER_NUMBER_LABEL}: <strong>{order.invoiceNumber}</strong>
        <br />
        {order.purchaseOrderNumber ? (
          <>
            Purchase order: <strong>{order.purchaseOrderNumber}</strong>
            <br />
          </>
        ) : null}
        Status: <strong>{status}</strong>
      </Text>
      {kind === 'confirmed' ? (
        <Text style={mailStyles.text}>{deliveryEstimateSentence(store.promises)}</Text>
      ) : null}
      <Button href={trackUrl} style={mailStyles.button}>
        Track your order
      </Button>

      <Heading as="h2" style={mailStyles.subheading}>
        Your order
      </Heading>
      <Section>
        <Row style={ruled}>
          <Column style={{ ...cell, ...small, fontWeight: 700 }}>Item</Column>
          <Column style={{ ...right, ...small, fontWeight: 700 }}>Item total{gstNote}</Column>
        </Row>
        {lines.map((line) => {
          const shown = shownLine(line.unitPriceCents, line.lineSubtotalCents, a, 'inc_gst');
          return (
            <Row key={line.sku} style={ruled}>
              <Column style={cell}>
                <strong>{line.title}</strong>
                <Text style={small}>
                  {line.quantity} × {formatCents(shown.unitCents)} · SKU {line.sku}
                </Text>
              </Column>
              <Column style={right}>{formatCents(shown.lineCents)}</Column>
            </Row>
          );
        })}
      </Section>
      <Section style={{ marginTop: '8px' }}>
        {rows.map((row) => {
          const strong = row.key === 'total';
          const style = strong ? { fontWeight: 700, fontSize: '16px', color: C.brand } : {};
          return (
            <Row key={row.key}>
              <Column style={{ ...label, ...style }}>{row.label}</Column>
              <Column style={{ ...figure, ...style }}>{row.text}</Column>
            </Row>
          );
        })}
      </Section>

      <Heading as="h2" style={mailStyles.subheading}>
        Delivery
      </Heading>
      {order.deliveryText ? <Text style={mailStyles.text}>{order.deliveryText}</Text> : null}
      {order.collect ? null : <Text style={mailStyles.text}>Delivering to: {order.shipTo}</Text>}
      <Text style={mailStyles.text}>
        Paying by:{' '}
        {onAccount
          ? `Trade account${due ? ` (due by ${due})` : ''}`
          : paymentMethodName(order.paymentMethod, order.paymentMethodType)}
      </Text>
      {kind === 'confirmed' ? <Text style={mailStyles.text}>{returnsSentence(store.promises)}</Text> : null}
      {taxInvoiceUrl ? (
        <Text style={mailStyles.text}>
          <Link href={taxInvoiceUrl} style={mailStyles.link}>
            Download your tax invoice (PDF)
          </Link>
          {taxInvoiceLinkDays
            ? ` (this link works for ${taxInvoiceLinkDays} days; later, track your order and enter this email address to download it)`
            : null}
        </Text>
      ) : null}
    </MailLayout>
  );
}
