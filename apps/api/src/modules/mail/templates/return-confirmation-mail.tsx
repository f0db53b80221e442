/**
 * The customer's copy of their return request (issue 37 §3, decision 0057): the request's number, the order, the
 * items and reason chosen, and what happens next (`returnNextSteps`, the same list as the confirmation page).
 */
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { RETURN_REASON_LABELS, returnNextSteps } from '@store/shared/shopper-returns';
import type { OrderReturnAnswer } from '@store/shared/shopper-returns';
import { MailLayout, mailStyles, type MailStore } from './mail-layout';

export interface ReturnConfirmationMailProps {
  store: MailStore;
  fName: string;
  /** What the confirmation page shows: number, order, lines and reason. */
  request: OrderReturnAnswer['data'];
}

/** "Brake Co: we have your return request RR-000123". */
export function returnConfirmationSubject(storeName: string, number: string): string {
  return `${storeName}: we have your return request ${number}`;
}

export function ReturnConfirmationMail({ store, fName, request }: ReturnConfirmationMailProps) {
  const subject = returnConfirmationSubject(store.name, request.number);
  return (
    <MailLayout store={store} preview={subject}>
      <Heading as="h1" style={mailStyles.heading}>
        Return request {request.number}
      </Heading>
      <Text style={mailStyles.text}>{`Hello ${fName || 'there'},`}</Text>
      <Text style={mailStyles.text}>
        {`We have your return request ${request.number}${request.invoice_number ? ` for order ${request.invoice_number}` : ''}. Please keep this number: it is on everything we send you about this return.`}
      </Text>
      {request.lines.length > 0 ? (
        <>
          <Text style={mailStyles.text}>Items to return:</Text>
          {request.lines.map((l, i) => (
            <Text key={i} style={mailStyles.text}>{`${l.quantity} × ${l.product_title} (SKU ${l.sku})`}</Text>
          ))}
        </>
      ) : null}
      {request.reason ? (
        <Text style={mailStyles.text}>{`Reason: ${RETURN_REASON_LABELS[request.reason]}`}</Text>
      ) : null}
      <Text style={mailStyles.text}>What happens next:</Text>
      {returnNextSteps(store.promises).map((line, i) => (
        <Text key={i} style={mailStyles.text}>{`${i + 1}. ${line}`}</Text>
      ))}
      <Text style={mailStyles.muted}>
        {`Questions? Reply to this email or use the contact form at ${store.baseUrl}/contact-us.`}
      </Text>
    </MailLayout>
  );
}
