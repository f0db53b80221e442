import { categoryPath } from '@store/shared/paths';
import { useId } from 'react';
import { Link } from 'react-router';
import { useCategories } from '@/features/catalog/api/get-categories';
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form';
import { SocialLinks } from '@/components/social-links';
import { usePriceDisplay } from '@/hooks/use-price-display';
import { useStoreContact } from '@/lib/store-contact';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from './icons';
import { FOOTER_COLUMNS, type NavLink } from './nav-links';

/** SPEC §2 Footer: 'Trending Category' lists categories 2 to 7 of the server's list. */
export const TRENDING_CATEGORY_RANGE = [1, 7] as const;

function LinkColumn({ title, links }: { title: string; links: readonly NavLink[] }) {
  const headingId = useId();
  return (
    <div className="footer-links__column">
      <h2 id={headingId} className="footer-links__title">
        {title}
      </h2>
      <ul className="footer-links__list" role="list" aria-labelledby={headingId}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="footer-links__link">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function TrendingCategories() {
  const categories = useCategories();
  const headingId = useId();
  return (
    <div className="footer-links__column">
      <h2 id={headingId} className="footer-links__title">
        Trending Category
      </h2>
      {categories.isPending ? (
        <p className="footer-links__note">Loading…</p>
      ) : categories.isError ? (
        <p className="footer-links__note">Error loading categories and brands: {categories.error.message}</p>
      ) : (
        <ul className="footer-links__list" role="list" aria-labelledby={headingId}>
          {categories.data.slice(...TRENDING_CATEGORY_RANGE).map((category) => (
            <li key={category.id}>
              <Link to={categoryPath(category.sku)} className="footer-links__link">
                {category.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The store's address, phone, sales email and hours as set in the back office (issue 36 §5); a detail not set is
 * left out, and nothing is shown until the store config has answered (server-rendered pages always have it).
 */
function StoreContactLines() {
  const contact = useStoreContact();
  if (!contact) return null;
  return (
    <address className="footer-store__contact">
      {contact.address && (
        <p>
          <PinIcon />
          <span>{contact.address}</span>
        </p>
      )}
      {contact.phone && (
        <p>
          <PhoneIcon />
          <a href={contact.phoneHref}>{contact.phone}</a>
        </p>
      )}
      {contact.email && (
        <p>
          <MailIcon />
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </p>
      )}
      <p>
        <ClockIcon />
        <span>
          {contact.hoursSummary}
          {contact.hours.note && `. ${contact.hours.note}`}
        </span>
      </p>
    </address>
  );
}

function StoreInfo({ storeName, settled }: { storeName: string; settled: boolean }) {
  return (
    <div className="footer-store">
      {settled ? (
        <p className="footer-store__name">{storeName}</p>
      ) : (
        <p className="footer-store__name skeleton skeleton--name" aria-hidden="true" />
      )}
      <p className="footer-store__blurb">
        Batteries, lighting, wheel nuts, tools and accessories for Australian drivers, shipped from our Sydney
        warehouse.
      </p>
      <StoreContactLines />
      <SocialLinks storeName={storeName} />
    </div>
  );
}

/**
 * SPEC §2 Footer: the newsletter form, store information and social icons, link columns, the Trending
 * Category list, a credit line and the accepted payment cards.
 */
export function SiteFooter({ storeName, settled }: { storeName: string; settled: boolean }) {
  const prices = usePriceDisplay();
  // Issue 18: say what the prices shown include.
  const pricesNote =
    prices.display === 'inc_gst' && prices.gstPercent > 0
      ? 'All prices in AUD and include GST; delivery is added at checkout.'
      : 'All prices in AUD; GST and delivery are added at checkout.';
  return (
    <footer className="site-footer">
      <div className="site-footer__newsletter">
        <div className="container">
          <NewsletterForm />
        </div>
      </div>
      <div className="container site-footer__main">
        <StoreInfo storeName={storeName} settled={settled} />
        <nav className="footer-links" aria-label="Footer">
          {FOOTER_COLUMNS.map((column) => (
            <LinkColumn key={column.title} title={column.title} links={column.links} />
          ))}
          <TrendingCategories />
        </nav>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p className="site-footer__credit">
            © {new Date().getFullYear()}
            {settled && ` ${storeName}`}. All rights reserved. {pricesNote}
          </p>
          <img
            className="site-footer__cards"
            src="/images/payment-cards.svg"
            alt="We accept Visa, Mastercard, American Express and PayPal"
            width="232"
            height="32"
            loading="lazy"
          />
        </div>
      </div>
    </footer>
  );
}
