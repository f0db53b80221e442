import {
  CARRIER_LIST,
  deliveryRuleSentence,
  freeDeliveryText,
  returnsHeadline,
  returnWindowText,
} from '@store/shared/store-promises';
import { Link } from 'react-router';
import { useDeliverySettings } from '@/hooks/use-delivery-settings';
import { useStorePromises } from '@/hooks/use-store-promises';
import { useStoreContact } from '@/lib/store-contact';
import { useShownStoreName } from '../hooks/use-shown-store-name';
import { PolicyPage, PolicySection } from './policy-page';

/**
 * /about-us (SPEC §1): who the store is (its configured name), what it sells, and its marketing claims
 * (free delivery and the returns window from the store's settings, in the words of the store's promises, issue
 * 34 §3 and decision 0045; premium warranty of up to 2 years, 10% off for members and newsletter subscribers),
 * where it is (the store's address and hours as set in the back office, issue 36 §5), who carries its parcels and how to reach it.
 */
export function AboutUsPage() {
  const name = useShownStoreName();
  const delivery = useDeliverySettings();
  const promises = useStorePromises();
  const contact = useStoreContact();
  return (
    <PolicyPage
      title="About Us"
      description={`An Australian online store for car parts, tools and accessories: batteries, headlights, wheel and lock nuts, covers and tie-downs, delivered Australia-wide.${delivery ? ` ${freeDeliveryText(delivery)}.` : ''}`}
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
          {delivery && (
            <li>
              {/* deliveryRuleSentence, its offer in bold. */}
              <strong>{freeDeliveryText(delivery)}</strong>
              {deliveryRuleSentence(delivery).slice(freeDeliveryText(delivery).length)} Read our{' '}
              <Link to="/shipping-policy">shipping policy</Link>.
            </li>
          )}
          {promises && (
            <li>
              <strong>{returnsHeadline(promises).title}</strong>: return an item {returnWindowText(promises)}{' '}
              for a full refund, with no restocking fee.
            </li>
          )}
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
          {contact?.address ? `Our address is ${contact.address}. We` : 'We'} ship across Australia with{' '}
          {CARRIER_LIST}.{contact && ` Our customer service team is available ${contact.hoursSummary}.`}
        </p>
        <p>
          Questions about a part or an order? <Link to="/contact-us">Contact us</Link>, or read our{' '}
          <Link to="/faqs">FAQs</Link>.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}
