import type { ReactNode } from 'react';
import { STORE_CONTACT } from '@/lib/store-contact';
import './service-page.css';

/**
 * The frame of /contact-us and /return-order: the heading and lead, the form in a card, and beside it
 * (below it on a phone) the other ways to reach the store.
 */
export function ServicePage({
  title,
  lead,
  children,
}: {
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  const [local, domain] = STORE_CONTACT.salesEmail.split('@');
  return (
    <div className="container page service-page">
      <div className="service-page__intro">
        <h1 className="service-page__title">{title}</h1>
        <div className="service-page__lead">{lead}</div>
      </div>
      <div className="checkout-card service-page__card">{children}</div>
      <aside className="service-page__aside" aria-labelledby="service-page-reach">
        <h2 id="service-page-reach" className="service-page__aside-title">
          Other ways to reach us
        </h2>
        <dl className="service-page__contact">
          <dt>Phone</dt>
          <dd>
            <a href={STORE_CONTACT.phoneHref}>{STORE_CONTACT.phone}</a>
          </dd>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${STORE_CONTACT.salesEmail}`}>
              {/* A narrow column breaks the address after its @, not inside a word. */}
              {local}@<wbr />
              {domain}
            </a>
          </dd>
          <dt>Hours</dt>
          <dd>{STORE_CONTACT.hours}</dd>
          <dt>Address</dt>
          <dd>
            {STORE_CONTACT.streetAddress}, {STORE_CONTACT.locality}
          </dd>
        </dl>
      </aside>
    </div>
  );
}
