/**
 * The frame of every mail the store sends (issue 11): the store's name at the top, the message, and a footer
 * with the business's name, ABN and address (and, for marketing mail, the unsubscribe link the Spam Act asks
 * for). React Email components, so text is escaped by construction and the HTML holds up in mail clients.
 */
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';

/** Who the mail is from, as printed in it. */
export interface MailStore {
  name: string;
  /** As printed, e.g. '51 824 753 556'; '' when the store has not set it. */
  abn: string;
  /** One line; '' when not set. */
  address: string;
  /** The shop's public address without a trailing slash, for links, e.g. 'https://shop.example.com.au'. */
  baseUrl: string;
}

export const mailStyles = {
  body: {
    backgroundColor: '#f3f4f6',
    fontFamily: 'Arial, Helvetica, sans-serif',
    color: '#111827',
    margin: 0,
  },
  container: { backgroundColor: '#ffffff', maxWidth: '600px', margin: '0 auto', padding: '24px' },
  brand: { fontSize: '20px', fontWeight: 700, color: '#c8102e', margin: '0 0 16px' },
  heading: { fontSize: '22px', fontWeight: 700, margin: '0 0 12px' },
  text: { fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' },
  muted: { fontSize: '12px', lineHeight: '18px', color: '#4b5563', margin: '0 0 6px' },
  button: {
    backgroundColor: '#c8102e',
    color: '#ffffff',
    padding: '12px 20px',
    borderRadius: '6px',
    fontWeight: 700,
    textDecoration: 'none',
    display: 'inline-block',
  },
} as const;

export interface MailLayoutProps {
  store: MailStore;
  /** The line mail clients show after the subject. */
  preview: string;
  children: ReactNode;
  /** Marketing mail only: the one-click unsubscribe link. */
  unsubscribeUrl?: string;
}

/** The page around a mail's content. */
export function MailLayout({ store, preview, children, unsubscribeUrl }: MailLayoutProps) {
  return (
    <Html lang="en-AU">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={mailStyles.body}>
        <Container style={mailStyles.container}>
          <Text style={mailStyles.brand}>{store.name}</Text>
          {children}
          <Hr />
          <Section>
            <Text style={mailStyles.muted}>
              {store.name}
              {store.abn ? ` · ABN ${store.abn}` : ''}
            </Text>
            {store.address ? <Text style={mailStyles.muted}>{store.address}</Text> : null}
            <Text style={mailStyles.muted}>
              <Link href={store.baseUrl}>{store.baseUrl.replace(/^https?:\/\//, '')}</Link>
            </Text>
            {unsubscribeUrl ? (
              <Text style={mailStyles.muted}>
                You get this email because you subscribed to our newsletter.{' '}
                <Link href={unsubscribeUrl}>Unsubscribe</Link> with one click.
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
