/**
 * Trade account mails (issue 39 §1, §4, §5): the application received, approved (with the price lists, credit
 * limit and terms) or declined (with the reason), a user added, and the monthly statement. One layout: a heading,
 * paragraphs, and a link to the trade account page.
 */
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { MailLayout, mailStyles, type MailStore } from './mail-layout';

export interface TradeAccountMailProps {
  store: MailStore;
  heading: string;
  paragraphs: readonly string[];
  /** Path under the store's address, e.g. /my-account/trade. */
  linkPath: string;
  linkText: string;
}

export function TradeAccountMail({ store, heading, paragraphs, linkPath, linkText }: TradeAccountMailProps) {
  return (
    <MailLayout store={store} preview={heading}>
      <Heading as="h1" style={mailStyles.heading}>
        {heading}
      </Heading>
      {paragraphs.map((p, i) => (
        <Text key={i} style={mailStyles.text}>
          {p}
        </Text>
      ))}
      <Text style={mailStyles.text}>
        <Link href={`${store.baseUrl}${linkPath}`}>{linkText}</Link>
      </Text>
    </MailLayout>
  );
}
