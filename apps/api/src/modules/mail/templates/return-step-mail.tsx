/**
 * The mails of a return's steps (issue 36 §3), to the customer: approved (the return authorisation number and the
 * instructions: where to send, what to include, the window), received and inspected (what came back), replaced
 * (what is sent instead) and rejected (the reason). The refund step sends the refund notice (refund-notice-mail).
 */
import { returnInstructions } from '@store/shared/admin-returns';
import { returnRequestNumberText } from '@store/shared/shopper-returns';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { MailLayout, mailStyles, type MailStore } from './mail-layout';

interface Common {
  store: MailStore;
  fName: string;
  returnId: number;
  /** The linked order's number, when the request was linked to one. */
  invoiceNumber: string | null;
  /** 'RA-000123' once approved. */
  ra: string | null;
}

export type ReturnStepMailProps = Common &
  (
    | { step: 'approved'; note: string }
    | { step: 'received'; lines: readonly { title: string; quantity: number; condition: string }[] }
    | { step: 'replaced'; note: string }
    | { step: 'rejected'; reason: string }
  );

const SUBJECTS = {
  approved: 'is approved: how to send it back',
  received: 'has arrived',
  replaced: 'is being replaced',
  rejected: 'is not approved',
} as const;

/** "Brake Co: your return RA-000123 is approved: how to send it back". */
export function returnStepSubject(
  storeName: string,
  step: keyof typeof SUBJECTS,
  returnId: number,
  ra: string | null,
): string {
  return `${storeName}: your return ${ra ?? `request ${returnRequestNumberText(returnId)}`} ${SUBJECTS[step]}`;
}

const HEADINGS = {
  approved: 'Your return is approved',
  received: 'We have your return',
  replaced: 'Your replacement is on its way',
  rejected: 'Your return is not approved',
} as const;

const pre = { ...mailStyles.text, whiteSpace: 'pre-wrap' } as const;

export function ReturnStepMail(p: ReturnStepMailProps) {
  const subject = returnStepSubject(p.store.name, p.step, p.returnId, p.ra);
  const forOrder = p.invoiceNumber ? ` for order ${p.invoiceNumber}` : '';
  const name = p.ra ?? returnRequestNumberText(p.returnId);
  return (
    <MailLayout store={p.store} preview={subject}>
      <Heading as="h1" style={mailStyles.heading}>
        {HEADINGS[p.step]}
      </Heading>
      <Text style={mailStyles.text}>{`Hello ${p.fName || 'there'},`}</Text>
      {p.step === 'approved' ? (
        <>
          <Text style={mailStyles.text}>
            {`We have approved your return request ${returnRequestNumberText(p.returnId)}${forOrder}. Your return authorisation number is ${p.ra ?? ''}.`}
          </Text>
          <Text style={mailStyles.text}>How to send it back:</Text>
          {returnInstructions(p.ra ?? '', p.store.address, p.store.promises).map((line, i) => (
            <Text key={i} style={mailStyles.text}>{`${i + 1}. ${line}`}</Text>
          ))}
          <Text style={mailStyles.text}>
            We will email you when the parcel arrives, and again once we have refunded or replaced the items.
          </Text>
          {p.note ? <Text style={pre}>{p.note}</Text> : null}
        </>
      ) : p.step === 'received' ? (
        <>
          <Text style={mailStyles.text}>
            {`Your return ${name}${forOrder} has arrived and we have inspected it:`}
          </Text>
          {p.lines.map((l, i) => (
            <Text key={i} style={mailStyles.text}>{`${l.quantity} × ${l.title}: ${l.condition}`}</Text>
          ))}
          <Text style={mailStyles.text}>
            We will email you again once we have refunded or replaced the items.
          </Text>
        </>
      ) : p.step === 'replaced' ? (
        <>
          <Text style={mailStyles.text}>
            {`We are replacing the items of your return ${name}${forOrder}.`}
          </Text>
          <Text style={pre}>{p.note}</Text>
        </>
      ) : (
        <>
          <Text style={mailStyles.text}>
            {`We are sorry: we cannot accept your return ${name}${forOrder}.`}
          </Text>
          <Text style={mailStyles.text}>Reason:</Text>
          <Text style={pre}>{p.reason}</Text>
        </>
      )}
      <Text style={mailStyles.muted}>
        {`Questions? Reply to this email or use the contact form at ${p.store.baseUrl}/contact-us.`}
      </Text>
    </MailLayout>
  );
}
