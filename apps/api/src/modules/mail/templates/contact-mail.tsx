/** A contact-form message, mailed to the store's sales address (SPEC §2 /contact-us; issue 11). */
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import type { ContactRequest } from '@store/shared/customer-service';
import { MailLayout, mailStyles, type MailStore } from './mail-layout';

export interface ContactMailProps {
  store: MailStore;
  contact: ContactRequest;
  /** 'guest' or 'member #12'. */
  sender: string;
}

export function ContactMail({ store, contact, sender }: ContactMailProps) {
  return (
    <MailLayout store={store} preview={`Contact form: ${contact.subject}`}>
      <Heading as="h1" style={mailStyles.heading}>
        New message from the contact form
      </Heading>
      <Text style={mailStyles.text}>
        From: {contact.f_name} {contact.l_name} ({sender}) · {contact.email}
        {contact.phone ? ` · ${contact.phone}` : ''}
      </Text>
      <Text style={mailStyles.text}>Subject: {contact.subject}</Text>
      <Text style={{ ...mailStyles.text, whiteSpace: 'pre-wrap' }}>{contact.message}</Text>
      <Text style={mailStyles.muted}>
        Reply to this email to answer the customer. The store promises a reply within 24 hours.
      </Text>
    </MailLayout>
  );
}
