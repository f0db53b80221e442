import type { ReactNode } from 'react';
import { openingHoursGroups } from '@store/shared/opening-hours';
import { useStoreContact, type StoreContact } from '@/lib/store-contact';
import './service-page.css';

/** The store's phone, email, hours (day by day, with the owner's note) and address, each only when set (issue 36 §5). */
function ContactDetails({ contact }: { contact: StoreContact }) {
  const [local, domain] = contact.email.split('@');
  return (
    <dl className="service-page__contact">
      {contact.phone && (
        <>
          <dt>Phone</dt>
          <dd>
            <a href={contact.phoneHref}>{contact.phone}</a>
          </dd>
        </>
      )}
      {contact.email && (
        <>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${contact.email}`}>
              {/* A narrow column breaks the address after its @, not inside a word. */}
              {local}@<wbr />
              {domain}
            </a>
          </dd>
        </>
      )}
      <dt>Hours</dt>
      <dd>
        <ul className="service-page__hours" role="list">
          {openingHoursGroups(contact.hours).map((g) => (
            <li key={g.days}>
              {g.days}: {g.hours}
            </li>
          ))}
        </ul>
        {contact.hours.note && <p className="service-page__hours-note">{contact.hours.note}</p>}
      </dd>
      {contact.address && (
        <>
          <dt>Address</dt>
          <dd>{contact.address}</dd>
        </>
      )}
    </dl>
  );
}

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
  const contact = useStoreContact();
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
        {contact && <ContactDetails contact={contact} />}
      </aside>
    </div>
  );
}
