/** A return request, mailed to the store's sales address (SPEC §2 /return-order; issue 11). */
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import type { OrderReturnRequest } from '@store/shared/customer-service';
import { RETURN_REASON_LABELS, returnRequestNumberText } from '@store/shared/shopper-returns';
import { MailLayout, mailStyles, type MailStore } from './mail-layout';

export interface ReturnRequestMailProps {
  store: MailStore;
  request: OrderReturnRequest;
  /** The order it was linked to ('INV-001042'), or null when the order id matched none of the sender's. */
  invoiceNumber: string | null;
  /** The attachment as the customer named it and its size, or null. */
  file: { name: string; bytes: number } | null;
  /** The request's row id (shown as its number, RR-000123). */
  returnId: number;
  /** Issue 37 §3: the order lines the shopper chose (none on the free form). */
  lines?: readonly { product_title: string; sku: string; quantity: number }[];
}

export function ReturnRequestMail({
  store,
  request,
  invoiceNumber,
  file,
  returnId,
  lines = [],
}: ReturnRequestMailProps) {
  const number = returnRequestNumberText(returnId);
  return (
    <MailLayout store={store} preview={`Return request ${number}`}>
      <Heading as="h1" style={mailStyles.heading}>
        Return request {number}
      </Heading>
      <Text style={mailStyles.text}>
        From: {request.f_name} {request.l_name} · {request.email}
        {request.phone ? ` · ${request.phone}` : ''}
      </Text>
      <Text style={mailStyles.text}>
        Order: {request.order_id || 'not given'}
        {invoiceNumber
          ? ` (linked to ${invoiceNumber})`
          : request.order_id
            ? ' (not one of this customer’s orders)'
            : ''}
      </Text>
      {lines.map((l, i) => (
        <Text
          key={i}
          style={mailStyles.text}
        >{`Return ${l.quantity} × ${l.product_title} (SKU ${l.sku})`}</Text>
      ))}
      {request.reason ? (
        <Text style={mailStyles.text}>Reason: {RETURN_REASON_LABELS[request.reason]}</Text>
      ) : null}
      {request.subject ? <Text style={mailStyles.text}>Subject: {request.subject}</Text> : null}
      {request.message ? (
        <Text style={{ ...mailStyles.text, whiteSpace: 'pre-wrap' }}>{request.message}</Text>
      ) : null}
      <Text style={mailStyles.muted}>
        {file
          ? `Attachment: ${file.name} (${Math.ceil(file.bytes / 1024)} KB), kept with return request ${number}.`
          : 'No attachment.'}
      </Text>
    </MailLayout>
  );
}
