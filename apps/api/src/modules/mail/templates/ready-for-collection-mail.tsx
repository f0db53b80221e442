/**
 * Click & collect's "ready to collect" mail (issue 41 §2): where (the location's name, address and opening hours)
 * and what to bring (the order number and photo ID).
 */
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { COLLECT_BRING, readyForCollectionSubject } from '@store/shared/click-and-collect';
import { MailLayout, mailStyles, type MailStore } from './mail-layout';

export interface ReadyForCollectionMailProps {
  store: MailStore;
  fName: string;
  invoiceNumber: string;
  locationName: string;
  /** One line: street, suburb, state and postcode. */
  address: string;
  /** The location's opening hours, one line ("Mon–Fri 8 AM – 5 PM; Sat 8 AM – 12 PM"). */
  hours: string;
  phone: string;
  /** The store's own tracking page for the order. */
  orderUrl: string;
}

export function ReadyForCollectionMail(p: ReadyForCollectionMailProps) {
  return (
    <MailLayout store={p.store} preview={readyForCollectionSubject(p.store.name, p.invoiceNumber)}>
      <Heading as="h1" style={mailStyles.heading}>
        Your order is ready to collect
      </Heading>
      <Text style={mailStyles.text}>{`Hello ${p.fName},`}</Text>
      <Text
        style={mailStyles.text}
      >{`Order ${p.invoiceNumber} is waiting for you at ${p.locationName}.`}</Text>
      <Text style={mailStyles.text}>{`Address: ${p.address}`}</Text>
      <Text style={mailStyles.text}>{`Opening hours: ${p.hours}`}</Text>
      {p.phone ? <Text style={mailStyles.text}>{`Phone: ${p.phone}`}</Text> : null}
      <Text style={mailStyles.text}>{`Please bring ${COLLECT_BRING}.`}</Text>
      <Text style={mailStyles.muted}>{`Your order at ${p.store.name}: ${p.orderUrl}`}</Text>
    </MailLayout>
  );
}
