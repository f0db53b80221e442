/** The refund notice (issue 12): money from an order is on its way back to the customer's card or wallet. */
import { refundedLineText, refundedShippingText, type RefundedLine } from '@store/shared/refund-lines';
import { BANK_REFUND_TIME } from '@store/shared/store-promises';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { MailLayout, mailStyles, type MailStore } from './mail-layout';

export interface RefundNoticeMailProps {
  store: MailStore;
  fName: string;
  invoiceNumber: string;
  /** What was refunded now, already formatted ('$12.34'). */
  amount: string;
  /** Everything refunded on the order so far, formatted. */
  refundedTotal: string;
  /** 'card' or 'PayPal': where the money goes back to. */
  paidWith: string;
  reason: string;
  /** Issue 36 §3: the lines and delivery charge refunded, as the adjustment note lists them (none: by amount). */
  lines?: readonly RefundedLine[];
  shippingCents?: number;
  /** The return authorisation number ('RA-000123') when the refund settles a return. */
  returnRa?: string | null;
  /** The store's own page for the order. */
  orderUrl: string;
}

/** The subject line of a refund notice. */
export function refundNoticeSubject(storeName: string, invoiceNumber: string): string {
  return `A refund for your ${storeName} order ${invoiceNumber}`;
}

export function RefundNoticeMail(p: RefundNoticeMailProps) {
  return (
    <MailLayout store={p.store} preview={refundNoticeSubject(p.store.name, p.invoiceNumber)}>
      <Heading as="h1" style={mailStyles.heading}>
        We have refunded you
      </Heading>
      <Text style={mailStyles.text}>{`Hello ${p.fName},`}</Text>
      <Text style={mailStyles.text}>
        {`We have refunded ${p.amount} of order ${p.invoiceNumber} to your ${p.paidWith}. Banks usually show a refund within ${BANK_REFUND_TIME}.`}
      </Text>
      {p.returnRa ? (
        <Text style={mailStyles.text}>{`This refund is for your return ${p.returnRa}.`}</Text>
      ) : null}
      {(p.lines?.length ?? 0) > 0 || (p.shippingCents ?? 0) > 0 ? (
        <>
          <Text style={mailStyles.text}>What we refunded:</Text>
          {(p.lines ?? []).map((l, i) => (
            <Text key={i} style={mailStyles.text}>
              {refundedLineText(l)}
            </Text>
          ))}
          {(p.shippingCents ?? 0) > 0 ? (
            <Text style={mailStyles.text}>{refundedShippingText(p.shippingCents ?? 0)}</Text>
          ) : null}
        </>
      ) : null}
      {p.reason ? <Text style={mailStyles.text}>{`Reason: ${p.reason}`}</Text> : null}
      <Text style={mailStyles.muted}>{`Refunded on this order so far: ${p.refundedTotal}.`}</Text>
      <Text style={mailStyles.muted}>{`Your order at ${p.store.name}: ${p.orderUrl}`}</Text>
    </MailLayout>
  );
}
