/**
 * The frame of every mail the store sends (issue 11): the store's name on the shop's navy bar at the top, the
 * message, and a footer with the business's name, ABN and address (and, for marketing mail, the unsubscribe link
 * the Spam Act asks for). React Email components, so text is escaped by construction and the HTML holds up in mail
 * clients. The colours are the shop's own (`BRAND_COLOURS`, the web app's source too, issue 37 §3), inline because
 * mail clients read no stylesheet variables; the layout is one column that reads at 390 px first.
 */
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { BRAND_COLOURS as C } from '@store/shared/brand-colours';
import type { StorePromises } from '@store/shared/store-promises';

/** Who the mail is from, as printed in it. */
export interface MailStore {
  name: string;
  /** As printed, e.g. '51 824 753 556'; '' when the store has not set it. */
  abn: string;
  /** One line; '' when not set. */
  address: string;
  /** The shop's public address without a trailing slash, for links, e.g. 'https://shop.example.com.au'. */
  baseUrl: string;
  /**
   * The store's promises as set in the back office (issue 36 §5): the order and shipping mails word the delivery
   * estimate and returns window from these (mail-store.ts reads them with the rest).
   */
  promises: StorePromises;
}

export const mailStyles = {
  body: {
    backgroundColor: C.page,
    fontFamily: 'Arial, Helvetica, sans-serif',
    color: C.ink,
    margin: 0,
    padding: '12px 0',
  },
  container: {
    backgroundColor: C.surface,
    maxWidth: '600px',
    margin: '0 auto',
    border: `1px solid ${C.line}`,
    borderRadius: '10px',
    overflow: 'hidden',
  },
  /** The shop's navy bar with its name, as the web shop's header. */
  masthead: { backgroundColor: C.brand, padding: '16px 20px', borderBottom: `4px solid ${C.accent}` },
  brand: { fontSize: '20px', lineHeight: '24px', fontWeight: 700, color: C.surface, margin: 0 },
  content: { padding: '20px' },
  heading: { fontSize: '22px', lineHeight: '28px', fontWeight: 700, color: C.brand, margin: '0 0 12px' },
  subheading: { fontSize: '16px', lineHeight: '22px', fontWeight: 700, color: C.brand, margin: '20px 0 8px' },
  text: { fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' },
  muted: { fontSize: '12px', lineHeight: '18px', color: C.inkMuted, margin: '0 0 6px' },
  link: { color: C.accentInk, textDecoration: 'underline' },
  /** The site's button: white on the darker orange (above 4.5:1). */
  button: {
    backgroundColor: C.accentInk,
    color: C.surface,
    padding: '12px 20px',
    borderRadius: '6px',
    fontWeight: 700,
    textDecoration: 'none',
    display: 'inline-block',
  },
  footer: { padding: '16px 20px', backgroundColor: C.page, borderTop: `1px solid ${C.line}` },
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
      <Head>
        {/* Phone mail apps that show the HTML as a web page lay it out at the phone's width, not a desktop's 980 px. */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={mailStyles.body}>
        <Container style={mailStyles.container}>
          <Section style={mailStyles.masthead}>
            <Text style={mailStyles.brand}>{store.name}</Text>
          </Section>
          <Section style={mailStyles.content}>{children}</Section>
          <Section style={mailStyles.footer}>
            <Text style={mailStyles.muted}>
              {store.name}
              {store.abn ? ` · ABN ${store.abn}` : ''}
            </Text>
            {store.address ? <Text style={mailStyles.muted}>{store.address}</Text> : null}
            <Text style={mailStyles.muted}>
              <Link href={store.baseUrl} style={mailStyles.link}>
                {store.baseUrl.replace(/^https?:\/\//, '')}
              </Link>
            </Text>
            {unsubscribeUrl ? (
              <Text style={mailStyles.muted}>
                You get this email because you subscribed to our newsletter.{' '}
                <Link href={unsubscribeUrl} style={mailStyles.link}>
                  Unsubscribe
                </Link>{' '}
                with one click.
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
