/**
 * The store's own notice of a new paid order (issue 36 §4, decision 0054), to its sales address: the order
 * number, who and where to, the line items and the total, and a link to the order in the back office.
 */
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Heading } from '@react-email/heading';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { MailLayout, mailStyles, type MailStore } from './mail-layout';

export interface NewOrderStoreMailProps {
  store: MailStore;
  invoiceNumber: string;
  customer: string;
  email: string;
  shipTo: string;
  /** The total charged as printed, e.g. '$70.40'. */
  total: string;
  /** How it was paid, named as the customer sees it ('Card', 'Afterpay', 'PayPal', 'On account'; `paymentMethodName`). */
  paymentMethod: string;
  lines: readonly { sku: string; title: string; quantity: number }[];
  comment: string;
  /** The order's back-office page, absolute. */
  adminUrl: string;
}

/** "New order INV-001001 ($70.40)". */
export function newOrderStoreSubject(invoiceNumber: string, total: string): string {
  return `New order ${invoiceNumber} (${total})`;
}

const cell = { fontSize: '14px', lineHeight: '20px', padding: '4px', verticalAlign: 'top' } as const;

export function NewOrderStoreMail(p: NewOrderStoreMailProps) {
  return (
    <MailLayout store={p.store} preview={newOrderStoreSubject(p.invoiceNumber, p.total)}>
      <Heading as="h1" style={mailStyles.heading}>
        New order {p.invoiceNumber}
      </Heading>
      <Text style={mailStyles.text}>
        {`${p.customer} (${p.email}) ordered ${p.total}. Payment: ${p.paymentMethod}.`}
      </Text>
      <Text style={mailStyles.text}>{`Ship to: ${p.shipTo}`}</Text>
      <Section>
        <Row>
          <Column style={{ ...cell, fontWeight: 700 }}>SKU</Column>
          <Column style={{ ...cell, fontWeight: 700 }}>Item</Column>
          <Column style={{ ...cell, fontWeight: 700, textAlign: 'right' }}>Qty</Column>
        </Row>
        {p.lines.map((l) => (
          <Row key={l.sku}>
            <Column style={cell}>{l.sku}</Column>
            <Column style={cell}>{l.title}</Column>
            <Column style={{ ...cell, textAlign: 'right' }}>{l.quantity}</Column>
          </Row>
        ))}
      </Section>
      {p.comment ? (
        <Text style={{ ...mailStyles.text, whiteSpace: 'pre-wrap' }}>{`Customer's note: ${p.comment}`}</Text>
      ) : null}
      <Button href={p.adminUrl} style={mailStyles.button}>
        Open the order
      </Button>
      <Text style={mailStyles.muted}>{`Order in the back office: ${p.adminUrl}`}</Text>
    </MailLayout>
  );
}
