/** A part enquiry from a search that found nothing, mailed to the store's sales address (issue 37 §4). */
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import type { PartEnquiryRequest } from '@store/shared/customer-service';
import { MailLayout, mailStyles, type MailStore } from './mail-layout';

export interface PartEnquiryMailProps {
  store: MailStore;
  enquiry: PartEnquiryRequest;
  /** 'guest' or 'member #12'. */
  sender: string;
  /** 'Part enquiry: DB1170' (customer-service.ts `partEnquirySubject`). */
  subject: string;
}

export function PartEnquiryMail({ store, enquiry, sender, subject }: PartEnquiryMailProps) {
  return (
    <MailLayout store={store} preview={subject}>
      <Heading as="h1" style={mailStyles.heading}>
        A shopper is looking for a part
      </Heading>
      <Text style={mailStyles.text}>
        Part: <strong>{enquiry.part_number}</strong>
        <br />
        Vehicle: {enquiry.vehicle || 'not given'}
        {enquiry.query ? (
          <>
            <br />
            Searched the shop for “{enquiry.query}” and found nothing.
          </>
        ) : null}
      </Text>
      <Text style={mailStyles.text}>
        From: {enquiry.name} ({sender}) · {enquiry.email}
        {enquiry.phone ? ` · ${enquiry.phone}` : ''}
      </Text>
      {enquiry.message ? (
        <Text style={{ ...mailStyles.text, whiteSpace: 'pre-wrap' }}>{enquiry.message}</Text>
      ) : null}
      <Text style={mailStyles.muted}>
        Reply to this email to answer the shopper. The store promises a reply within 24 hours.
      </Text>
    </MailLayout>
  );
}
