/**
 * The back office's answer to a return request (issue 12), mailed to the customer: approved (with the refund
 * amount, or no refund) or rejected (with the staff member's reason).
 */
import { BANK_REFUND_TIME } from '@store/shared/store-promises';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { MailLayout, mailStyles, type MailStore } from './mail-layout';

export type ReturnDecisionMailProps =
  | {
      store: MailStore;
      decision: 'approved';
      fName: string;
      returnId: number;
      /** The linked order's invoice number, when the request was linked to one. */
      invoiceNumber: string | null;
      /** As shown, e.g. '$12.34'; null for an approval without a refund. */
      refund: string | null;
      note: string;
    }
  | {
      store: MailStore;
      decision: 'rejected';
      fName: string;
      returnId: number;
      invoiceNumber: string | null;
      reason: string;
    };

/** The subject line: 'Your return request #12 is approved' / 'is not approved'. */
export function returnDecisionSubject(
  storeName: string,
  returnId: number,
  decision: 'approved' | 'rejected',
) {
  return `${storeName}: your return request #${returnId} ${decision === 'approved' ? 'is approved' : 'is not approved'}`;
}

export function ReturnDecisionMail(p: ReturnDecisionMailProps) {
  const subject = returnDecisionSubject(p.store.name, p.returnId, p.decision);
  const forOrder = p.invoiceNumber ? ` for order ${p.invoiceNumber}` : '';
  return (
    <MailLayout store={p.store} preview={subject}>
      <Heading as="h1" style={mailStyles.heading}>
        {p.decision === 'approved' ? 'Your return is approved' : 'Your return is not approved'}
      </Heading>
      <Text style={mailStyles.text}>{`Hello ${p.fName || 'there'},`}</Text>
      {p.decision === 'approved' ? (
        <>
          <Text style={mailStyles.text}>
            {`We have approved your return request #${p.returnId}${forOrder}.`}
          </Text>
          <Text style={mailStyles.text}>
            {p.refund
              ? `We are refunding ${p.refund} to the payment method you used. Refunds usually reach your account within ${BANK_REFUND_TIME}.`
              : 'No refund is due for this return.'}
          </Text>
          {p.note ? <Text style={{ ...mailStyles.text, whiteSpace: 'pre-wrap' }}>{p.note}</Text> : null}
        </>
      ) : (
        <>
          <Text style={mailStyles.text}>
            {`We are sorry: we cannot accept your return request #${p.returnId}${forOrder}.`}
          </Text>
          <Text style={mailStyles.text}>Reason:</Text>
          <Text style={{ ...mailStyles.text, whiteSpace: 'pre-wrap' }}>{p.reason}</Text>
        </>
      )}
      <Text style={mailStyles.muted}>
        {`Questions? Reply to this email or use the contact form at ${p.store.baseUrl}/contact-us.`}
      </Text>
    </MailLayout>
  );
}
