/**
 * The newsletter's confirmation mail (issue 11; Spam Act 2003): says what the reader signed up for, when and
 * where, and carries the one-click unsubscribe link every later newsletter carries too.
 */
import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { newsletterCodeText } from '@store/shared/discount-codes';
import { MailLayout, mailStyles, type MailStore } from './mail-layout';

export interface NewsletterWelcomeMailProps {
  store: MailStore;
  /** The shop page the form was on, e.g. '/cart'. */
  where: string;
  /** When, as shown, e.g. '25/11/2026 2:14 pm AEDT'. */
  when: string;
  unsubscribeUrl: string;
  shopUrl: string;
  /** The subscriber's single-use code for 10% off their first order (issue 34 §5). */
  discountCode?: string;
}

export function NewsletterWelcomeMail({
  store,
  where,
  when,
  unsubscribeUrl,
  shopUrl,
  discountCode,
}: NewsletterWelcomeMailProps) {
  return (
    <MailLayout store={store} preview={`You're subscribed to ${store.name}`} unsubscribeUrl={unsubscribeUrl}>
      <Heading as="h1" style={mailStyles.heading}>
        You're subscribed
      </Heading>
      <Text style={mailStyles.text}>
        Thanks for subscribing to the {store.name} newsletter. You'll hear about new parts, deals and
        subscriber-only offers.
      </Text>
      {discountCode ? (
        <Text style={mailStyles.text}>
          <strong>{newsletterCodeText(discountCode)}</strong>
        </Text>
      ) : null}
      <Text style={mailStyles.text}>
        You subscribed on {when} using the form on {where}. If that wasn't you, unsubscribe below and we won't
        write again.
      </Text>
      <Button href={shopUrl} style={mailStyles.button}>
        Visit the shop
      </Button>
    </MailLayout>
  );
}
