/**
 * The shipping notice (issue 12): the order is on its way, with the carrier, tracking number and its link, and the
 * one delivery estimate (store-promises.ts, issue 34 §3).
 */
import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { shippedDeliveryEstimateSentence } from '@store/shared/store-promises';
import { MailLayout, mailStyles, type MailStore } from './mail-layout';

export interface ShippingNoticeMailProps {
  store: MailStore;
  fName: string;
  invoiceNumber: string;
  carrier: string;
  trackingNumber: string;
  /** The carrier's public tracking page for this parcel; null for a courier the store has no link for ("Other"). */
  carrierTrackingUrl: string | null;
  /** The store's own tracking page for the order. */
  orderUrl: string;
}

/** The subject line of a shipping notice. */
export function shippingNoticeSubject(storeName: string, invoiceNumber: string): string {
  return `Your ${storeName} order ${invoiceNumber} is on its way`;
}

export function ShippingNoticeMail(p: ShippingNoticeMailProps) {
  return (
    <MailLayout store={p.store} preview={shippingNoticeSubject(p.store.name, p.invoiceNumber)}>
      <Heading as="h1" style={mailStyles.heading}>
        Your order is on its way
      </Heading>
      <Text style={mailStyles.text}>{`Hello ${p.fName},`}</Text>
      <Text style={mailStyles.text}>
        {`Order ${p.invoiceNumber} has left our warehouse with ${p.carrier}. Your tracking number is ${p.trackingNumber}.`}
      </Text>
      <Text style={mailStyles.text}>{shippedDeliveryEstimateSentence(p.store.promises)}</Text>
      {p.carrierTrackingUrl ? (
        <>
          <Button href={p.carrierTrackingUrl} style={mailStyles.button}>
            {`Track with ${p.carrier}`}
          </Button>
          <Text style={mailStyles.text}>{`Tracking link: ${p.carrierTrackingUrl}`}</Text>
        </>
      ) : (
        <Text style={mailStyles.text}>{`Track it on ${p.carrier}'s website with the tracking number.`}</Text>
      )}
      <Text style={mailStyles.muted}>{`Your order at ${p.store.name}: ${p.orderUrl}`}</Text>
    </MailLayout>
  );
}
