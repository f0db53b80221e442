import { Link } from 'react-router';
import { STORE_CONTACT } from '@/features/store/store-contact';
import { useShownStoreName } from '../hooks/use-shown-store-name';
import { PolicyPage, PolicySection } from './policy-page';

/**
 * /about-us (SPEC §1): who the store is (its configured name), what it sells, and its marketing claims as
 * the SPEC states them (free delivery on orders over $100, premium warranty of up to 2 years, 10% off for
 * members and newsletter subscribers), where it is (the footer's Guildford NSW) and how to reach it.
 */
export function AboutUsPage() {
  const name = useShownStoreName();
  return (
    <PolicyPage
      title="About Us"
      description="An Australian online store for car parts, tools and accessories: batteries, headlights, wheel and lock nuts, covers and tie-downs, with free delivery on orders over $100."
      lead={
        <>
          Welcome to {name}: an Australian online store for car parts, tools and accessories, serving retail
          and business customers across Australia.
        </>
      }
    >
      <PolicySection title="What we sell">
        <p>We stock the parts and gear that keep Australian vehicles on the road:</p>
        <ul>
          <li>Car, 4WD and deep cycle batteries, jump starters and chargers</li>
          <li>Headlight globes, LED conversion kits, torches and work lights</li>
          <li>Wheel nuts, locking wheel nuts and wheel studs</li>
          <li>Tools, from socket sets to jacks and diagnostic tools</li>
          <li>Car covers, trailer tie-downs, accessories and car care</li>
        </ul>
        <p>
          Browse the <Link to="/shop?page=1">whole range</Link> or shop <Link to="/brands">by brand</Link>.
        </p>
      </PolicySection>

      <PolicySection title="Why shop with us">
        <ul>
          <li>
            <strong>Free delivery</strong> on orders over $100.
          </li>
          <li>
            <strong>Premium warranty</strong> of up to 2 years on many products: read our{' '}
            <Link to="/warranty">warranty against defects</Link>.
          </li>
          <li>
            <strong>Members get 10% off</strong>: <Link to="/signup">create an account</Link>.
          </li>
          <li>
            <strong>Newsletter subscribers get 10% off</strong>: sign up at the bottom of any page.
          </li>
          <li>
            <strong>Real help</strong>: we reply to every message within 24 hours.
          </li>
        </ul>
      </PolicySection>

      <PolicySection title="Where we are">
        <p>
          We are based in {STORE_CONTACT.locality} and ship across Australia with Australia Post, Aramex and
          CouriersPlease. Our customer service team is available {STORE_CONTACT.hours}.
        </p>
        <p>
          Questions about a part or an order? <Link to="/contact-us">Contact us</Link>, or read our{' '}
          <Link to="/faqs">FAQs</Link>.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}
