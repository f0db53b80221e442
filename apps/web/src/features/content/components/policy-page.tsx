import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { useMetaDescription } from '@/hooks/use-meta-description';
import { usePageTitle } from '@/hooks/use-page-title';
import { useStoreContact } from '@/lib/store-contact';
import './policy-page.css';

export interface PolicyPageProps {
  /** The page's heading and its part of the document title. */
  title: string;
  /** The page's meta description. */
  description: string;
  /** A short summary under the heading. */
  lead: ReactNode;
  children: ReactNode;
}

/**
 * The layout of the store's content pages (SPEC §1 static pages, §9 policy texts): breadcrumbs, the heading
 * and a lead, the text at a readable width, and a help box beside it (below it on phones) with the ways to
 * contact the store, return an item or track an order. Sets the page's title and meta description.
 */
export function PolicyPage({ title, description, lead, children }: PolicyPageProps) {
  usePageTitle(title);
  useMetaDescription(description);
  const headingId = useId();
  return (
    <div className="container page content-page">
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: title }]} />
      <div className="content-page__layout">
        <article className="content-page__article" aria-labelledby={headingId}>
          <header className="content-page__header">
            <h1 id={headingId} className="content-page__title">
              {title}
            </h1>
            <p className="content-page__lead">{lead}</p>
          </header>
          {children}
        </article>
        <HelpBox />
      </div>
    </div>
  );
}

/** A titled part of a content page (an h2 and its text). */
export function PolicySection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="content-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="content-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export interface PolicyFact {
  term: string;
  detail: ReactNode;
}

/** The numbers of a policy at a glance, as a list of terms and their values (SPEC §9). */
export function PolicyFacts({ facts }: { facts: readonly PolicyFact[] }) {
  return (
    <dl className="content-facts">
      {facts.map((fact) => (
        <div key={fact.term} className="content-facts__item">
          <dt>{fact.term}</dt>
          <dd>{fact.detail}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The content pages' help box: contact (SPEC §9: a reply within 24 hours), returns and order tracking. */
function HelpBox() {
  const headingId = useId();
  const contact = useStoreContact();
  return (
    <aside className="content-help" aria-labelledby={headingId}>
      <h2 id={headingId} className="content-help__title">
        Need help?
      </h2>
      <p>Our team replies to every message within 24 hours.</p>
      {contact && <p className="content-help__hours">Customer service: {contact.hoursSummary}</p>}
      <Link className="button content-help__button" to="/contact-us">
        Contact us
      </Link>
      <ul className="content-help__links" role="list">
        <li>
          <Link to="/return-order">Return an order</Link>
        </li>
        <li>
          <Link to="/guest-track-order">Track an order</Link>
        </li>
        <li>
          <Link to="/faqs">Read the FAQs</Link>
        </li>
      </ul>
    </aside>
  );
}
